import { z } from './zod.ts';
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
  /**
   * OpenID Connect sign-on is configured (OIDC_ISSUER): the login page offers it, and the two
   * addresses above are Postdeck's own OIDC routes (login takes `redirect`, logout nothing).
   */
  oidc: z.boolean(),
  /**
   * The operation manual, `{lang}` standing for the reader's language: '/manual/{lang}.pdf' (the
   * manual Postdeck serves, as a PDF) unless configured.
   */
  operationManualUrl: z.string().optional(),
  systemId: z.string(),
  version: z.string(),
  /** The channel platforms run on the local sandbox servers (issue 12): the top bar says "Sandbox". */
  sandbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /auth/oidc/login: the page (a path of this site) to return to after signing in. */
export const oidcLoginQuerySchema = z.object({ redirect: z.string().max(2048).optional() });

/** GET /auth/oidc/callback: the provider's authorisation response (RFC 6749 §4.1.2, RFC 9207). */
export const oidcCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

/** POST /auth/oidc/exchange: the one-time code from `/login?sso=`; answers the TokenPair of login. */
export const oidcExchangeBodySchema = z.object({
  code: z.string().min(1, 'validation.required').max(256),
});
export type OidcExchangeBody = z.infer<typeof oidcExchangeBodySchema>;

/** The OIDC routes answer with a redirect (302), not the JSON envelope. */
export const redirectSchema = z.null();
