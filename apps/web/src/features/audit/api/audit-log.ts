import type { AuditExportQuery, AuditListQuery } from '@postdeck/contract/audit';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../api/client';
import { saveFile } from '../../../utils/save-file';

export const auditListQuery = (query: AuditListQuery) =>
  queryOptions({
    queryKey: ['audit', 'list', query],
    queryFn: ({ signal }) => request('auditList', { query, signal }),
  });

export const useAuditList = (query: AuditListQuery) =>
  useQuery({ ...auditListQuery(query), placeholderData: keepPreviousData });

export const AUDIT_EXPORT_FILENAME = 'audit-log.csv';

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
