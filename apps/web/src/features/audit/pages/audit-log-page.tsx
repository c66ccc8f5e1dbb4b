import type { AuditItem } from '@postdeck/contract/audit';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useAuditExport, useAuditList } from '../api/audit-log';
import { AuditFiltersBar } from '../components/audit-filters';
import {
  type AuditFilters,
  readAuditFilters,
  toAuditExportQuery,
  toAuditQuery,
  writeAuditFilters,
} from '../list-query';

const hasDetail = (row: AuditItem) => Object.keys(row.detail).length > 0;

/** Who did it: the name with the account, or the account alone when no user matched. */
function actorText(actor: AuditItem['actor']): string {
  if (actor.name && actor.account) return `${actor.name} (${actor.account})`;
  return actor.name ?? (actor.account || '—');
}

/** /api/log/audit: every change, newest first; filters live in the address, the CSV follows them. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const list = useAuditList(toAuditQuery(filters));
  const exporter = useAuditExport();

  const change = (next: Partial<AuditFilters>) => {
    // A new filter starts again from page 1; paging keeps its own page.
    const paging = 'page' in next;
    setParams(writeAuditFilters({ ...filters, ...(paging ? {} : { page: 1 }), ...next }));
  };

  return (
    <Card title={t('route.auditLog')}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <AuditFiltersBar filters={filters} onChange={change} />
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate(toAuditExportQuery(filters))}
        >
          {t('audit.export')}
        </Button>
      </Space>
      {list.isError ? (
        <LoadError title={t('audit.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <Table<AuditItem>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: t('audit.empty') }}
          // No horizontal scroll: antd's scrolling region cannot take keyboard focus (axe-core
          // scrollable-region-focusable); long cells are cut with an ellipsis instead.
          tableLayout="fixed"
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('audit.total', { count }),
            onChange: (page, pageSize) => change({ page, pageSize }),
          }}
          expandable={{
            rowExpandable: hasDetail,
            expandedRowRender: (row) => (
              <pre
                aria-label={t('audit.detail')}
                style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {JSON.stringify(row.detail, null, 2)}
              </pre>
            ),
          }}
          columns={[
            {
              key: 'at',
              title: t('audit.time'),
              render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(row.at)}</span>,
            },
            { key: 'actor', title: t('audit.actor'), render: (_, row) => actorText(row.actor) },
            {
              key: 'action',
              title: t('audit.action'),
              render: (_, row) => <Typography.Text code>{row.action}</Typography.Text>,
            },
            { key: 'target', title: t('audit.target'), render: (_, row) => row.target || '—' },
            { key: 'ip', title: t('audit.ip'), render: (_, row) => row.ip || '—' },
            {
              key: 'userAgent',
              title: t('audit.userAgent'),
              ellipsis: { showTitle: false },
              width: 240,
              render: (_, row) => <span title={row.userAgent}>{row.userAgent || '—'}</span>,
            },
          ]}
        />
      )}
    </Card>
  );
}
