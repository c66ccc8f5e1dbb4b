import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './error-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <Result
        status="404"
        title="404"
        subTitle={t('errorPage.notFound')}
        extra={<Link to="/">{t('errorPage.backToDashboard')}</Link>}
      />
    </main>
  );
}
