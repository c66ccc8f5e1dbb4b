import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { THROTTLE } from '@postdeck/contract/constants';
import type { Db } from '../../db/client.ts';
import { lockKeys } from '../../db/locks.ts';
import { auditLog } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { AUTH_ACTIONS, type AuditEntry, type RequestMeta, writeAudit } from '../audit/audit.ts';

/**
 * Sign-in throttling, kept in audit_log rows so every API process sees the same state.
 *
 * An attempt is recorded before its password is checked: admission counts the attempts and
 * failures of the window and, if below the limits, writes an `auth.login.attempt` row, all in
 * one short transaction holding an advisory lock on the account and on the IP. Parallel
 * attempts are so admitted one at a time, and no more than `perAccount` attempts per account
 * (since its last success) and `perIp` per IP are ever checked in a window, however they
 * arrive. The check itself (argon2, or the directory) runs after the commit, holding no
 * connection or lock, so a burst waits only for the short admissions and never starves the pool
 * for the length of a hash. Its outcome then turns the attempt row into the failure or the
 * sign-in row; an attempt row left as it is means the process stopped before knowing, and it
 * counts as a failure until it leaves the window.
 */
const COUNTED = [AUTH_ACTIONS.loginAttempt, AUTH_ACTIONS.loginFailure];

type LockedBy = 'account' | 'ip';
interface Lock {
  seconds: number;
  by: LockedBy;
}

/**
 * Admits an attempt and returns the id of its audit row, to be settled with `settleAttempt`;
 * or, while the account or the IP is locked, records the refusal and throws 429.
 */
export async function admitAttempt(db: Db, account: string, meta: RequestMeta, now: Date): Promise<number> {
  // Most attempts during an attack are refused: they read, without waiting for the lock.
  let lock = await lockOf(db, account, meta.ip, now);
  if (!lock) {
    const admitted = await db.transaction(async (tx) => {
      await lockKeys(tx, [accountKey(account), ipKey(meta.ip)]);
      const current = await lockOf(tx, account, meta.ip, now);
      if (current) return current;
      const [row] = await tx
        .insert(auditLog)
        .values({
          actorAccount: account,
          action: AUTH_ACTIONS.loginAttempt,
          ip: meta.ip,
          userAgent: meta.userAgent,
          at: now,
        })
        .returning({ id: auditLog.id });
      if (!row) throw new Error('sign-in attempt not recorded');
      return row.id;
    });
    if (typeof admitted === 'number') return admitted;
    lock = admitted;
  }
  await recordRefusal(db, account, meta, now, lock.by);
  throw new AppError('tooManyRequests', {
    params: { minutes: Math.ceil(lock.seconds / 60) },
    data: { retryAfterSeconds: lock.seconds },
  });
}

/** Turns an admitted attempt's row into what came of it: the failure or the sign-in entry. */
export async function settleAttempt(db: Db, attemptId: number, entry: AuditEntry): Promise<void> {
  await db
    .update(auditLog)
    .set({
      actorId: entry.actorId ?? null,
      actorAccount: entry.actorAccount ?? '',
      action: entry.action,
      target: entry.target ?? '',
      detail: entry.detail ?? {},
      at: entry.at,
    })
    .where(eq(auditLog.id, attemptId));
}

/** Forgets an attempt whose check could not be made (the directory was unreachable). */
export async function dropAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(auditLog).where(eq(auditLog.id, attemptId));
}

/**
 * The lock on this account or IP, if any. An account is locked while it has `perAccount`
 * attempts or failures in the window after its last success; an IP while it has `perIp`.
 */
async function lockOf(db: Db, account: string, ip: string, now: Date): Promise<Lock | undefined> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowSeconds * 1000);
  // By id, not time: the success row keeps its attempt's id, so attempts admitted after it count.
  const afterLastSuccess = sql`${auditLog.id} > coalesce((
    select max(s.id) from ${auditLog} s
    where s.action = ${AUTH_ACTIONS.login} and s.actor_account = ${account}
      and s.at > ${windowStart.toISOString()}::timestamptz
  ), 0)`;
  const [byAccount, byIp] = await Promise.all([
    nthRecent(db, [eq(auditLog.actorAccount, account), afterLastSuccess], THROTTLE.perAccount, windowStart),
    nthRecent(db, [eq(auditLog.ip, ip)], THROTTLE.perIp, windowStart),
  ]);
  // Locked until the n-th most recent leaves the window.
  const secondsFrom = (at: number) =>
    Math.max(Math.ceil((at + THROTTLE.windowSeconds * 1000 - now.getTime()) / 1000), 1);
  if (byAccount !== undefined) {
    return { by: 'account', seconds: secondsFrom(Math.max(byAccount, byIp ?? 0)) };
  }
  return byIp === undefined ? undefined : { by: 'ip', seconds: secondsFrom(byIp) };
}

/** Time of the n-th most recent counted row in the window, if there were that many. */
async function nthRecent(db: Db, who: SQL[], n: number, windowStart: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(inArray(auditLog.action, COUNTED), gt(auditLog.at, windowStart), ...who))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1)
    .offset(n - 1);
  return row?.at.getTime();
}

/**
 * Refusals while locked are one row per window: per account and IP for a locked account, per
 * IP for a locked IP, counting the attempts and the time of the last. A flood of them adds no
 * rows, and the first still tells when the lock was met.
 */
async function recordRefusal(db: Db, account: string, meta: RequestMeta, now: Date, by: LockedBy) {
  const actorAccount = by === 'account' ? account : '';
  const windowStart = new Date(now.getTime() - THROTTLE.windowSeconds * 1000);
  const bump = async (conn: Db) => {
    const updated = await conn
      .update(auditLog)
      .set({
        detail: sql`${auditLog.detail} || jsonb_build_object(
          'attempts', coalesce((${auditLog.detail} ->> 'attempts')::int, 1) + 1,
          'lastAt', ${now.toISOString()}::text)`,
      })
      .where(
        eq(
          auditLog.id,
          sql`(select l.id from ${auditLog} l
            where l.action = ${AUTH_ACTIONS.lockedOut} and l.actor_account = ${actorAccount}
              and l.ip = ${meta.ip} and l.at > ${windowStart.toISOString()}::timestamptz
            order by l.at desc, l.id desc limit 1)`,
        ),
      )
      .returning({ id: auditLog.id });
    return updated.length > 0;
  };
  if (await bump(db)) return;
  await db.transaction(async (tx) => {
    // The first refusal of a window inserts; the lock keeps a parallel one from inserting too.
    await lockKeys(tx, [by === 'account' ? accountKey(account) : ipKey(meta.ip)]);
    if (await bump(tx)) return;
    await writeAudit(tx, {
      ...meta,
      at: now,
      action: AUTH_ACTIONS.lockedOut,
      actorAccount,
      detail: { lockedBy: by, attempts: 1, lastAt: now.toISOString() },
    });
  });
}

/** 64-bit advisory lock keys, in their own namespace so they meet no other lock of the app. */
const lockKey = (name: string) =>
  createHash('sha256').update(`postdeck:sign-in:${name}`).digest().readBigInt64BE(0);
const accountKey = (account: string) => lockKey(`account:${account}`);
const ipKey = (ip: string) => lockKey(`ip:${ip}`);
