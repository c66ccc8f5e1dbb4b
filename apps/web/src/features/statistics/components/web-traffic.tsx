import { PAGES } from '@postdeck/contract/pages';
import type { StatisticsTraffic } from '@postdeck/contract/statistics';
import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useFormatTime } from '../../../i18n/use-format-time';
import type { NumberFormats } from '../format';

type SourceRow = StatisticsTraffic['bySource'][number];
type LinkRow = StatisticsTraffic['byLink'][number];
type Count = 'sessions' | 'totalUsers' | 'engagedSessions';

/**
 * The visits social publishing brought to the sites of the connected Google Analytics 4
 * properties: by social source and by the landing pages of the links Postdeck tagged. With no
 * property connected, where to connect one.
 */
export function WebTraffic({
  traffic,
  formats,
}: {
  traffic: {
    data: StatisticsTraffic | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  formats: NumberFormats;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const column = (key: Count | 'linkClicks') => ({
    key,
    title: t(`statistics.traffic.columns.${key}`),
    align: 'right' as const,
    render: (_: unknown, row: { [K in Count]: number } & { linkClicks?: number | null }) =>
      formats.count(row[key]),
  });
  const counts = (['sessions', 'totalUsers', 'engagedSessions'] as const).map(column);

  const body = () => {
    if (traffic.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (!traffic.data)
      return <LoadError title={t('statistics.loadFailed')} onRetry={() => traffic.refetch()} />;
    const { properties, readAt, bySource, byLink } = traffic.data;
    if (properties.length === 0)
      return (
        <Empty description={t('statistics.traffic.none')} data-testid="traffic-none">
          <Flex vertical gap={8} align="center">
            <Typography.Text type="secondary">{t('statistics.traffic.noneHint')}</Typography.Text>
            <Link to={PAGES.channelAccounts}>{t('statistics.traffic.toChannels')}</Link>
          </Flex>
        </Empty>
      );
    return (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('statistics.traffic.properties', { names: properties.map((p) => p.name).join(', ') })}
          {' · '}
          {readAt
            ? t('statistics.traffic.readAt', { time: formatTime(readAt) })
            : t('statistics.traffic.neverRead')}
        </Typography.Text>
        <Table<SourceRow>
          size="small"
          title={() => t('statistics.traffic.bySource')}
          rowKey={(row) => `${row.source}/${row.medium}`}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={bySource}
          locale={{ emptyText: t('statistics.traffic.empty') }}
          columns={[
            { key: 'source', title: t('statistics.traffic.columns.source'), dataIndex: 'source' },
            { key: 'medium', title: t('statistics.traffic.columns.medium'), dataIndex: 'medium' },
            ...counts,
          ]}
        />
        <Table<LinkRow>
          size="small"
          title={() => t('statistics.traffic.byLink')}
          rowKey={(row) => `${row.landingPage}/${row.source}/${row.campaign}`}
          pagination={byLink.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          dataSource={byLink}
          locale={{ emptyText: t('statistics.traffic.empty') }}
          columns={[
            {
              key: 'landingPage',
              title: t('statistics.traffic.columns.landingPage'),
              render: (_, row) => (
                <Typography.Text style={{ wordBreak: 'break-all' }}>{row.landingPage}</Typography.Text>
              ),
            },
            { key: 'source', title: t('statistics.traffic.columns.source'), dataIndex: 'source' },
            {
              key: 'content',
              title: t('statistics.traffic.columns.content'),
              render: (_, row) => row.title ?? row.campaign,
            },
            column('linkClicks'),
            ...counts,
          ]}
        />
      </Flex>
    );
  };
  return (
    <Card title={t('statistics.traffic.title')} size="small" style={{ marginBottom: 16 }}>
      {body()}
    </Card>
  );
}
