import { z } from 'zod';

/** One department; a flat list of these is the tree (clients nest them by parentId). */
export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for the root; may name a department outside the caller's scope (then shown as a root). */
  parentId: z.number().int().nullable(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentListSchema = z.object({ items: z.array(departmentSchema) });
