import type { ScheduleItem } from '@postdeck/contract/publish-schedule';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_WRAP_COLUMN, ScrollTable } from '../../../components/scroll-table';
import { formatWhen } from '../format-when';
import { PlatformIcon } from '../../../components/platform-icon';
import { StatusBadge } from './status-badge';
import { lookOf } from './status-look';

export interface ScheduleListProps {
  items: readonly ScheduleItem[];
  loading: boolean;
  emptyText: ReactNode;
  onOpen: (publication: ScheduleItem) => void;
}

/** The window's publications as a table, earliest first; the title opens the drawer. */
export function ScheduleList({ items, loading, emptyText, onOpen }: ScheduleListProps) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable<ScheduleItem>
      label={t('route.scheduledPublishing')}
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={[...items]}
      pagination={false}
      locale={{ emptyText }}
      onRow={(row) => ({ 'data-publication-id': row.id }) as object}
      columns={[
        {
          key: 'time',
          title: t('schedule.columns.time'),
          className: NO_WRAP_COLUMN,
          render: (_, row) =>
            row.scheduledAt && (
              <time dateTime={row.scheduledAt}>
                {formatWhen(row.scheduledAt, i18n.language, { year: false })}
              </time>
            ),
        },
        {
          key: 'title',
          title: t('schedule.columns.title'),
          render: (_, row) => (
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
              aria-label={t('schedule.open', { title: row.title })}
              onClick={() => onOpen(row)}
            >
              {row.title}
            </Button>
          ),
        },
        {
          key: 'account',
          title: t('schedule.columns.account'),
          render: (_, row) => (
            <Flex gap={6} align="center">
              <PlatformIcon platform={row.account.platform} />
              <span>{row.account.name}</span>
            </Flex>
          ),
        },
        {
          key: 'status',
          title: t('schedule.columns.status'),
          className: NO_WRAP_COLUMN,
          render: (_, row) => <StatusBadge look={lookOf(row)} />,
        },
      ]}
    />
  );
}
