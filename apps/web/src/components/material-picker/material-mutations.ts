import type { BodyOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { MATERIALS_KEY } from './material-queries';

/** New materials appear in every list that is showing. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...MATERIALS_KEY, 'list'] });
}

/**
 * Files a finished tus upload. inlineErrors: the uploader shows a refusal (type, size) on the
 * file's own row instead of a passing red message.
 */
export function useUploadComplete() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: BodyOf<'uploadComplete'>) => request('uploadComplete', { body, inlineErrors: true }),
    onSuccess: refresh,
  });
}

/** Imports an image from an address; the form shows the server's refusal on the field. */
export function usePicUrl() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: BodyOf<'picUrl'>) => request('picUrl', { body, inlineErrors: true }),
    onSuccess: refresh,
  });
}
