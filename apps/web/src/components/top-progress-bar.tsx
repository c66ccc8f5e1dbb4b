import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './top-progress-bar.module.css';

export function TopProgressBar() {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={t('app.loading')}
      data-testid="top-progress-bar"
      style={{ background: token.colorPrimary }}
    />
  );
}
