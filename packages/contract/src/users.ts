import { z } from './zod.ts';
import {
  idListSchema,
  int4ParamSchema,
  int4Schema,
  keysetPageOf,
  keysetPageQuerySchema,
} from './envelope.ts';
import { passwordSchema, usernameSchema } from './validators.ts';

/** Spec §7 Users, for administrators (issue 5): the user list and its forms. */

export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_LIMITS = { name: 64, email: 254, roles: 20 } as const;

export const userAdminItemSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string(),
  department: z.object({ id: z.number().int(), name: z.string() }),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  status: z.enum(USER_STATUSES),
  /** Set by an administrator's password: the user must choose their own at next sign-in. */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type UserAdminItem = z.infer<typeof userAdminItemSchema>;

export const userListQuerySchema = keysetPageQuerySchema.extend({
  account: z.string().trim().max(64).optional(),
  name: z.string().trim().max(USER_LIMITS.name).optional(),
  departmentId: int4ParamSchema.optional(),
  role: z.string().trim().max(64).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListFilters = z.output<typeof userListQuerySchema>;
export const userListSchema = keysetPageOf(userAdminItemSchema);

const editableFields = {
  name: z.string().trim().min(1, 'validation.required').max(USER_LIMITS.name),
  email: z.union([z.literal(''), z.email('validation.email').max(USER_LIMITS.email)]).default(''),
  departmentId: int4Schema,
  roleCodes: z.array(z.string().min(1).max(64)).min(1, 'validation.required').max(USER_LIMITS.roles),
};

export const userCreateBodySchema = z.object({
  account: usernameSchema,
  /** The first password; the user must change it at first sign-in. */
  password: passwordSchema,
  ...editableFields,
});
export type UserCreateBody = z.input<typeof userCreateBodySchema>;

export const userUpdateBodySchema = z.object({ id: int4Schema, ...editableFields });
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** Disabling ends every session of the user at once. */
export const userStatusBodySchema = z.object({
  id: int4Schema,
  status: z.enum(USER_STATUSES),
});
export type UserStatusBody = z.input<typeof userStatusBodySchema>;

/** GET /control/user/delete?ids=: soft; never oneself nor the last active administrator. */
export const userDeleteQuerySchema = z.object({ ids: idListSchema });

/** GET /control/user/getUserFromOpsById?account=: a person in the company directory. */
export const directoryQuerySchema = z.object({
  account: z.string().trim().min(1, 'validation.required').max(64),
});
export const directoryPersonSchema = z.object({
  account: z.string(),
  name: z.string(),
  email: z.string(),
  /** The directory's name for their department, when it has one; a hint for the form. */
  department: z.string().nullable(),
  /** Already a Postdeck user (then the form edits rather than creates). */
  existingUserId: z.number().int().nullable(),
});
export type DirectoryPerson = z.infer<typeof directoryPersonSchema>;
export const directoryResultSchema = directoryPersonSchema.nullable();

/**
 * POST /control/user/pass/update: the own password with `oldPassword`; or, with `userId`, an
 * administrator (system:user) sets another user's password, which that user must change at next
 * sign-in, and their sessions end. One object rather than a union, so a missing field is named.
 */
export const passwordBodySchema = z
  .object({
    oldPassword: z.string().min(1, 'validation.required').max(128).optional(),
    userId: int4Schema.optional(),
    newPassword: passwordSchema,
  })
  .superRefine((body, ctx) => {
    if (body.userId === undefined && body.oldPassword === undefined) {
      ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: 'validation.required' });
    }
  });

/** Roles to pick on the user form. */
export const roleOptionSchema = z.object({ code: z.string(), name: z.string(), builtIn: z.boolean() });
export const roleOptionsSchema = z.object({ items: z.array(roleOptionSchema) });
