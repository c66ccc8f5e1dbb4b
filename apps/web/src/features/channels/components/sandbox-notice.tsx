import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Said plainly on the channels page when every platform runs on the local sandbox servers. */
export function SandboxNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      title={t('channels.sandbox.title')}
      description={t('channels.sandbox.description')}
      style={{ marginBottom: 16 }}
      data-testid="channels-sandbox"
    />
  );
}
