import type { Material } from '@postdeck/contract/materials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MATERIALS_KEY } from '../../../components/material-picker/material-queries';
import { materialDetailQuery } from './material-detail';

/** Rename and retag; the answer is the material, which the preview shows at once. */
export function useMaterialEdit() {
  const queryClient = useQueryClient();
  const saved = (material: Material) => {
    queryClient.setQueryData(materialDetailQuery(material.id).queryKey, material);
    return queryClient.invalidateQueries({ queryKey: [...MATERIALS_KEY, 'list'] });
  };
  return {
    rename: useMutation({
      mutationFn: (body: { id: number; name: string }) => request('materialRename', { body }),
      onSuccess: saved,
    }),
    tags: useMutation({
      mutationFn: (body: { id: number; tags: string[] }) => request('materialTags', { body }),
      onSuccess: saved,
    }),
  };
}
