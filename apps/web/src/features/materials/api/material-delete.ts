import { ERRORS } from '@postdeck/contract/errors';
import { materialInUseSchema } from '@postdeck/contract/materials';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { request } from '../../../api/client';
import { MATERIALS_KEY } from '../../../components/material-picker/material-queries';

export type UsingContent = { id: number; title: string };

/** The contents a 409 materialInUse names, or undefined for any other failure. */
export function contentsUsing(error: unknown): UsingContent[] | undefined {
  if (!isApiError(error) || error.code !== ERRORS.materialInUse.code) return undefined;
  return materialInUseSchema.safeParse(error.data).data?.contents ?? [];
}

/**
 * Deletes one material. inlineErrors: the delete dialog shows why (the contents using it, or
 * the refusal of a forced delete) next to the material instead of a passing message.
 */
export function useMaterialDelete() {
  const queryClient = useQueryClient();
  return {
    remove: (id: number, force: boolean) =>
      request('materialDelete', { body: { id, force }, inlineErrors: true }),
    refresh: () => queryClient.invalidateQueries({ queryKey: MATERIALS_KEY }),
  };
}
