import type { Material, MaterialListQuery } from '@postdeck/contract/materials';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';

/** Every cached answer about the library starts with this key, so one invalidation refreshes all. */
export const MATERIALS_KEY = ['materials'] as const;

/** While a visible material is still being processed, the list asks again this often. */
export const PROCESSING_POLL_MS = 2000;

const anyProcessing = (items: readonly Material[] | undefined) =>
  items?.some((material) => material.status === 'processing') ?? false;

export const materialListQuery = (query: MaterialListQuery) =>
  queryOptions({
    queryKey: [...MATERIALS_KEY, 'list', query],
    queryFn: ({ signal }) => request('materialList', { query, signal }),
  });

/**
 * A page of the library; polls until no material on it is processing any more. `enabled`: a
 * hidden picker neither asks nor polls.
 */
export const useMaterialList = (query: MaterialListQuery, enabled = true) =>
  useQuery({
    ...materialListQuery(query),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (anyProcessing(current.state.data?.items) ? PROCESSING_POLL_MS : false),
  });

/** Limits and upload address; they change only with the server's configuration. */
export const materialSettingsQuery = () =>
  queryOptions({
    queryKey: [...MATERIALS_KEY, 'settings'],
    queryFn: ({ signal }) => request('materialSettings', { signal }),
    staleTime: 10 * 60_000,
  });

export const useMaterialSettings = () => useQuery(materialSettingsQuery());
