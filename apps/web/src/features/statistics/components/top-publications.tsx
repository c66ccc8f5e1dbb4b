import { PAGES } from '@postdeck/contract/pages';
import type { StatisticsTop } from '@postdeck/contract/statistics';
import { ExportOutlined } from '@ant-design/icons';
import { Card, Flex, Segmented, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlatformIcon } from '../../../components/platform-icon';
import { LoadError } from '../../../components/load-error';
import { useFormatTime } from '../../../i18n/use-format-time';
import { isWebLink } from '../../../utils/url';
import { platformName } from '../../channels/platform-name';
import type { TopBy } from '../api/statistics';
import type { NumberFormats } from '../format';

type Item = StatisticsTop['items'][number];

/** spec §2: the publish list opened on one publication, its detail open (oppId, queryType=1). */
export const publicationDetailLink = (publicationId: number) =>
  `${PAGES.publishList}?${new URLSearchParams({ oppId: String(publicationId), queryType: '1' }).toString()}`;

/** The publications of the range with the most engagement (or views), each opening its detail. */
export function TopPublications({
  top,
  by,
  onBy,
  formats,
}: {
  top: { data: StatisticsTop | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  by: TopBy;
  onBy: (by: TopBy) => void;
  formats: NumberFormats;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const metric = (key: 'views' | 'reactions' | 'comments' | 'shares') => ({
    key,
    title: t(`statistics.columns.${key}`),
    align: 'right' as const,
    render: (_: unknown, item: Item) => formats.count(item.metrics[key]),
  });
  const body = () => {
    if (top.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (top.isError && !top.data)
      return <LoadError title={t('statistics.loadFailed')} onRetry={() => top.refetch()} />;
    return (
      <Table<Item>
        size="small"
        rowKey="publicationId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={top.data?.items ?? []}
        locale={{ emptyText: t('statistics.top.none') }}
        columns={[
          {
            key: 'title',
            title: t('statistics.columns.title'),
            render: (_, item) => (
              <Link
                to={publicationDetailLink(item.publicationId)}
                aria-label={t('statistics.top.openDetail', { title: item.title })}
              >
                {item.title}
              </Link>
            ),
          },
          {
            key: 'account',
            title: t('statistics.columns.account'),
            render: (_, item) => (
              <Flex gap={6} align="center">
                <PlatformIcon platform={item.platform} />
                {item.account.name}
              </Flex>
            ),
          },
          {
            key: 'publishedAt',
            title: t('statistics.columns.publishedAt'),
            render: (_, item) => formatTime(item.publishedAt),
          },
          {
            key: 'engagement',
            title: t('statistics.columns.engagement'),
            align: 'right',
            render: (_, item) => formats.count(item.engagement),
          },
          metric('views'),
          metric('reactions'),
          metric('comments'),
          metric('shares'),
          {
            key: 'measuredAt',
            title: t('statistics.columns.measuredAt'),
            render: (_, item) => (
              <Typography.Text type="secondary">{formatTime(item.measuredAt)}</Typography.Text>
            ),
          },
          {
            key: 'post',
            title: t('statistics.columns.post'),
            render: (_, item) =>
              isWebLink(item.externalUrl) ? (
                <Typography.Link
                  href={item.externalUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('statistics.top.openPost', { platform: platformName(item.platform) })}
                >
                  <ExportOutlined aria-hidden />
                </Typography.Link>
              ) : null,
          },
        ]}
      />
    );
  };
  return (
    <Card
      title={t('statistics.top.title')}
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <Segmented<TopBy>
          size="small"
          aria-label={t('statistics.top.by')}
          value={by}
          onChange={onBy}
          options={[
            { value: 'engagement', label: t('statistics.columns.engagement') },
            { value: 'views', label: t('statistics.columns.views') },
          ]}
        />
      }
    >
      {body()}
    </Card>
  );
}
