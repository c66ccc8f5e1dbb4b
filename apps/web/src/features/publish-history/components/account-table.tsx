import type { PublishHistoryItem } from '@postdeck/contract/publish-history';
import type { Publication } from '@postdeck/contract/publishing';
import { ExportOutlined } from '@ant-design/icons';
import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../../components/platform-icon';
import { NO_WRAP_COLUMN, STICKY_END_COLUMN } from '../../../components/scroll-table';
import { useFormatTime } from '../../../i18n/use-format-time';
import { isWebLink } from '../../../utils/url';
import { PublicationStatusTag } from '../../publishing/components/publication-status-tag';
import type { ActionTarget } from '../api/history-actions';
import type { RunAction } from './action-runner';
import styles from './publish-history.module.css';
import { AccountActions } from './row-actions';

interface AccountTableProps {
  item: PublishHistoryItem;
  canAct: boolean;
  run: RunAction;
  onDetail: (id: number) => void;
  targetOf: (publication: Publication) => ActionTarget;
  /** The account a notification named, marked. */
  highlighted: number | undefined;
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
}

/** When it went out, else when it is to, else its last change. */
const timeOf = (publication: Publication) =>
  publication.publishedAt ?? publication.scheduledAt ?? publication.updatedAt;

/** A publish action's accounts: each with its platform, state, time, post and actions. */
export function AccountTable({
  item,
  canAct,
  run,
  onDetail,
  targetOf,
  highlighted,
  selected,
  onSelect,
}: AccountTableProps) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <Table<Publication>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={item.children}
      locale={{ emptyText: t('publishHistory.noAccounts') }}
      rowClassName={(row) => (row.id === highlighted ? (styles.highlighted ?? '') : '')}
      onRow={(row) => (row.id === highlighted ? { 'aria-current': true } : {})}
      {...(canAct
        ? {
            rowSelection: {
              selectedRowKeys: [...selected],
              onChange: (keys) => onSelect(keys.map(Number)),
              getCheckboxProps: (row) => ({
                'aria-label': t('publishHistory.bulk.select', { label: targetOf(row).label }),
              }),
            },
          }
        : {})}
      columns={[
        {
          key: 'account',
          title: t('publishHistory.columns.account'),
          render: (_, row) => (
            <Flex gap={8} align="center">
              <PlatformIcon platform={row.account.platform} />
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong className={styles.title}>
                  {row.account.name}
                </Typography.Text>
                {row.account.handle && (
                  <Typography.Text type="secondary">{row.account.handle}</Typography.Text>
                )}
              </Flex>
            </Flex>
          ),
        },
        {
          key: 'status',
          title: t('publishHistory.columns.status'),
          className: NO_WRAP_COLUMN,
          render: (_, row) => <PublicationStatusTag status={row.status} />,
        },
        {
          key: 'time',
          title: t('publishHistory.columns.time'),
          className: NO_WRAP_COLUMN,
          render: (_, row) => formatTime(timeOf(row)),
        },
        {
          key: 'link',
          title: t('publishHistory.columns.link'),
          className: NO_WRAP_COLUMN,
          render: (_, row) =>
            isWebLink(row.externalUrl) ? (
              <Typography.Link
                href={row.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                title={row.externalUrl}
                aria-label={t('publishHistory.openPostOf', { label: targetOf(row).label })}
              >
                {t('publishHistory.openPost')} <ExportOutlined aria-hidden />
              </Typography.Link>
            ) : (
              <Typography.Text type="secondary">{t('publishHistory.noLink')}</Typography.Text>
            ),
        },
        {
          key: 'actions',
          title: t('publishHistory.columns.actions'),
          className: STICKY_END_COLUMN,
          render: (_, row) => (
            <AccountActions
              publication={row}
              target={targetOf(row)}
              canAct={canAct}
              run={run}
              onDetail={onDetail}
            />
          ),
        },
      ]}
    />
  );
}
