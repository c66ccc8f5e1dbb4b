import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './error-page.module.css';

/** The /404 and /401 pages: the code, what it means, and a way back to the dashboard. */
function ErrorPage({ code }: { code: '404' | '401' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <Result
        status={code === '404' ? '404' : '403'}
        title={code}
        subTitle={t(code === '404' ? 'errorPage.notFound' : 'errorPage.unauthorized')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('errorPage.backToDashboard')}
          </Button>
        }
      />
    </main>
  );
}

export const NotFoundPage = () => <ErrorPage code="404" />;
export const UnauthorizedPage = () => <ErrorPage code="401" />;
