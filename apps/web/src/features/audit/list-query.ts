import { type AuditListFilters, auditListQuerySchema } from '@postdeck/contract/audit';
import { urlFilters } from '../../utils/url-filters';

/** The audit list's filters and paging as the contract reads them (defaults filled in). */
export type AuditFilters = AuditListFilters;

const filters = urlFilters(auditListQuerySchema);

export const readAuditFilters = filters.read;
export const writeAuditFilters = filters.write;
export const toAuditQuery = filters.toQuery;

/** The export's query: the list's filters without paging. */
export function toAuditExportQuery(current: AuditFilters) {
  const { page: _page, pageSize: _pageSize, ...query } = toAuditQuery(current);
  return query;
}
