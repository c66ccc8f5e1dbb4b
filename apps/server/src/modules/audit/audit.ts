import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export interface AuditEntry extends RequestMeta {
  actorId?: number | null;
  actorAccount?: string;
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
  at: Date;
}

/** Audit actions written by the auth module. */
export const AUTH_ACTIONS = {
  login: 'auth.login',
  /** A sign-in admitted and not yet checked; left so only if the process stopped meanwhile. */
  loginAttempt: 'auth.login.attempt',
  loginFailure: 'auth.login.failure',
  /** Refused while locked: one entry per window, counting the attempts (detail.attempts). */
  lockedOut: 'auth.login.locked',
  logout: 'auth.logout',
  passwordChange: 'auth.password.change',
  refreshReuse: 'auth.refresh.reuse',
} as const;

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
});

/** Writes one entry; pass the transaction of the change so both land or neither does. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    actorAccount: entry.actorAccount ?? '',
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? {},
    ip: entry.ip,
    userAgent: entry.userAgent,
    at: entry.at,
  });
}

/** One entry for a change a signed-in user made; pass the transaction of the change. */
export async function auditChange(
  db: Db,
  principal: Pick<Principal, 'id' | 'account'>,
  meta: RequestMeta,
  entry: Pick<AuditEntry, 'action' | 'target' | 'detail' | 'at'>,
): Promise<void> {
  await writeAudit(db, { ...meta, ...entry, actorId: principal.id, actorAccount: principal.account });
}
