import { CheckOutlined, CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Drawer, Switch, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_PRESETS, type Settings, useSettingsStore } from '../../stores/settings-store';
import styles from './settings-panel.module.css';

type SwitchKey = Exclude<keyof Settings, 'theme'>;
const SWITCHES: {
  key: SwitchKey;
  label: 'settings.tagsView' | 'settings.fixedHeader' | 'settings.sidebarLogo';
}[] = [
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
];

/** Checklist ST-3, TH-1: 'Theme Color' (presets and a custom colour), then the three switches. */
export function SettingsForm() {
  const { t } = useTranslation();
  const settings = useSettingsStore();
  const changeSetting = useSettingsStore((state) => state.changeSetting);
  return (
    <div className={styles.form}>
      <div className={styles.row}>
        <span>{t('settings.theme')}</span>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.theme'), colors: [...THEME_PRESETS] }]}
          onChangeComplete={(color) => changeSetting('theme', color.toHexString())}
        />
      </div>
      <div className={styles.swatches}>
        {THEME_PRESETS.map((color) => (
          <button
            key={color}
            type="button"
            className={styles.swatch}
            style={{ background: color }}
            aria-label={color}
            aria-pressed={settings.theme.toLowerCase() === color.toLowerCase()}
            data-testid={`theme-preset-${color}`}
            onClick={() => changeSetting('theme', color)}
          >
            {settings.theme.toLowerCase() === color.toLowerCase() && <CheckOutlined />}
          </button>
        ))}
      </div>
      {SWITCHES.map(({ key, label }) => (
        <label key={key} className={styles.row}>
          <span>{t(label)}</span>
          <Switch
            checked={settings[key]}
            onChange={(checked) => changeSetting(key, checked)}
            data-testid={`setting-${key}`}
          />
        </label>
      ))}
    </div>
  );
}

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
        <SettingsForm />
      </Drawer>
    </>
  );
}
