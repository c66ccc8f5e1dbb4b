import type { Material } from '@postdeck/contract/materials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MATERIALS_KEY } from '../../../components/material-picker/material-queries';

export const materialDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...MATERIALS_KEY, 'detail', id],
    queryFn: ({ signal }) => request('materialDetail', { query: { id }, signal }),
  });

/**
 * One material with freshly signed addresses (the list's may be about to expire while the
 * preview stays open); the list's copy shows meanwhile.
 */
export const useMaterialDetail = (material: Material | undefined) =>
  useQuery({
    ...materialDetailQuery(material?.id ?? 0),
    enabled: material !== undefined,
    placeholderData: material,
    staleTime: 0,
  });
