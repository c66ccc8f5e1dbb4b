import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useErrorLogStore } from '../stores/error-log-store';
import { NotFoundPage } from './error-page';

/** Error boundary of the root and layout routes: a failed page load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (notFound) return;
    const asError = error instanceof Error ? error : undefined;
    useErrorLogStore.getState().add({
      message: asError?.message ?? String(error),
      info: 'route error',
      stack: asError?.stack,
    });
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;
  return (
    <Result
      status="500"
      title={t('errorPage.failed')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
      }
    />
  );
}
