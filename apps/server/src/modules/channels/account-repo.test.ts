import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { channelAccounts } from '../../db/schema.ts';
import { createTokenVault } from '../../platforms/token-vault.ts';
import { createBootstrappedDatabase } from '../../test/test-app.ts';
import { accountGrant, accountsSharingGrant, releaseAccount, saveConnectedAccount } from './account-repo.ts';

const vault = createTokenVault({ masterSecret: randomBytes(48) });

/** A save the scope allows: it returns the row. */
async function saved<T>(save: Promise<T | undefined>): Promise<T> {
  const row = await save;
  if (!row) throw new Error('the save was refused');
  return row;
}
const now = new Date('2026-11-26T08:00:00Z');
const grant = {
  accessToken: 'page-token-1',
  scopes: ['pages_manage_posts'],
  expiresAt: '2027-01-25T08:00:00Z',
};

describe('channel accounts as stored', () => {
  let database: Database;
  let department: number;
  beforeAll(async () => {
    ({ database, rootDepartmentId: department } = await createBootstrappedDatabase());
  });
  afterAll(() => database.close());

  const connect = (externalId: string, accessToken = grant.accessToken) =>
    saved(
      saveConnectedAccount(
        database.db,
        vault,
        {
          platform: 'facebook',
          target: { externalId, name: `Page ${externalId}` },
          grant: { ...grant, accessToken },
          departmentId: department,
          scope: { all: true },
          connectedById: 1,
          renewBy: null,
        },
        now,
      ),
    );

  it('keeps the grant sealed in the row, opening only there', async () => {
    const { id } = await connect('p1');
    const [row] = await database.db.select().from(channelAccounts).where(eq(channelAccounts.id, id));
    expect(row?.tokensSealed).not.toContain('page-token-1');
    expect(row?.tokenKeyId).toBe(vault.currentKeyId);
    expect(await accountGrant(database.db, vault, id)).toEqual(grant);
    // The same sealed grant moved to another account's row does not open.
    const other = await connect('p2', 'page-token-2');
    await database.db
      .update(channelAccounts)
      .set({ tokensSealed: row?.tokensSealed ?? null })
      .where(eq(channelAccounts.id, other.id));
    await expect(accountGrant(database.db, vault, other.id)).rejects.toThrow();
  });

  it('connecting an account again, even twice at once, renews its one row', async () => {
    const first = await connect('p3');
    const again = await Promise.all([connect('p3', 'renewed-a'), connect('p3', 'renewed-b')]);
    expect(again.map((r) => r.id)).toEqual([first.id, first.id]);
    const rows = await database.db.select().from(channelAccounts).where(eq(channelAccounts.externalId, 'p3'));
    expect(rows).toHaveLength(1);
    expect(['renewed-a', 'renewed-b']).toContain(
      (await accountGrant(database.db, vault, first.id))?.accessToken,
    );
  });

  it('a release wipes the tokens and keeps the row; a second release changes nothing', async () => {
    const { id } = await connect('p4');
    const both = await Promise.all([
      releaseAccount(database.db, id, 1, now),
      releaseAccount(database.db, id, 1, now),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const [row] = await database.db.select().from(channelAccounts).where(eq(channelAccounts.id, id));
    expect(row).toMatchObject({ status: 'released', tokensSealed: null, tokenKeyId: null, releasedById: 1 });
    expect(await accountGrant(database.db, vault, id)).toBeUndefined();
    // Connected again: active, with a grant, the same row.
    expect((await connect('p4')).id).toBe(id);
    expect(await accountGrant(database.db, vault, id)).toEqual(grant);
  });

  it('finds the live accounts of the platform holding the same grant, by refresh or access token', async () => {
    const vkGrant = (accessToken: string, refreshToken?: string) => ({
      accessToken,
      refreshToken,
      scopes: ['wall'],
    });
    const connectVk = (externalId: string, accessToken: string, refreshToken?: string) =>
      saved(
        saveConnectedAccount(
          database.db,
          vault,
          {
            platform: 'vk',
            target: { externalId, name: `Community ${externalId}` },
            grant: vkGrant(accessToken, refreshToken),
            departmentId: department,
            scope: { all: true },
            connectedById: 1,
            renewBy: null,
          },
          now,
        ),
      );
    const first = await connectVk('g1', 'user-a', 'refresh-a');
    const second = await connectVk('g2', 'user-a-older', 'refresh-a');
    const third = await connectVk('g3', 'user-a');
    await connectVk('g4', 'user-b', 'refresh-b');
    const released = await connectVk('g5', 'user-a', 'refresh-a');
    await releaseAccount(database.db, released.id, 1, now);
    // A Facebook page with the same token string is another platform's: never the same grant.
    await connect('p-same-token', 'user-a');

    const shared = await accountsSharingGrant(
      database.db,
      vault,
      { id: first.id, platform: 'vk' },
      vkGrant('user-a', 'refresh-a'),
    );
    expect(shared).toEqual([
      { id: second.id, platform: 'vk', externalId: 'g2', name: 'Community g2' },
      { id: third.id, platform: 'vk', externalId: 'g3', name: 'Community g3' },
    ]);
  });
});
