import { PAGES } from '@postdeck/contract/pages';
import type { PublicationStatus } from '@postdeck/contract/publishing';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Flex, Result, Space, Spin, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../../components/platform-icon';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { useFormatTime } from '../../../i18n/use-format-time';
import { isWebLink } from '../../../utils/url';
import { platformName } from '../../channels/platform-name';
import { PublicationStatusTag } from '../../publishing/components/publication-status-tag';
import { SettleUnconfirmed } from '../../publishing/components/settle-unconfirmed';
import { PublicationMetrics } from '../../statistics/components/publication-metrics';
import { publicationErrorText } from '../../publishing/publication-error-text';
import { usePublicationDetail } from '../api/publication-detail';
import styles from './publish-history.module.css';
import { useCopyLink } from './row-actions';

interface DetailDrawerProps {
  id: number | undefined;
  open: boolean;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
  canAct: boolean;
  /** After a settling: the list refreshes its rows. */
  onSettled: () => void;
}

type PublicationDetail = NonNullable<ReturnType<typeof usePublicationDetail>['data']>;

/** How a move was made, as the server records it (`detail.how`). */
const HOWS = [
  'answer',
  'found',
  'retry',
  'settled',
  'again',
  'deleted',
  'manual',
  'withdrawArticle',
] as const;
type How = (typeof HOWS)[number];
const isHow = (value: unknown): value is How => (HOWS as readonly unknown[]).includes(value);

/**
 * One account's publication: its state and what to do about it, the post, its timeline, the text
 * as sent, the platform's raw answer to a failure, and its latest metrics (absent ones as "—", not
 * zeros).
 */
export function DetailDrawer({ id, open, onClose, afterOpenChange, canAct, onSettled }: DetailDrawerProps) {
  const { t } = useTranslation();
  const detail = usePublicationDetail(open ? id : undefined);
  const publication = detail.data;

  const body = () => {
    if (detail.isPending) return <Spin aria-label={t('app.loading')} />;
    if (detail.isError) {
      if (isApiError(detail.error) && detail.error.status === 404)
        return <Result status="404" title={t('publishHistory.detail.notFound')} />;
      return <LoadError title={t('publishHistory.detail.loadFailed')} onRetry={() => detail.refetch()} />;
    }
    return <DetailBody publication={detail.data} canAct={canAct} onSettled={onSettled} />;
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={afterOpenChange}
      size={640}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      title={
        publication
          ? t('publishHistory.detail.title', {
              account: publication.account.name,
              platform: platformName(publication.account.platform),
            })
          : t('publishHistory.detail.heading')
      }
      data-testid="publication-detail"
    >
      {id !== undefined && body()}
    </Drawer>
  );
}

