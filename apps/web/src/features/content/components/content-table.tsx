import type { ContentItem, ContentStatus } from '@postdeck/contract/content';
import { contentEditUrl } from '@postdeck/contract/pages';
import { Badge, Button, Popconfirm, Space, Tag } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useContentActions } from '../api/content-actions';
import type { ContentFilters } from '../list-query';

/** A coloured dot beside plain text: antd's tinted tags fall short of AA contrast. */
const STATUS_BADGES: Record<ContentStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  ready: 'success',
  archived: 'warning',
};

interface ContentTableProps {
  items: readonly ContentItem[];
  loading: boolean;
  filters: ContentFilters;
  onChange: (next: Partial<ContentFilters>) => void;
  admin: boolean;
  canEdit: boolean;
}

/** Rows with paging and sorting done on the server; the actions confirm before they change anything. */
export function ContentTable({ items, loading, filters, onChange, admin, canEdit }: ContentTableProps) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const actions = useContentActions();
  const deletedView = filters.deleted === 'true';
  const sortOrder = (key: ContentFilters['sort']) =>
    filters.sort === key ? (filters.order === 'asc' ? 'ascend' : 'descend') : null;

  return (
    <ScrollTable<ContentItem>
      label={t(admin ? 'route.adminContent' : 'route.departmentContent')}
      rowKey="id"
      loading={loading}
      dataSource={items as ContentItem[]}
      locale={{ emptyText: t(deletedView ? 'content.emptyDeleted' : 'content.empty') }}
      pagination={false}
      onChange={(_pagination, _filters, sorter) => {
        const { columnKey, order } = sorter as SorterResult<ContentItem>;
        const sort = order ? (columnKey as ContentFilters['sort']) : 'updatedAt';
        // Another order starts again from the first page.
        onChange({ page: 1, sort, order: order === 'ascend' ? 'asc' : 'desc' });
      }}
      columns={[
        {
          key: 'title',
          title: t('content.title'),
          sorter: true,
          sortOrder: sortOrder('title'),
          render: (_, row) =>
            canEdit && !deletedView ? <Link to={contentEditUrl(row.id)}>{row.title}</Link> : row.title,
        },
        {
          key: 'status',
          title: t('content.status'),
          render: (_, row) => (
            <Badge status={STATUS_BADGES[row.status]} text={t(`content.statuses.${row.status}`)} />
          ),
        },
        {
          key: 'tags',
          title: t('content.tags'),
          render: (_, row) => row.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
        },
        ...(admin
          ? [
              {
                key: 'department',
                title: t('content.department'),
                render: (_: unknown, row: ContentItem) => row.department.name,
              },
            ]
          : []),
        { key: 'author', title: t('content.author'), render: (_, row) => row.author.name },
        {
          key: 'updatedAt',
          title: t(deletedView ? 'content.deletedAt' : 'content.updated'),
          sorter: !deletedView,
          sortOrder: sortOrder('updatedAt'),
          render: (_, row) => formatTime(row.deletedAt ?? row.updatedAt),
        },
        {
          key: 'actions',
          title: t('content.actions'),
          render: (_, row) =>
            deletedView ? (
              <Button size="small" onClick={() => actions.restore.mutate(row.id)}>
                {t('content.restore')}
              </Button>
            ) : canEdit ? (
              <Space size="small">
                {row.status !== 'archived' && (
                  <Popconfirm
                    title={t('content.archiveConfirm', { title: row.title })}
                    okText={t('content.archive')}
                    cancelText={t('content.cancel')}
                    onConfirm={() => actions.archive.mutateAsync({ id: row.id, version: row.version })}
                  >
                    <Button size="small">{t('content.archive')}</Button>
                  </Popconfirm>
                )}
                <Popconfirm
                  title={t('content.deleteConfirm', { title: row.title })}
                  okText={t('content.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('content.cancel')}
                  onConfirm={() => actions.remove.mutateAsync(row.id)}
                >
                  <Button size="small" danger>
                    {t('content.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
