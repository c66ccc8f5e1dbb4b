import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { PublishImportRow } from '@postdeck/contract/publish-import';
import { Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { problemPlace } from '../problem-field';
import { timeInZone } from '../zone-time';

/**
 * The rows of a preview as the server read them: each with its accounts, its time in its own
 * zone and in the viewer's, and what stops it, in red, naming the column.
 */
export function ImportPreviewTable({ rows, viewerZone }: { rows: PublishImportRow[]; viewerZone: string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<PublishImportRow> = [
    { key: 'row', title: t('publishImport.columns.row'), dataIndex: 'row', width: 64 },
    {
      key: 'title',
      title: t('publishImport.columns.title'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{row.title || '—'}</Typography.Text>
          {row.text && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.text }} style={{ maxWidth: 280 }}>
              {row.text}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'accounts',
      title: t('publishImport.columns.accounts'),
      render: (_, row) => (
        <Flex wrap gap={4}>
          {row.accounts.map((account) => (
            <Tag key={account.id}>
              {account.name} · {PLATFORM_CAPABILITIES[account.platform].displayName}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'time',
      title: t('publishImport.columns.time'),
      render: (_, row) => {
        if (!row.scheduledAt)
          return <Typography.Text type="secondary">{t('publishImport.noTime')}</Typography.Text>;
        const own = timeInZone(row.scheduledAt, row.timeZone);
        const viewer = timeInZone(row.scheduledAt, viewerZone);
        return (
          <Flex vertical gap={2}>
            <span>{t('publishImport.timeIn', { time: own, zone: row.timeZone })}</span>
            {viewerZone !== row.timeZone && viewer !== own && (
              <Typography.Text type="secondary">
                {t('publishImport.yourTime', { time: viewer, zone: viewerZone })}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'media',
      title: t('publishImport.columns.media'),
      width: 90,
      render: (_, row) => (row.mediaIds.length > 0 ? row.mediaIds.length : '—'),
    },
    {
      key: 'problems',
      title: t('publishImport.columns.problems'),
      render: (_, row) =>
        row.problems.length === 0 ? (
          <Typography.Text type="success">{t('publishImport.rowReady')}</Typography.Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {row.problems.map((problem, index) => (
              <li key={`${problem.field}-${index}`}>
                <Typography.Text type="danger">
                  {problemPlace(problem.field, t)}: {problem.message}
                </Typography.Text>
              </li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <Table<PublishImportRow>
      size="small"
      rowKey="row"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
