import type { AuditItem } from '@postdeck/contract/audit';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager/list-pager';
import { LoadError } from '../../../components/load-error';
import { NO_WRAP_COLUMN, ScrollTable } from '../../../components/scroll-table';
import { changeListFilters } from '../../../utils/url-filters';
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

const USER_AGENT_STYLE = {
  display: 'block',
  maxWidth: 240,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

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

  const change = (next: Partial<AuditFilters>) =>
    setParams(writeAuditFilters(changeListFilters(filters, next)));

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
        <ScrollTable<AuditItem>
          label={t('route.auditLog')}
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: t('audit.empty') }}
          pagination={false}
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
          // Codes, addresses and times are read whole: they never wrap, and the table scrolls
          // sideways inside itself when they do not fit; the actor wraps between words only.
          columns={[
            {
              key: 'at',
              title: t('audit.time'),
              className: NO_WRAP_COLUMN,
              render: (_, row) => formatTime(row.at),
            },
            { key: 'actor', title: t('audit.actor'), render: (_, row) => actorText(row.actor) },
            {
              key: 'action',
              title: t('audit.action'),
              className: NO_WRAP_COLUMN,
              render: (_, row) => <Typography.Text code>{row.action}</Typography.Text>,
            },
            {
              key: 'target',
              title: t('audit.target'),
              className: NO_WRAP_COLUMN,
              render: (_, row) => row.target || '—',
            },
            { key: 'ip', title: t('audit.ip'), className: NO_WRAP_COLUMN, render: (_, row) => row.ip || '—' },
            {
              key: 'userAgent',
              title: t('audit.userAgent'),
              // Cut to one line here, not with antd's column ellipsis: that fixes the table layout,
              // which squeezes the other columns until their words break.
              render: (_, row) => (
                <span title={row.userAgent} style={USER_AGENT_STYLE}>
                  {row.userAgent || '—'}
                </span>
              ),
            },
          ]}
        />
      )}
      {!list.isError && (
        <ListPager
          answer={list.data}
          paging={filters}
          onChange={change}
          totalText={(count) => t('audit.total', { count })}
        />
      )}
    </Card>
  );
}
