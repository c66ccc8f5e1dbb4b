import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { channelsUrl } from '../release-route';

/**
 * Why nothing was connected (consent denied, an expired or replayed answer, missing permissions,
 * a platform's refusal…), in the reader's language as the server words it, with the ways on.
 */
export function ConnectFailure({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="error"
      title={t('channels.authorize.failedTitle')}
      subTitle={<span role="alert">{reason}</span>}
      extra={[
        <Button key="again" type="primary" onClick={() => void navigate(channelsUrl({ connect: '' }))}>
          {t('channels.authorize.connectAgain')}
        </Button>,
        <Button key="back" onClick={() => void navigate(channelsUrl())}>
          {t('channels.authorize.toChannels')}
        </Button>,
      ]}
    />
  );
}
