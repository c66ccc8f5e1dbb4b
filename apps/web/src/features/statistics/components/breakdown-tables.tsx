import type { PublishingPlatform } from '@postdeck/contract/platforms';
import type { StatisticsAccounts, StatisticsOverview } from '@postdeck/contract/statistics';
import { Card, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../../components/platform-icon';
import { platformName } from '../../channels/platform-name';
import { type NumberFormats, successRate } from '../format';

type Totals = StatisticsOverview['byPlatform'][number];
type AccountRow = StatisticsAccounts['items'][number];

const Platform = ({ platform }: { platform: PublishingPlatform }) => (
  <Flex gap={6} align="center">
    <PlatformIcon platform={platform} />
    {platformName(platform)}
  </Flex>
);

function totalsColumns<T extends Totals | AccountRow>(t: TFunction, formats: NumberFormats): ColumnsType<T> {
  const count = (key: 'publications' | 'failed' | 'engagement' | 'views') => ({
    key,
    title: t(`statistics.columns.${key}`),
    align: 'right' as const,
    sorter: (a: T, b: T) => (a[key] ?? -1) - (b[key] ?? -1),
    render: (_: unknown, row: T) => formats.count(row[key]),
  });
  return [
    count('publications'),
    count('failed'),
    {
      key: 'successRate',
      title: t('statistics.columns.successRate'),
      align: 'right',
      render: (_: unknown, row: T) => formats.percent(successRate(row)),
    },
    count('engagement'),
    count('views'),
  ];
}

/** Per platform: publications, failures, success rate, engagement, views. */
export function PlatformTable({
  rows,
  formats,
}: {
  rows: StatisticsOverview['byPlatform'];
  formats: NumberFormats;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('statistics.byPlatform.title')} size="small" style={{ marginBottom: 16 }}>
      <Table<Totals>
        size="small"
        rowKey="platform"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          {
            key: 'platform',
            title: t('statistics.columns.platform'),
            render: (_, row) => <Platform platform={row.platform} />,
          },
          ...totalsColumns<Totals>(t, formats),
        ]}
      />
    </Card>
  );
}

/** Per account: the same, with its followers and their change over the period. */
export function AccountTable({
  rows,
  loading,
  formats,
}: {
  rows: StatisticsAccounts['items'];
  loading: boolean;
  formats: NumberFormats;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('statistics.byAccount.title')} size="small" style={{ marginBottom: 16 }}>
      <Table<AccountRow>
        size="small"
        rowKey="accountId"
        loading={loading}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          { key: 'account', title: t('statistics.columns.account'), dataIndex: 'name' },
          {
            key: 'platform',
            title: t('statistics.columns.platform'),
            render: (_, row) => <Platform platform={row.platform} />,
          },
          ...totalsColumns<AccountRow>(t, formats),
          {
            key: 'followers',
            title: t('statistics.columns.followers'),
            align: 'right',
            render: (_, row) => formats.count(row.followers),
          },
          {
            key: 'followerChange',
            title: t('statistics.columns.followerChange'),
            align: 'right',
            render: (_, row) =>
              row.followerChange === null ? formats.count(null) : formats.signed(row.followerChange),
          },
        ]}
      />
    </Card>
  );
}

/** The error kinds of the platform adapters (server platforms/errors.ts), as the publish list words them. */
const CAUSES = [
  'reauthorize',
  'rateLimited',
  'rejected',
  'mediaInvalid',
  'transient',
  'outcomeUnknown',
] as const;
const isCause = (cause: string): cause is (typeof CAUSES)[number] =>
  (CAUSES as readonly string[]).includes(cause);

/** Failed publications by cause, each with its share; the long explanation on hover or focus. */
export function FailureCauses({
  causes,
  formats,
}: {
  causes: StatisticsOverview['failureCauses'];
  formats: NumberFormats;
}) {
  const { t } = useTranslation();
  const total = causes.reduce((sum, cause) => sum + cause.count, 0);
  const label = (cause: string) => {
    if (!isCause(cause)) return t('statistics.failures.other', { cause });
    return (
      <Tooltip
        title={t(`publishing.live.errors.${cause}`, { platform: t('statistics.failures.thePlatform') })}
      >
        <span tabIndex={0}>{t(`statistics.failures.causes.${cause}`)}</span>
      </Tooltip>
    );
  };
  return (
    <Card title={t('statistics.failures.title')} size="small" style={{ marginBottom: 16 }}>
      {total === 0 ? (
        <Typography.Text type="secondary">{t('statistics.failures.none')}</Typography.Text>
      ) : (
        <Table
          size="small"
          rowKey="cause"
          pagination={false}
          dataSource={[...causes].sort((a, b) => b.count - a.count)}
          columns={[
            { key: 'cause', title: t('statistics.columns.cause'), render: (_, row) => label(row.cause) },
            {
              key: 'count',
              title: t('statistics.columns.count'),
              align: 'right',
              render: (_, row) => formats.count(row.count),
            },
            {
              key: 'share',
              title: t('statistics.columns.share'),
              align: 'right',
              render: (_, row) => formats.percent(row.count / total),
            },
          ]}
        />
      )}
    </Card>
  );
}
