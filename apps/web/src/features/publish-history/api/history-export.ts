import type { PublishExportQuery } from '@postdeck/contract/publish-export';
import { useMutation } from '@tanstack/react-query';
import { download } from '../../../api/client';
import { saveFile } from '../../../utils/save-file';

/**
 * The filtered list as a file (XLSX or CSV). Fetched through the API client, which sends the
 * session's Bearer token (a plain link would not), and saved from memory; failures are shown by
 * the client.
 */
export const useHistoryExport = () =>
  useMutation({
    mutationFn: async (query: PublishExportQuery) => {
      saveFile(
        await download('publishHistoryExport', { query }),
        `publish-list-${query.list ?? 'department'}.${query.format ?? 'xlsx'}`,
      );
    },
  });
