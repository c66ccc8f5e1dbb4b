import { useQuery } from '@tanstack/react-query';
import { App, Card, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { answerCallback, readCallback } from '../api/channel-callback';
import { usePick } from '../api/channel-connect';
import { CHANNELS_KEY } from '../api/channel-queries';
import { ConnectFailure } from '../components/connect-failure';
import { TargetPicker } from '../components/target-picker';
import { channelsUrl } from '../release-route';

/**
 * /authOpen, where a platform's consent page sends the user back: hands its answer to the server
 * once, then lists what the grant reaches to tick. The code and state leave the address at once,
 * so a reload does not replay them.
 */
export function AuthorizeChannelPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [answer] = useState(() => readCallback(location.search));
  const pick = usePick();

  useEffect(() => {
    if (location.search) void navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const targets = useQuery({
    queryKey: [...CHANNELS_KEY, 'callback', answer?.state],
    queryFn: () => (answer ? answerCallback(answer) : Promise.reject(new Error('no answer'))),
    enabled: answer !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  const body = () => {
    if (!answer) return <ConnectFailure reason={t('channels.authorize.noAnswer')} />;
    if (targets.isPending)
      return (
        <Spin>
          <Typography.Paragraph>{t('channels.authorize.reading')}</Typography.Paragraph>
        </Spin>
      );
    if (targets.isError) return <ConnectFailure reason={targets.error.message} />;
    if (pick.isError) return <ConnectFailure reason={pick.error.message} />;
    const { connectionId, platform } = targets.data;
    return (
      <TargetPicker
        answer={targets.data}
        busy={pick.isPending || pick.isSuccess}
        onPick={(externalIds) =>
          pick.mutate(
            { connectionId, externalIds },
            {
              onSuccess: ({ accounts }) => {
                void message.success(t('channels.connect.connected', { count: accounts.length }));
                void navigate(channelsUrl({ platform }));
              },
            },
          )
        }
      />
    );
  };

  return <Card title={t('route.authorizeChannel')}>{body()}</Card>;
}
