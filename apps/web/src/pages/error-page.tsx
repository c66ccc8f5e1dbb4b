import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './error-page.module.css';

/** A page of its own outside the shell: one message, centred, with what to do next. */
export function MessagePage(props: Pick<ResultProps, 'status' | 'title' | 'subTitle' | 'extra'>) {
  return (
    <main className={styles.page}>
      <Result {...props} />
    </main>
  );
}

/** The /404 and /401 pages: the code, what it means, and a way back to the dashboard. */
function ErrorPage({ code }: { code: '404' | '401' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      status={code === '404' ? '404' : '403'}
      title={code}
      subTitle={t(code === '404' ? 'errorPage.notFound' : 'errorPage.unauthorized')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('errorPage.backToDashboard')}
        </Button>
      }
    />
  );
}

export const NotFoundPage = () => <ErrorPage code="404" />;
export const UnauthorizedPage = () => <ErrorPage code="401" />;
