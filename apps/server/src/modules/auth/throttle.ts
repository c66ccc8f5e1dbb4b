import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { THROTTLE } from '@postdeck/contract/constants';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { AUTH_ACTIONS } from '../audit/audit.ts';

/**
 * Sign-in throttling, computed from the audit log's failure rows (state lives in the
 * database, so every API process sees the same count). An account is locked while it has
 * `perAccount` failures since its last success within the window; an IP while it has
 * `perIp` failures within the window. Returns the seconds left, or 0 when not locked.
 */
export async function lockedForSeconds(db: Db, account: string, ip: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowSeconds * 1000);
  const afterLastSuccess = sql`${auditLog.at} > coalesce((
    select max(s.at) from ${auditLog} s
    where s.action = ${AUTH_ACTIONS.login} and s.actor_account = ${account}
  ), '-infinity'::timestamptz)`;

  const [byAccount, byIp] = await Promise.all([
    nthRecentFailure(
      db,
      [eq(auditLog.actorAccount, account), afterLastSuccess],
      THROTTLE.perAccount,
      windowStart,
    ),
    nthRecentFailure(db, [eq(auditLog.ip, ip)], THROTTLE.perIp, windowStart),
  ]);
  const until = Math.max(byAccount ?? 0, byIp ?? 0) + THROTTLE.windowSeconds * 1000;
  const left = Math.ceil((until - now.getTime()) / 1000);
  return byAccount === undefined && byIp === undefined ? 0 : Math.max(left, 0);
}

/** Time of the n-th most recent failure in the window, if there were that many. */
async function nthRecentFailure(
  db: Db,
  who: SQL[],
  n: number,
  windowStart: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.action, AUTH_ACTIONS.loginFailure), gt(auditLog.at, windowStart), ...who))
    .orderBy(desc(auditLog.at))
    .limit(1)
    .offset(n - 1);
  return row?.at.getTime();
}
