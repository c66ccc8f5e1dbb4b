import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccounts } from '../../db/schema.ts';
import type { DepartmentScope } from '../../lib/department-scope.ts';
import type { Grant, Target } from '../../platforms/adapter.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';

/**
 * Channel accounts as stored: one row per platform account, its grant sealed in the row's own
 * context, so a sealed grant copied to another row does not open there.
 */
export const grantContext = (platform: string, externalId: string) => `channel:${platform}:${externalId}`;

export interface ConnectedAccount {
  platform: ChannelPlatform;
  target: Target;
  /** The target's own grant, or the user's grant that reaches it. */
  grant: Grant;
  /** Where a new (or released) account goes; a live account connected again stays where it is. */
  departmentId: number;
  /** The departments the connecting user may act in: a live account outside them is not theirs to renew. */
  scope: DepartmentScope;
  connectedById: number;
  /** When the health schedule should renew the grant or warn about its end. */
  renewBy: Date | null;
}

export interface SavedAccount {
  id: number;
  created: boolean;
  departmentId: number;
  /** The department a released account was in before this connection took it. */
  previousDepartmentId: number | undefined;
}

/**
 * Saves an account just connected: one row per platform account (the unique platform and
 * external id), so connecting one again renews its row and its history stays with it. A live
 * account is renewed only within the saver's scope and keeps its department (moving it is an
 * action of its own); a released one joins the saver's department. The scope is checked by the
 * upsert itself, so of two departments saving one new account at once, one gets it and the
 * other gets undefined, never the row in the other department.
 */
export async function saveConnectedAccount(
  db: Db,
  vault: TokenVault,
  account: ConnectedAccount,
  now: Date,
): Promise<SavedAccount | undefined> {
  const { platform, target, grant } = account;
  const sealed = vault.seal(grant, grantContext(platform, target.externalId));
  const [before] = await db
    .select({ departmentId: channelAccounts.departmentId, status: channelAccounts.status })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.platform, platform), eq(channelAccounts.externalId, target.externalId)))
    .for('update');
  const released = sql`${channelAccounts.status} = 'released'`;
  const values = {
    name: target.name,
    handle: target.handle ?? null,
    avatarUrl: target.avatarUrl ?? null,
    profileUrl: target.profileUrl ?? null,
    connectedById: account.connectedById,
    scopes: grant.scopes,
    tokenKeyId: sealed.keyId,
    tokensSealed: sealed.sealed,
    tokenExpiresAt: grant.expiresAt ? new Date(grant.expiresAt) : null,
    renewBy: account.renewBy,
    status: 'active',
    lastFailure: null,
    connectedAt: now,
    updatedAt: now,
    releasedAt: null,
    releasedById: null,
  };
  const [row] = await db
    .insert(channelAccounts)
    .values({ platform, externalId: target.externalId, departmentId: account.departmentId, ...values })
    .onConflictDoUpdate({
      target: [channelAccounts.platform, channelAccounts.externalId],
      set: {
        ...values,
        departmentId: sql`case when ${released} then ${account.departmentId}::integer else ${channelAccounts.departmentId} end`,
      },
      setWhere: account.scope.all
        ? undefined
        : or(released, inArray(channelAccounts.departmentId, account.scope.ids)),
    })
    .returning({
      id: channelAccounts.id,
      created: sql<boolean>`xmax = 0`,
      departmentId: channelAccounts.departmentId,
    });
  if (!row) return undefined;
  const moved = before && before.departmentId !== row.departmentId;
  return { ...row, previousDepartmentId: moved ? before.departmentId : undefined };
}

/**
 * Moves a live or released account to another department, if it is in `from` (the mover's
 * scope, which must also hold `to`: the caller checks that). Returns the department it left,
 * or undefined when the account is not in the scope.
 */
export async function moveAccount(
  db: Db,
  input: { id: number; to: number; scope: DepartmentScope },
  now: Date,
): Promise<{ from: number } | undefined> {
  const [before] = await db
    .select({ departmentId: channelAccounts.departmentId })
    .from(channelAccounts)
    .where(eq(channelAccounts.id, input.id))
    .for('update');
  if (!before || !(input.scope.all || input.scope.ids.includes(before.departmentId))) return undefined;
  await db
    .update(channelAccounts)
    .set({ departmentId: input.to, updatedAt: now })
    .where(eq(channelAccounts.id, input.id));
  return { from: before.departmentId };
}

