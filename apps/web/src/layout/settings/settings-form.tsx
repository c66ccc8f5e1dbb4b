import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Switch } from 'antd';
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
