import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A failed load in place of its content, with a way to try again. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={<Button onClick={() => void onRetry()}>{t('app.retry')}</Button>}
    />
  );
}
