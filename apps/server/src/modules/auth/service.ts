import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginBody, PasswordUpdateBody, TokenPair } from '@postdeck/contract/auth';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { PrincipalCache } from '../../lib/principal-cache.ts';
import type { Principal } from '../../lib/principal.ts';
import { AUTH_ACTIONS, type RequestMeta, writeAudit } from '../audit/audit.ts';
import type { AccessTokens } from './access-tokens.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  findRefreshTokenForUpdate,
  type IssuedRefreshToken,
  issueRefreshToken,
  markRotated,
  revokeFamily,
  revokeUserSessions,
} from './refresh-tokens.ts';
import { admitAttempt, dropAttempt, settleAttempt } from './throttle.ts';

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  refreshTokenTtl: number;
  principals: PrincipalCache;
  /**
   * LDAP_PASSWORD_CHECK: passwords are checked against the company directory instead of the
   * local hash (the account must still be a Postdeck user), except for `localAccounts`
   * (LDAP_LOCAL_ACCOUNTS, lower case: a break-glass administrator). Called for unknown accounts
   * too, so they cost what a known one does.
   */
  passwordCheck?: {
    verify: (account: string, password: string) => Promise<boolean>;
    localAccounts: ReadonlySet<string>;
  };
}

/** Sign-in, token rotation, sign-out and password change: the session rules of issue 2 §6. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, accessTokens, principals } = deps;
  /** The directory checking this account's password, if one does. */
  const directoryFor = (account: string) =>
    deps.passwordCheck && !deps.passwordCheck.localAccounts.has(account.toLowerCase())
      ? deps.passwordCheck
      : undefined;

  async function tokenPair(userId: number, familyId: string, refreshToken: string): Promise<TokenPair> {
    return {
      accessToken: await accessTokens.sign({ userId, familyId }),
      refreshToken,
      expireIn: accessTokens.ttlSeconds,
      refreshExpireIn: deps.refreshTokenTtl,
    };
  }

  async function login(input: LoginBody, meta: RequestMeta): Promise<TokenPair> {
    const now = clock.now();
    const accountKey = input.username.toLowerCase();
    // Recorded before the check, so parallel attempts cannot all pass a count taken before any.
    const attemptId = await admitAttempt(db, accountKey, meta, now);

    let user: { id: number; status: string; passwordHash: string } | undefined;
    let passwordOk: boolean;
    const directory = directoryFor(accountKey);
    try {
      [user] = await db
        .select({ id: users.id, status: users.status, passwordHash: users.passwordHash })
        .from(users)
        .where(and(sql`lower(${users.account}) = ${accountKey}`, isNull(users.deletedAt)));
      passwordOk = directory
        ? await directory.verify(input.username, input.password)
        : await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
    } catch (error) {
      // Nothing was learnt about the password: the attempt does not count.
      await dropAttempt(db, attemptId);
      throw error;
    }
    if (!user || !passwordOk || user.status !== 'active') {
      const reason = !user ? 'unknown account' : !passwordOk ? 'wrong password' : 'disabled';
      await settleAttempt(db, attemptId, {
        ...meta,
        at: now,
        action: AUTH_ACTIONS.loginFailure,
        actorId: user?.id ?? null,
        actorAccount: accountKey,
        detail: { reason },
      });
      // A disabled account is only named to someone who knows its password.
      throw new AppError(user && passwordOk ? 'accountDisabled' : 'badCredentials');
    }

    if (directory) {
      // The directory owns the password: one an administrator set here is never asked to change.
      await db.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    }
    const issued = await startSession({ id: user.id, account: accountKey }, meta, { attemptId });
    return tokenPair(user.id, issued.familyId, issued.token);
  }

  /**
   * Opens a session for a user whose identity is established (a checked password, or single
   * sign-on): a new refresh-token family and its audit entry. Single sign-on shortens the first
   * refresh token's life (`refreshTtlSeconds`) and hands it to the browser as a one-time code.
   * A password sign-in passes its admitted attempt (`attemptId`), whose row becomes the entry.
   */
  async function startSession(
    user: { id: number; account: string },
    meta: RequestMeta,
    options: { refreshTtlSeconds?: number; detail?: Record<string, unknown>; attemptId?: number } = {},
  ): Promise<IssuedRefreshToken> {
    const now = clock.now();
    const issued = await db.transaction(async (tx) => {
      const refresh = await issueRefreshToken(tx, {
        userId: user.id,
        now,
        ttlSeconds: options.refreshTtlSeconds ?? deps.refreshTokenTtl,
      });
      const entry = {
        ...meta,
        at: now,
        action: AUTH_ACTIONS.login,
        actorId: user.id,
        actorAccount: user.account.toLowerCase(),
        target: `session:${refresh.familyId}`,
        ...(options.detail ? { detail: options.detail } : {}),
      };
      if (options.attemptId === undefined) await writeAudit(tx, entry);
      else await settleAttempt(tx, options.attemptId, entry);
      return refresh;
    });
    await principals.invalidate(user.id);
    return issued;
  }

  async function refresh(token: string, meta: RequestMeta): Promise<TokenPair> {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const row = await findRefreshTokenForUpdate(tx, token);
      if (!row) return { error: 'refreshInvalid' as const };
      if (row.revokedAt) return { error: 'sessionRevoked' as const, userId: row.userId };
      if (row.rotatedAt) {
        // Presenting a token that was already exchanged means it leaked: end the whole family.
        await revokeFamily(tx, row.familyId, now, 'reuse');
        await writeAudit(tx, {
          ...meta,
          at: now,
          action: AUTH_ACTIONS.refreshReuse,
          actorId: row.userId,
          target: `session:${row.familyId}`,
        });
        return { error: 'refreshReused' as const, userId: row.userId };
      }
      if (row.expiresAt <= now) return { error: 'refreshExpired' as const };
      const [user] = await tx
        .select({ status: users.status, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user || user.status !== 'active' || user.deletedAt) {
        await revokeFamily(tx, row.familyId, now, 'disabled');
        return { error: 'sessionDisabled' as const, userId: row.userId };
      }
      const next = await issueRefreshToken(tx, {
        userId: row.userId,
        familyId: row.familyId,
        now,
        ttlSeconds: deps.refreshTokenTtl,
      });
      await markRotated(tx, row.id, next.id, now);
      return { error: undefined, userId: row.userId, familyId: row.familyId, token: next.token };
    });
    if (outcome.error !== undefined) {
      if (outcome.userId !== undefined) await principals.invalidate(outcome.userId);
      throw new AppError(outcome.error);
    }
    return tokenPair(outcome.userId, outcome.familyId, outcome.token);
  }

  async function logout(principal: Principal, familyId: string, meta: RequestMeta): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await revokeFamily(tx, familyId, now, 'logout');
      await writeAudit(tx, {
        ...meta,
        at: now,
        action: AUTH_ACTIONS.logout,
        actorId: principal.id,
        actorAccount: principal.account.toLowerCase(),
        target: `session:${familyId}`,
      });
    });
    await principals.invalidate(principal.id);
  }

  async function changePassword(
    principal: Principal,
    familyId: string,
    input: PasswordUpdateBody,
    meta: RequestMeta,
  ): Promise<void> {
    if (directoryFor(principal.account)) throw new AppError('passwordManagedByDirectory');
    const now = clock.now();
    const [user] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, principal.id));
    if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
      throw new AppError('oldPasswordWrong', {
        fieldErrors: [fieldError('oldPassword', 'oldPasswordWrong')],
      });
    }
    if (input.oldPassword === input.newPassword) {
      throw new AppError('passwordReused', { fieldErrors: [fieldError('newPassword', 'passwordReused')] });
    }
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false })
        .where(eq(users.id, principal.id));
      await revokeUserSessions(tx, principal.id, now, 'password change', familyId);
      await writeAudit(tx, {
        ...meta,
        at: now,
        action: AUTH_ACTIONS.passwordChange,
        actorId: principal.id,
        actorAccount: principal.account.toLowerCase(),
        target: `user:${principal.id}`,
      });
    });
    await principals.invalidate(principal.id);
  }

  return { login, startSession, refresh, logout, changePassword };
}

export type AuthService = ReturnType<typeof createAuthService>;
