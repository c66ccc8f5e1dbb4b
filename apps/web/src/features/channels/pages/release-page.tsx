import { channelAccountIdQuerySchema } from '@postdeck/contract/channels';
import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { useChannelAccount } from '../api/channel-queries';
import { ReleasePanel } from '../components/release-panel';
import { channelsUrl } from '../release-route';
import { useChannelPermissions } from '../use-channel-permissions';

type ReleaseTitle = 'releaseYoutube' | 'releaseInstagram' | 'releaseGoogleAnalytics' | 'vkConnection';

export const ReleaseYoutubePage = () => <ReleasePage title="releaseYoutube" />;
export const ReleaseInstagramPage = () => <ReleasePage title="releaseInstagram" />;
export const ReleaseGoogleAnalyticsPage = () => <ReleasePage title="releaseGoogleAnalytics" />;
export const VkConnectionPage = () => <ReleasePage title="vkConnection" />;

/**
 * /youtubeRelieve, /instagramRelieve, /googleGARelieve and /vk (hidden routes): one account by
 * the `id` of the address, released from here; they work when opened directly.
 */
function ReleasePage({ title }: { title: ReleaseTitle }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = channelAccountIdQuerySchema.safeParse({ id: params.get('id') ?? undefined }).data?.id;
  const account = useChannelAccount(id);
  const { canRelease } = useChannelPermissions();
  const back = (
    <Button onClick={() => void navigate(channelsUrl())}>{t('channels.releasePage.toChannels')}</Button>
  );

  const body = () => {
    if (id === undefined)
      return <Result status="warning" title={t('channels.releasePage.noId')} extra={back} />;
    if (account.isPending) return <Spin aria-label={t('app.loading')} />;
    if (account.isError) {
      const status = isApiError(account.error) ? account.error.status : 0;
      if (status === 404)
        return <Result status="404" title={t('channels.releasePage.notFound')} extra={back} />;
      if (status === 403)
        return <Result status="403" title={t('channels.releasePage.forbidden')} extra={back} />;
      return <LoadError title={t('channels.releasePage.loadFailed')} onRetry={() => account.refetch()} />;
    }
    return <ReleasePanel account={account.data} canRelease={canRelease} />;
  };

  return (
    <Card title={t(`route.${title}`)} extra={id !== undefined && !account.isError ? back : undefined}>
      {body()}
    </Card>
  );
}
