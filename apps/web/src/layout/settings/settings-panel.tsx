import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './settings-panel.module.css';

// The drawer and its form (antd's colour picker among it) load when the panel first opens, not
// with the shell (issue 11).
const SettingsDrawer = lazy(() =>
  import('./settings-drawer').then((module) => ({ default: module.SettingsDrawer })),
);

const PANEL_WIDTH = 260;
/** antd's drawers, dialogs and their masks start at z-index 1000 (zIndexPopupBase). */
const BELOW_OVERLAYS = 999;
const ABOVE_OVERLAYS = 1001;

/**
 * Checklist ST-4: the gear handle at top 250 px in the theme colour, toggling the panel. A click
 * outside the panel closes it unless `clickNotClose`.
 */
export function SettingsPanel({ clickNotClose = false }: { clickNotClose?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  // Kept once opened, so the drawer can play its closing animation.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    document.body.classList.toggle('showRightPanel', open);
    return () => document.body.classList.remove('showRightPanel');
  }, [open]);

  return (
    <>
      <Button
        type="primary"
        className={styles.handle}
        // The handle rides on the panel's left edge while it is open. Closed, it sits under
        // antd's overlay layer, so another drawer or dialog covers it instead of the reverse.
        style={{
          background: token.colorPrimary,
          right: open ? PANEL_WIDTH : 0,
          zIndex: open ? ABOVE_OVERLAYS : BELOW_OVERLAYS,
        }}
        icon={open ? <CloseOutlined /> : <SettingOutlined />}
        aria-label={open ? t('settings.close') : t('settings.open')}
        aria-expanded={open}
        data-testid="settings-handle"
        onClick={() => setOpen((value) => !value)}
      />
      {wanted && (
        <Suspense fallback={null}>
          <SettingsDrawer
            open={open}
            width={PANEL_WIDTH}
            clickNotClose={clickNotClose}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
