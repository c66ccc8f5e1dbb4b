import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { type ComposerValues, toSaveBody } from '../composer-values';

export interface SaveInput {
  values: ComposerValues;
  /** The content and the version editing started from; absent for a content not created yet. */
  target: { id: number; version: number } | null;
}

/** inlineErrors: the composer puts field errors on its fields and answers a 409 with its own dialog. */
export const saveContent = ({ values, target }: SaveInput) =>
  target
    ? request('contentUpdate', { body: { ...target, ...toSaveBody(values) }, inlineErrors: true })
    : request('contentCreate', { body: toSaveBody(values), inlineErrors: true });

/** Creates or updates a content; the lists show the change next time they are opened. */
export function useContentSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['content', 'list'] }),
  });
}
