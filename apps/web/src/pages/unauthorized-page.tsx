import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './error-page.module.css';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <Result
        status="403"
        title="401"
        subTitle={t('errorPage.unauthorized')}
        extra={<Link to="/">{t('errorPage.backToDashboard')}</Link>}
      />
    </main>
  );
}
