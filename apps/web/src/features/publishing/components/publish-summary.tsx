import type { Publication, PublicationStatus } from '@postdeck/contract/publishing';
import { Flex, Result, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { platformName } from '../../channels/platform-name';
import { SCHEDULE_FORMAT, timeZoneName } from './schedule-field';

const STATUS_COLOURS: Partial<Record<PublicationStatus, string>> = {
  scheduled: 'blue',
  queued: 'processing',
  publishing: 'processing',
  published: 'success',
  failed: 'error',
  unconfirmed: 'warning',
};

/** After a publish: each account with where its publication stands. */
export function PublishSummary({ publications }: { publications: readonly Publication[] }) {
  const { t } = useTranslation();
  const scheduledAt = publications.find((p) => p.scheduledAt !== null)?.scheduledAt ?? null;
  return (
    <Result
      status="success"
      title={t('publishing.done.title')}
      subTitle={
        scheduledAt === null
          ? t('publishing.done.queued', { count: publications.length })
          : t('publishing.done.scheduledFor', {
              time: `${dayjs(scheduledAt).format(SCHEDULE_FORMAT)} (${timeZoneName()})`,
            })
      }
    >
      <ul
        aria-label={t('publishing.accounts.heading')}
        style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}
      >
        {publications.map((publication) => (
          <li key={publication.id}>
            <Flex justify="space-between" gap={8} style={{ paddingBlock: 4 }}>
              <span>
                {publication.account.name}{' '}
                <Typography.Text type="secondary">
                  {publication.account.handle ?? ''} · {platformName(publication.account.platform)}
                </Typography.Text>
              </span>
              <Tag color={STATUS_COLOURS[publication.status]}>
                {t(`publishing.statuses.${publication.status}`)}
              </Tag>
            </Flex>
          </li>
        ))}
      </ul>
    </Result>
  );
}
