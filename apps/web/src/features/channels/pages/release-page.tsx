import { type ChannelAccount, channelAccountIdQuerySchema } from '@postdeck/contract/channels';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { Button, Card, Result, Spin } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { useChannelAccount } from '../api/channel-queries';
import { ReleasePanel } from '../components/release-panel';
import { channelsUrl, releasePageUrl } from '../release-route';
import { platformName } from '../platform-name';
import { useChannelPermissions } from '../use-channel-permissions';

type ReleaseTitle = 'releaseYoutube' | 'releaseInstagram' | 'releaseGoogleAnalytics' | 'vkConnection';

export const ReleaseYoutubePage = () => <ReleasePage title="releaseYoutube" platform="youtube" />;
export const ReleaseInstagramPage = () => <ReleasePage title="releaseInstagram" platform="instagram" />;
export const ReleaseGoogleAnalyticsPage = () => <ReleasePage title="releaseGoogleAnalytics" platform="ga4" />;
export const VkConnectionPage = () => <ReleasePage title="vkConnection" platform="vk" />;

/**
 * /youtubeRelieve, /instagramRelieve, /googleGARelieve and /vk (hidden routes): one account of
 * the page's platform by the `id` of the address, released from here; they work when opened
 * directly. An account of another platform is not offered for release here: the page says so and
 * points to where it is released.
 */
function ReleasePage({ title, platform }: { title: ReleaseTitle; platform: ChannelPlatform }) {
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
    if (account.data.platform !== platform)
      return <OtherPlatform account={account.data} expected={platform} back={back} />;
    return <ReleasePanel account={account.data} canRelease={canRelease} platform={platform} />;
  };

  const mismatch = account.data !== undefined && account.data.platform !== platform;
  return (
    <Card
      title={t(`route.${title}`)}
      extra={id !== undefined && !account.isError && !mismatch ? back : undefined}
    >
      {body()}
    </Card>
  );
}

/** An account of another platform than the page's: where it is released instead. */
function OtherPlatform({
  account,
  expected,
  back,
}: {
  account: ChannelAccount;
  expected: ChannelPlatform;
  back: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const platform = platformName(account.platform);
  const page = releasePageUrl(account);
  const target = page ?? channelsUrl({ platform: account.platform });
  return (
    <Result
      status="warning"
      title={t('channels.releasePage.wrongPlatform', { platform, expected: platformName(expected) })}
      subTitle={t('channels.releasePage.wrongPlatformHint', { expected: platformName(expected) })}
      extra={[
        <Button
          key="elsewhere"
          type="primary"
          href={target}
          onClick={(event) => {
            event.preventDefault();
            void navigate(target);
          }}
        >
          {t(page ? 'channels.releasePage.toPlatformRelease' : 'channels.releasePage.toPlatformAccounts', {
            platform,
          })}
        </Button>,
        <Fragment key="back">{back}</Fragment>,
      ]}
    />
  );
}
