import {
  type PublicationScreenshot,
  publicationScreenshotQuerySchema,
} from '@postdeck/contract/publication-screenshot';
import { Alert, App, Button, Card, Empty, Flex, Image, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { useFormatTime } from '../../../i18n/use-format-time';
import { usePublicationScreenshot, useTakeScreenshotAgain } from '../api/publication-screenshot';

/**
 * /screenShort?id=<publication> (spec §2, a hidden route): the screenshot proof of a published
 * post, or why there is none in words, with "Take again". It works when opened directly.
 */
export function ScreenshotPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = publicationScreenshotQuerySchema.safeParse({ id: params.get('id') ?? undefined }).data?.id;
  const shot = usePublicationScreenshot(id);
  const again = useTakeScreenshotAgain(id);

  const takeAgain = () =>
    again.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.error === null) void message.success(t('screenshot.taken'));
      },
    });

  const body = () => {
    if (id === undefined) return <Result status="warning" title={t('screenshot.noId')} />;
    if (shot.isPending) return <Spin aria-label={t('app.loading')} />;
    if (shot.isError) {
      if (isApiError(shot.error) && shot.error.status === 404)
        return <Result status="404" title={t('screenshot.notFound')} />;
      return <LoadError title={t('screenshot.loadFailed')} onRetry={() => shot.refetch()} />;
    }
    return <Shot answer={shot.data} />;
  };

  const canTake = id !== undefined && shot.isSuccess;
  return (
    <Card
      title={t('route.publicationScreenshot')}
      extra={
        canTake ? (
          <Button type="primary" loading={again.isPending} onClick={takeAgain}>
            {t('screenshot.takeAgain')}
          </Button>
        ) : undefined
      }
    >
      <Flex vertical gap="middle">
        {again.isPending && <Alert type="info" showIcon title={t('screenshot.taking')} />}
        {body()}
      </Flex>
    </Card>
  );
}

function Shot({ answer }: { answer: PublicationScreenshot }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const { screenshot, error, externalUrl } = answer;
  return (
    <Flex vertical gap="middle">
      {screenshot ? (
        <figure style={{ margin: 0 }}>
          <Image src={screenshot.url} alt={t('screenshot.alt')} style={{ maxWidth: '100%' }} />
          <figcaption>
            <Typography.Text type="secondary">
              {t('screenshot.takenAt', { time: formatTime(screenshot.takenAt) })}
            </Typography.Text>
          </figcaption>
        </figure>
      ) : (
        !error && <Empty description={t('screenshot.none')} />
      )}
      {error && (
        <Alert
          type={error.reason === 'notPublished' ? 'info' : 'warning'}
          showIcon
          title={t(`screenshot.reasons.${error.reason}`)}
          description={
            <Flex vertical>
              {screenshot && <span>{t('screenshot.keptEarlier')}</span>}
              {error.at && <span>{t('screenshot.triedAt', { time: formatTime(error.at) })}</span>}
              {error.detail && <span>{t('screenshot.detail', { detail: error.detail })}</span>}
            </Flex>
          }
        />
      )}
      {externalUrl && /^https?:\/\//i.test(externalUrl) && (
        <Typography.Link href={externalUrl} target="_blank" rel="noopener noreferrer">
          {t('screenshot.openPost')}
        </Typography.Link>
      )}
    </Flex>
  );
}
