import { createHash, randomBytes } from 'node:crypto';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelConnections } from '../../db/schema.ts';
import type { Grant, Target } from '../../platforms/adapter.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';

/**
 * A connection under way (issue 12): the OAuth `state` sent to the platform and what comes back.
 * The state is 256 random bits, unguessable, so it needs no signature: only its hash is stored,
 * with the user and department it is bound to. It is good for CONNECTION_TTL_MS and for one
 * callback; the PKCE verifier and, after the callback, the grant and its targets are sealed in
 * the row until the user picks the targets to keep (within CONNECTION_TTL_MS of the callback).
 */
export const CONNECTION_TTL_MS = 10 * 60 * 1000;

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');
const context = (id: number) => `channel-connection:${id}`;

export interface BeginConnection {
  platform: ChannelPlatform;
  userId: number;
  departmentId: number;
  /** A federated platform's instance (Mastodon). */
  instance?: string | undefined;
  /** Whether the platform takes a PKCE challenge. */
  pkce: boolean;
  /** Where the platform sends the browser back; the code exchange must name the same address. */
  redirectUri: string;
}

export interface BegunConnection {
  state: string;
  codeVerifier?: string | undefined;
  /** S256 of the verifier, for the authorisation URL. */
  codeChallenge?: string | undefined;
}

export async function beginConnection(
  db: Db,
  vault: TokenVault,
  input: BeginConnection,
  now: Date,
): Promise<BegunConnection> {
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = input.pkce ? randomBytes(48).toString('base64url') : undefined;
  const codeChallenge = codeVerifier && createHash('sha256').update(codeVerifier).digest('base64url');
  await db.transaction(async (tx) => {
    // Sealed in the row's own context, which needs its id: insert, then seal.
    const [row] = await tx
      .insert(channelConnections)
      .values({
        stateHash: hashOf(state),
        platform: input.platform,
        userId: input.userId,
        departmentId: input.departmentId,
        instance: input.instance ?? null,
        keyId: vault.currentKeyId,
        sealed: '',
        expiresAt: new Date(now.getTime() + CONNECTION_TTL_MS),
      })
      .returning({ id: channelConnections.id });
    if (!row) throw new Error('connection insert returned nothing');
    const sealed = vault.seal({ codeVerifier, redirectUri: input.redirectUri }, context(row.id));
    await tx
      .update(channelConnections)
      .set({ keyId: sealed.keyId, sealed: sealed.sealed })
      .where(eq(channelConnections.id, row.id));
  });
  return { state, codeVerifier, codeChallenge };
}

export type TakenConnection =
  | {
      ok: true;
      id: number;
      platform: string;
      departmentId: number;
      instance: string | null;
      codeVerifier: string | undefined;
      redirectUri: string;
    }
  /** unknown: never issued; used: a second callback; expired: past its ten minutes; otherUser: issued to someone else. */
  | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'otherUser' };

type Peeked =
  { ok: true; row: typeof channelConnections.$inferSelect } | Extract<TakenConnection, { ok: false }>;

/** The connection a state names, if the user may take it now; nothing is changed. */
export async function peekConnection(
  db: Db,
  input: { state: string; userId: number },
  now: Date,
): Promise<Peeked> {
  const [row] = await db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.stateHash, hashOf(input.state)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.userId !== input.userId) return { ok: false, reason: 'otherUser' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  return { ok: true, row };
}

/**
 * Takes a state back from a callback, once: the first callback for it wins, a replay is refused.
 * `accept` sees the connection first: a callback it refuses (one that could not be processed)
 * leaves the state unused, so the same link can be tried again.
 */
export async function takeConnection(
  db: Db,
  vault: TokenVault,
  input: { state: string; userId: number; accept?: (platform: string) => void },
  now: Date,
): Promise<TakenConnection> {
  const peeked = await peekConnection(db, input, now);
  if (!peeked.ok) return peeked;
  const { row } = peeked;
  input.accept?.(row.platform);
  // One UPDATE guarded by "not used yet": of two callbacks at once, one takes it.
  const taken = await db
    .update(channelConnections)
    .set({ usedAt: now, expiresAt: new Date(now.getTime() + CONNECTION_TTL_MS) })
    .where(and(eq(channelConnections.id, row.id), isNull(channelConnections.usedAt)))
    .returning({ id: channelConnections.id });
  if (taken.length === 0) return { ok: false, reason: 'used' };
  const { codeVerifier, redirectUri } = vault.open(
    { keyId: row.keyId, sealed: row.sealed },
    context(row.id),
  ) as {
    codeVerifier?: string;
    redirectUri: string;
  };
  return {
    ok: true,
    id: row.id,
    platform: row.platform,
    departmentId: row.departmentId,
    instance: row.instance,
    codeVerifier,
    redirectUri,
  };
}

/**
 * Gives a taken state back when its callback could not be processed for a reason that spent
 * nothing at the platform (it could not be reached): the user retries from the same page.
 */
export async function untakeConnection(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(channelConnections)
    .set({ usedAt: null })
    .where(
      and(
        eq(channelConnections.id, id),
        isNull(channelConnections.completedAt),
        sql`${channelConnections.expiresAt} > ${now}`,
      ),
    );
}

export interface HeldTargets {
  grant: Grant;
  targets: Target[];
}

/** After the callback: the grant and the targets it reaches, until the user picks. */
export async function holdTargets(db: Db, vault: TokenVault, id: number, held: HeldTargets): Promise<void> {
  const sealed = vault.seal(held, context(id));
  await db
    .update(channelConnections)
    .set({ keyId: sealed.keyId, sealed: sealed.sealed })
    .where(eq(channelConnections.id, id));
}

/**
 * The held targets, for the user the connection belongs to, while it is open; `complete` also
 * closes it, once (two submissions of the pick at once: one gets the targets).
 */
export async function heldTargets(
  db: Db,
  vault: TokenVault,
  input: { id: number; userId: number; complete: boolean },
  now: Date,
): Promise<(HeldTargets & { platform: string; departmentId: number }) | undefined> {
  const open = and(
    eq(channelConnections.id, input.id),
    eq(channelConnections.userId, input.userId),
    isNotNull(channelConnections.usedAt),
    isNull(channelConnections.completedAt),
    sql`${channelConnections.expiresAt} > ${now}`,
  );
  const [row] = input.complete
    ? await db.update(channelConnections).set({ completedAt: now }).where(open).returning()
    : await db.select().from(channelConnections).where(open);
  if (!row) return undefined;
  const held = vault.open(
    { keyId: row.keyId, sealed: row.sealed },
    context(row.id),
  ) as unknown as HeldTargets;
  return { ...held, platform: row.platform, departmentId: row.departmentId };
}

/** Whether the user's connection was completed (picked from) already: a late second pick. */
export async function connectionCompleted(db: Db, input: { id: number; userId: number }): Promise<boolean> {
  const [row] = await db
    .select({ completedAt: channelConnections.completedAt })
    .from(channelConnections)
    .where(and(eq(channelConnections.id, input.id), eq(channelConnections.userId, input.userId)));
  return Boolean(row?.completedAt);
}

/** Forgets connections past their time (the grant they held with them). */
export async function sweepConnections(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(channelConnections)
    .where(lt(channelConnections.expiresAt, now))
    .returning({ id: channelConnections.id });
  return gone.length;
}