function DetailBody({
  publication,
  canAct,
  onSettled,
}: {
  publication: PublicationDetail;
  canAct: boolean;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const copy = useCopyLink();
  const { status, externalUrl } = publication;
  const problem =
    status === 'failed' || status === 'unconfirmed' ? publicationErrorText(t, publication) : null;

  return (
    <Flex vertical gap="large">
      <Flex gap={8} align="center" wrap>
        <PlatformIcon platform={publication.account.platform} />
        <Typography.Text strong>{publication.account.name}</Typography.Text>
        {publication.account.handle && (
          <Typography.Text type="secondary">{publication.account.handle}</Typography.Text>
        )}
        <PublicationStatusTag status={status} />
      </Flex>

      {problem && (
        <Alert
          type={status === 'failed' ? 'error' : 'warning'}
          showIcon
          title={problem.sentence}
          description={problem.platformSaid}
          data-testid="publication-problem"
        />
      )}
      {canAct && status === 'unconfirmed' && (
        <SettleUnconfirmed publication={publication} onSettled={onSettled} />
      )}

      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'title', label: t('publishHistory.columns.title'), children: publication.title },
          { key: 'author', label: t('publishHistory.columns.author'), children: publication.author.name },
          {
            key: 'department',
            label: t('publishHistory.columns.department'),
            children: publication.department.name,
          },
          {
            key: 'created',
            label: t('publishHistory.columns.created'),
            children: formatTime(publication.createdAt),
          },
          ...(publication.scheduledAt
            ? [
                {
                  key: 'scheduled',
                  label: t('publishHistory.columns.scheduled'),
                  children: formatTime(publication.scheduledAt),
                },
              ]
            : []),
          ...(publication.publishedAt
            ? [
                {
                  key: 'published',
                  label: t('publishHistory.detail.publishedAt'),
                  children: formatTime(publication.publishedAt),
                },
              ]
            : []),
          { key: 'attempts', label: t('publishHistory.detail.attempts'), children: publication.attempts },
          ...(publication.nextAttemptAt && !['published', 'withdrawn', 'cancelled'].includes(status)
            ? [
                {
                  key: 'next',
                  label: t('publishHistory.detail.nextAttempt'),
                  children: formatTime(publication.nextAttemptAt),
                },
              ]
            : []),
        ]}
      />

      <Space wrap>
        {isWebLink(externalUrl) && (
          <>
            <Typography.Link href={externalUrl} target="_blank" rel="noopener noreferrer">
              {t('publishHistory.openPost')} <ExportOutlined aria-hidden />
            </Typography.Link>
            <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copy(externalUrl)}>
              {t('publishHistory.actions.copyLink')}
            </Button>
          </>
        )}
        {/* A tab of its own, as the composer's summary opens it: the drawer stays here. */}
        {(status === 'published' || status === 'withdrawn') && (
          <Link to={`${PAGES.publicationScreenshot}?id=${publication.id}`} target="_blank">
            {t('publishHistory.detail.screenshot')}
          </Link>
        )}
      </Space>

      <Section title={t('publishHistory.detail.timeline')}>
        <Timeline
          items={publication.events.map((event, index) => ({
            key: index,
            title: formatTime(event.at),
            content: <EventText from={event.from} to={event.to} detail={event.detail} />,
          }))}
        />
      </Section>

      <Section
        title={t(
          status === 'published' || status === 'withdrawn'
            ? 'publishHistory.detail.textSent'
            : 'publishHistory.detail.textToSend',
        )}
      >
        <pre className={styles.text}>{publication.text}</pre>
      </Section>

      {publication.errorRaw !== null && publication.errorRaw !== undefined && (
        <Section title={t('publishHistory.detail.rawError')}>
          <pre className={styles.raw} tabIndex={0} aria-label={t('publishHistory.detail.rawError')}>
            {JSON.stringify(publication.errorRaw, null, 2)}
          </pre>
        </Section>
      )}

      <Section title={t('publishHistory.detail.metrics')}>
        <PublicationMetrics id={publication.id} status={status} />
      </Section>
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/** One move of the timeline: from → to, how, and what was said with it. */
function EventText({
  from,
  to,
  detail,
}: {
  from: PublicationStatus | null;
  to: PublicationStatus;
  detail: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const said = [detail['message'], detail['why'], detail['reason']].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const note = typeof detail['note'] === 'string' ? detail['note'] : undefined;
  return (
    <Flex vertical>
      <Flex gap={4} align="center" wrap>
        {from && (
          <>
            <Typography.Text type="secondary">{t(`publishing.statuses.${from}`)}</Typography.Text>
            <span aria-hidden>→</span>
          </>
        )}
        <Typography.Text>{t(`publishing.statuses.${to}`)}</Typography.Text>
      </Flex>
      {isHow(detail['how']) && (
        <Typography.Text type="secondary">{t(`publishHistory.detail.how.${detail['how']}`)}</Typography.Text>
      )}
      {note && <Typography.Text>{t('publishHistory.detail.note', { note })}</Typography.Text>}
      {said && <Typography.Text type="secondary">{said}</Typography.Text>}
    </Flex>
  );
}
