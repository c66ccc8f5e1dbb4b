import { useMutation } from '@tanstack/react-query';
import { request } from '../../../api/client';

/**
 * Downloads a selection as one zip: the server signs an address that streams it, and the
 * browser goes there so it saves the file to disk instead of holding it in memory.
 */
export const useZipDownload = () =>
  useMutation({
    mutationFn: (ids: number[]) => request('materialZipLink', { body: { ids } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
