import { z } from 'zod';
import { passwordSchema } from './validators.ts';

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'validation.required').max(64),
  password: z.string().min(1, 'validation.required').max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `expireIn` and `refreshExpireIn` are lifetimes in seconds; the client stores absolute times. */
export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expireIn: z.number().int(),
  refreshExpireIn: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshQuerySchema = z.object({
  refreshToken: z.string().min(1, 'validation.required').max(256),
});

export const userInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  department: z.object({ id: z.number().int(), name: z.string() }),
  /**
   * The password was set by an administrator: until the user chooses their own, only calls open
   * to any signed-in user answer (others get 100105) and the console shows the password page.
   */
  mustChangePassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const passwordUpdateBodySchema = z.object({
  oldPassword: z.string().min(1, 'validation.required').max(128),
  newPassword: passwordSchema,
});
export type PasswordUpdateBody = z.infer<typeof passwordUpdateBodySchema>;

/** Read by the client before sign-in: where single sign-on lives, if anywhere. */
export const publicConfigSchema = z.object({
  ssoLoginUrl: z.string().nullable(),
  ssoLogoutUrl: z.string().nullable(),
  /** The operation manual; '/manual/' (served in the reader's language) unless configured. */
  operationManualUrl: z.string().optional(),
  systemId: z.string(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
