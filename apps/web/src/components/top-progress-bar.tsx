import { useTranslation } from 'react-i18next';
import { appliedPrimary } from '../app/theme-colors';
import { useSettingsStore } from '../stores/settings-store';
import styles from './top-progress-bar.module.css';

/** In the theme colour as antd applies it, without antd: it shows before antd has loaded. */
export function TopProgressBar() {
  const preset = useSettingsStore((state) => state.theme);
  const { t } = useTranslation();
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={t('app.loading')}
      data-testid="top-progress-bar"
      style={{ background: appliedPrimary(preset) }}
    />
  );
}
