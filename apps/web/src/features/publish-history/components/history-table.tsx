import type { PublishHistoryItem } from '@postdeck/contract/publish-history';
import type { Publication } from '@postdeck/contract/publishing';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_WRAP_COLUMN, STICKY_END_COLUMN, ScrollTable } from '../../../components/scroll-table';
import { useFormatTime } from '../../../i18n/use-format-time';
import type { ActionTarget } from '../api/history-actions';
import type { RunAction } from './action-runner';
import { AccountTable } from './account-table';
import { ChildrenSummary } from './children-summary';
import styles from './publish-history.module.css';
import { ParentActions } from './row-actions';

/** The selection, by the rows' publication ids: publish actions and accounts alike. */
export interface Selection {
  parents: readonly number[];
  /** Per publish action, its accounts picked. */
  children: ReadonlyMap<number, readonly number[]>;
}

interface HistoryTableProps {
  label: string;
  items: readonly PublishHistoryItem[];
  loading: boolean;
  empty: ReactNode;
  canAct: boolean;
  run: RunAction;
  onDetail: (id: number) => void;
  targetOf: (publication: Publication) => ActionTarget;
  expanded: readonly number[];
  onExpand: (ids: number[]) => void;
  highlighted: number | undefined;
  selection: Selection;
  onSelect: (selection: Selection) => void;
}

/** A row per publish action, which opens into its accounts. */
export function HistoryTable({
  label,
  items,
  loading,
  empty,
  canAct,
  run,
  onDetail,
  targetOf,
  expanded,
  onExpand,
  highlighted,
  selection,
  onSelect,
}: HistoryTableProps) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <ScrollTable<PublishHistoryItem>
      label={label}
      rowKey="id"
      loading={loading}
      dataSource={items as PublishHistoryItem[]}
      pagination={false}
      locale={{ emptyText: empty }}
      expandable={{
        // The accounts open as a table of their own, not as antd's tree rows of `children`.
        childrenColumnName: 'noTreeRows',
        expandedRowKeys: [...expanded],
        onExpandedRowsChange: (keys) => onExpand(keys.map(Number)),
        expandedRowRender: (item) => (
          <AccountTable
            item={item}
            canAct={canAct}
            run={run}
            onDetail={onDetail}
            targetOf={targetOf}
            highlighted={highlighted}
            selected={selection.children.get(item.id) ?? []}
            onSelect={(ids) =>
              onSelect({ ...selection, children: new Map(selection.children).set(item.id, ids) })
            }
          />
        ),
      }}
      {...(canAct
        ? {
            rowSelection: {
              selectedRowKeys: [...selection.parents],
              onChange: (keys) => onSelect({ ...selection, parents: keys.map(Number) }),
              getCheckboxProps: (item: PublishHistoryItem) => ({
                'aria-label': t('publishHistory.bulk.select', { label: item.title }),
              }),
            },
          }
        : {})}
      columns={[
        {
          key: 'title',
          title: t('publishHistory.columns.title'),
          // A title reads as a line or two, not a word per line, at narrow widths.
          onCell: () => ({ style: { minWidth: 180 } }),
          render: (_, item) => <span className={styles.title}>{item.title}</span>,
        },
        {
          key: 'accounts',
          title: t('publishHistory.columns.accounts'),
          render: (_, item) => <ChildrenSummary publications={item.children} />,
        },
        { key: 'author', title: t('publishHistory.columns.author'), render: (_, item) => item.author.name },
        {
          key: 'department',
          title: t('publishHistory.columns.department'),
          render: (_, item) => item.department.name,
        },
        {
          key: 'created',
          title: t('publishHistory.columns.created'),
          className: NO_WRAP_COLUMN,
          render: (_, item) => formatTime(item.createdAt),
        },
        {
          key: 'scheduled',
          title: t('publishHistory.columns.scheduled'),
          className: NO_WRAP_COLUMN,
          render: (_, item) =>
            item.scheduledAt ? (
              formatTime(item.scheduledAt)
            ) : (
              <Typography.Text type="secondary">{t('publishHistory.immediately')}</Typography.Text>
            ),
        },
        {
          key: 'mediaType',
          title: t('publishHistory.columns.mediaType'),
          render: (_, item) => t(`publishHistory.mediaTypes.${item.mediaType}`),
        },
        ...(canAct
          ? [
              {
                key: 'actions',
                title: t('publishHistory.columns.actions'),
                className: STICKY_END_COLUMN,
                render: (_: unknown, item: PublishHistoryItem) => <ParentActions item={item} run={run} />,
              },
            ]
          : []),
      ]}
    />
  );
}
