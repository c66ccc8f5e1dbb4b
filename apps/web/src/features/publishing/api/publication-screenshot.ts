import type { PublicationScreenshot } from '@postdeck/contract/publication-screenshot';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';

const screenshotKey = (id: number | undefined) => ['publicationScreenshot', id] as const;

/**
 * A publication's screenshot, or why there is none. inlineErrors: the page shows a 404 in its
 * place. The picture's address is signed for an hour, so the answer stays fresh for a while.
 */
export const usePublicationScreenshot = (id: number | undefined) =>
  useQuery({
    queryKey: screenshotKey(id),
    queryFn: ({ signal }) =>
      request('publicationScreenshot', { query: { id: id ?? 0 }, signal, inlineErrors: true }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 10 * 60_000,
  });

/** "Take again": a new picture now (the call waits for it, up to the route's 600 s). */
export function useTakeScreenshotAgain(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('publicationScreenshot', { query: { id: id ?? 0, again: 'true' } }),
    onSuccess: (answer: PublicationScreenshot) => queryClient.setQueryData(screenshotKey(id), answer),
  });
}
