import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, theme } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './settings-panel.module.css';

// The form (antd's colour picker among it) loads when the panel first opens, not with the shell.
const SettingsForm = lazy(() =>
  import('./settings-form').then((module) => ({ default: module.SettingsForm })),
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
      <Drawer
        open={open}
        mask={{ closable: !clickNotClose }}
        placement="right"
        size={PANEL_WIDTH}
        title={t('settings.title')}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <Suspense fallback={null}>
          <SettingsForm />
        </Suspense>
      </Drawer>
    </>
  );
}
