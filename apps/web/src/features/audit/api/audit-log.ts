import type { AuditExportQuery, AuditListQuery } from '@postdeck/contract/audit';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../api/client';

export const auditListQuery = (query: AuditListQuery) =>
  queryOptions({
    queryKey: ['audit', 'list', query],
    queryFn: ({ signal }) => request('auditList', { query, signal }),
  });

export const useAuditList = (query: AuditListQuery) =>
  useQuery({ ...auditListQuery(query), placeholderData: keepPreviousData });

export const AUDIT_EXPORT_FILENAME = 'audit-log.csv';

/** Hands a file in memory to the browser as a download, then lets the memory go. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The CSV export of the filters shown. Fetched through the API client (it needs the Bearer
 * token, so a plain link would not do) and saved from memory; failures are shown by the client.
 */
export const useAuditExport = () =>
  useMutation({
    mutationFn: async (query: AuditExportQuery) => {
      saveFile(await download('auditExport', { query }), AUDIT_EXPORT_FILENAME);
    },
  });
