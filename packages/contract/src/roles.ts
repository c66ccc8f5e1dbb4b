import { z } from './zod.ts';
import { idListSchema, int4ParamSchema, int4Schema, pageOf, pageQuerySchema } from './envelope.ts';
import { DATA_SCOPES } from './permissions.ts';

/**
 * Spec §7 roles (`/control/user/userrole/*`, each with query parameters) and the role form:
 * a role grants the menu entries (pages and actions) ticked on the menu tree, and a data scope.
 */

export const ROLE_LIMITS = { code: 32, name: 64 } as const;

/** The built-in administrator role: always every entry and every department, never edited. */
export const ADMIN_ROLE = 'admin';

export const roleItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  dataScope: z.enum(DATA_SCOPES),
  builtIn: z.boolean(),
  /** Live (not deleted) users holding the role; only a role with none can be deleted. */
  userCount: z.number().int(),
  /** Menu entries (pages, groups and actions) the role is given. */
  menuIds: z.array(z.number().int()),
});
export type RoleItem = z.infer<typeof roleItemSchema>;

export const roleListQuerySchema = pageQuerySchema.extend({
  /** Matches code or name. */
  keyword: z.string().trim().max(ROLE_LIMITS.name).optional(),
});
export type RoleListQuery = z.input<typeof roleListQuerySchema>;
export const roleListSchema = pageOf(roleItemSchema);

/** Letters, digits, underscore; starts with a letter: codes appear in user info `roles`. */
const roleCode = z
  .string()
  .trim()
  .min(2, 'validation.roleCode')
  .max(ROLE_LIMITS.code, 'validation.roleCode')
  .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, 'validation.roleCode');

const roleFields = {
  name: z.string().trim().min(1, 'validation.required').max(ROLE_LIMITS.name),
  dataScope: z.enum(DATA_SCOPES),
  /** Comma-separated menu entry ids; empty grants nothing (yet). */
  menuIds: z.union([z.literal(''), idListSchema]).default(''),
};

/** GET /control/user/userrole/add?code=&name=&dataScope=&menuIds=: a new role. */
export const roleAddQuerySchema = z.object({ code: roleCode, ...roleFields });
export type RoleAddQuery = z.input<typeof roleAddQuerySchema>;

/** POST /control/role/update: rename, change the data scope and the granted entries. */
export const roleUpdateBodySchema = z.object({
  id: int4Schema,
  name: roleFields.name,
  dataScope: roleFields.dataScope,
  menuIds: z.array(int4Schema).max(1000),
});
export type RoleUpdateBody = z.input<typeof roleUpdateBodySchema>;

/** GET /control/user/userrole/insert?roleId=&userIds=: give users the role. */
export const roleInsertQuerySchema = z.object({ roleId: int4ParamSchema, userIds: idListSchema });
export type RoleInsertQuery = z.input<typeof roleInsertQuerySchema>;

/**
 * GET /control/user/userrole/delete?roleId=[&userIds=]: with userIds, take the role from those
 * users; without, delete the role itself, which only a role nobody holds can be.
 */
export const roleDeleteQuerySchema = z.object({ roleId: int4ParamSchema, userIds: idListSchema.optional() });
export type RoleDeleteQuery = z.input<typeof roleDeleteQuerySchema>;

/** GET /control/user/userrole/users: users of the caller's scope, holding the role or not. */
export const roleUsersQuerySchema = pageQuerySchema.extend({
  roleId: int4ParamSchema,
  /** true: the role's users; false: users of the scope who could be given it. */
  member: z.enum(['true', 'false']).transform((v) => v === 'true'),
  keyword: z.string().trim().max(64).optional(),
});
export type RoleUsersQuery = z.input<typeof roleUsersQuerySchema>;
export const roleUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  department: z.string(),
});
export type RoleUser = z.infer<typeof roleUserSchema>;
export const roleUsersSchema = pageOf(roleUserSchema);
