import { z } from './zod.ts';
import { int4Schema } from './envelope.ts';

/** One department; a flat list of these is the tree (clients nest them by parentId). */
export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for the root; may name a department outside the caller's scope (then shown as a root). */
  parentId: z.number().int().nullable(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentListSchema = z.object({ items: z.array(departmentSchema) });

export const DEPARTMENT_LIMITS = { name: 64 } as const;

/** A department as its administration shows it, with what it holds (only an empty one goes). */
export const departmentAdminItemSchema = departmentSchema.extend({
  sort: z.number().int(),
  /** Live users of the department itself (not of its sub-departments). */
  userCount: z.number().int(),
  /** Sub-departments, users, contents and materials in it: a delete needs all at zero. */
  empty: z.boolean(),
});
export type DepartmentAdminItem = z.infer<typeof departmentAdminItemSchema>;
export const departmentAdminListSchema = z.object({ items: z.array(departmentAdminItemSchema) });

const name = z.string().trim().min(1, 'validation.required').max(DEPARTMENT_LIMITS.name);

export const departmentCreateBodySchema = z.object({
  name,
  parentId: int4Schema,
  sort: z.number().int().min(0).max(100_000).default(0),
});
export type DepartmentCreateBody = z.input<typeof departmentCreateBodySchema>;

/** Rename and move in one: `parentId` another department (never itself or below it). */
export const departmentUpdateBodySchema = departmentCreateBodySchema.extend({ id: int4Schema });
export type DepartmentUpdateBody = z.input<typeof departmentUpdateBodySchema>;

export const departmentDeleteBodySchema = z.object({ id: int4Schema });