/** What opening a row's grant reads. */
const sealedGrantColumns = {
  platform: channelAccounts.platform,
  externalId: channelAccounts.externalId,
  keyId: channelAccounts.tokenKeyId,
  sealed: channelAccounts.tokensSealed,
};

type SealedGrantRow = { platform: string; externalId: string; keyId: string | null; sealed: string | null };

/** A row's grant opened in its own context; undefined once released (its tokens are wiped). */
function openGrant(vault: TokenVault, row: SealedGrantRow): Grant | undefined {
  if (!row.keyId || !row.sealed) return undefined;
  return vault.open(
    { keyId: row.keyId, sealed: row.sealed },
    grantContext(row.platform, row.externalId),
  ) as unknown as Grant;
}

/** The account's grant, opened; undefined once released (its tokens are wiped). */
export async function accountGrant(db: Db, vault: TokenVault, id: number): Promise<Grant | undefined> {
  const [row] = await db.select(sealedGrantColumns).from(channelAccounts).where(eq(channelAccounts.id, id));
  return row && openGrant(vault, row);
}

/**
 * Releases an account: its tokens wiped, its row kept with its history. Returns false when it was
 * already released (two releases at once: one does it).
 */
export async function releaseAccount(db: Db, id: number, by: number, now: Date): Promise<boolean> {
  const released = await db
    .update(channelAccounts)
    .set({
      status: 'released',
      tokenKeyId: null,
      tokensSealed: null,
      tokenExpiresAt: null,
      renewBy: null,
      releasedAt: now,
      releasedById: by,
      updatedAt: now,
    })
    .where(and(eq(channelAccounts.id, id), sql`${channelAccounts.status} <> 'released'`))
    .returning({ id: channelAccounts.id });
  return released.length > 0;
}

/**
 * A renewed grant for an account (the health schedule's refresh): sealed in the account's own
 * context, with its new expiry and renewal time; the account is active again.
 */
export async function replaceGrant(
  db: Db,
  vault: TokenVault,
  account: { id: number; platform: string; externalId: string },
  grant: Grant,
  renewBy: Date | null,
  now: Date,
): Promise<void> {
  const sealed = vault.seal(grant, grantContext(account.platform, account.externalId));
  await db
    .update(channelAccounts)
    .set({
      tokenKeyId: sealed.keyId,
      tokensSealed: sealed.sealed,
      tokenExpiresAt: grant.expiresAt ? new Date(grant.expiresAt) : null,
      scopes: grant.scopes,
      renewBy,
      status: 'active',
      updatedAt: now,
    })
    .where(and(eq(channelAccounts.id, account.id), sql`${channelAccounts.status} <> 'released'`));
}

/**
 * The other live accounts of the platform holding the same grant (the same refresh token, or the
 * same access token): the communities of one VK user, the organisations of one LinkedIn member.
 * One query brings every candidate's sealed grant, opened here: not a query per account.
 */
export async function accountsSharingGrant(
  db: Db,
  vault: TokenVault,
  account: { id: number; platform: string },
  grant: Grant,
): Promise<{ id: number; platform: string; externalId: string; name: string }[]> {
  const candidates = await db
    .select({ id: channelAccounts.id, name: channelAccounts.name, ...sealedGrantColumns })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.platform, account.platform),
        ne(channelAccounts.id, account.id),
        ne(channelAccounts.status, 'released'),
      ),
    )
    .orderBy(channelAccounts.id);
  return candidates
    .filter((other) => {
      const theirs = openGrant(vault, other);
      return (
        theirs !== undefined &&
        ((grant.refreshToken !== undefined && theirs.refreshToken === grant.refreshToken) ||
          theirs.accessToken === grant.accessToken)
      );
    })
    .map(({ id, platform, externalId, name }) => ({ id, platform, externalId, name }));
}
