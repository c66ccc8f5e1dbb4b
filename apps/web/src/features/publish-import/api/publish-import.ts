import type { PublishImportPreview, PublishImportPreviewBody } from '@postdeck/contract/publish-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { download, request } from '../../../api/client';
import { saveFile } from '../../../utils/save-file';

/**
 * Lists that show what a confirmation schedules: the publish list and the scheduled publishing
 * page. Named by their keys' first part (features do not import one another).
 */
const SCHEDULED_LISTS = [['publishing'], ['schedule']] as const;

/** The template (CSV or XLSX) in the interface's language, saved from memory. */
export const useImportTemplate = () =>
  useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      saveFile(
        await download('publishImportTemplate', { query: { format } }),
        `publish-import-template.${format}`,
      );
    },
  });

/** Reads a file into a preview; nothing is scheduled. Refusals are shown by the dialog itself. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (body: PublishImportPreviewBody): Promise<PublishImportPreview> =>
      request('publishImportPreview', { body, inlineErrors: true }),
  });

/** Schedules every row of a preview (all or none); the lists that show them are read again. */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      request('publishImportConfirm', { body: { importId }, inlineErrors: true }),
    onSuccess: () =>
      Promise.all(SCHEDULED_LISTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
