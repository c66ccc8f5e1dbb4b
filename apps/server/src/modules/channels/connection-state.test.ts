import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { manualClock } from '../../lib/clock.ts';
import { createTokenVault } from '../../platforms/token-vault.ts';
import { createBootstrappedDatabase } from '../../test/test-app.ts';
import {
  beginConnection,
  CONNECTION_TTL_MS,
  heldTargets,
  holdTargets,
  sweepConnections,
  takeConnection,
} from './connection-state.ts';

const vault = createTokenVault({ masterSecret: randomBytes(48) });
const clock = manualClock(new Date('2026-11-26T08:00:00Z'));
const grant = { accessToken: 'user-token', scopes: ['pages_show_list'] };
const targets = [{ externalId: 'page-1', name: 'Newsroom' }];

describe('connections under way', () => {
  let database: Database;
  let department: number;
  beforeAll(async () => {
    ({ database, rootDepartmentId: department } = await createBootstrappedDatabase());
  });
  afterAll(() => database.close());

  const begin = (pkce = true) =>
    beginConnection(
      database.db,
      vault,
      {
        platform: 'facebook',
        userId: 1,
        departmentId: department,
        pkce,
        redirectUri: 'http://127.0.0.1:8080/authOpen',
      },
      clock.now(),
    );

  it('gives back the department and the PKCE verifier to the callback of the user who began, once', async () => {
    const begun = await begin();
    expect(begun.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const taken = await takeConnection(database.db, vault, { state: begun.state, userId: 1 }, clock.now());
    expect(taken).toMatchObject({ ok: true, platform: 'facebook', departmentId: department });
    expect(taken.ok && taken.codeVerifier).toBe(begun.codeVerifier);
    expect(await takeConnection(database.db, vault, { state: begun.state, userId: 1 }, clock.now())).toEqual({
      ok: false,
      reason: 'used',
    });
  });

  it('refuses a state never issued, issued to another user, or past its ten minutes', async () => {
    const take = async (state: string, userId = 1) =>
      takeConnection(database.db, vault, { state, userId }, clock.now());
    expect(await take('made-up')).toEqual({ ok: false, reason: 'unknown' });
    const begun = await begin(false);
    expect(begun.codeVerifier).toBeUndefined();
    expect(await take(begun.state, 2)).toEqual({ ok: false, reason: 'otherUser' });
    clock.advance(CONNECTION_TTL_MS);
    expect(await take(begun.state)).toEqual({ ok: false, reason: 'expired' });
  });

  it('two callbacks with one state at once: one is taken, the other refused as used', async () => {
    const begun = await begin();
    const both = await Promise.all(
      [1, 2].map(() => takeConnection(database.db, vault, { state: begun.state, userId: 1 }, clock.now())),
    );
    expect(both.filter((t) => t.ok)).toHaveLength(1);
    expect(both.filter((t) => !t.ok)).toEqual([{ ok: false, reason: 'used' }]);
  });

  it('holds the targets for their user until picked, once, and not past their time', async () => {
    const begun = await begin();
    const taken = await takeConnection(database.db, vault, { state: begun.state, userId: 1 }, clock.now());
    if (!taken.ok) throw new Error('not taken');
    await holdTargets(database.db, vault, taken.id, { grant, targets });
    const read = (userId: number, complete: boolean) =>
      heldTargets(database.db, vault, { id: taken.id, userId, complete }, clock.now());
    expect(await read(2, false)).toBeUndefined();
    expect(await read(1, false)).toMatchObject({ grant, targets, platform: 'facebook' });
    const picks = await Promise.all([read(1, true), read(1, true)]);
    expect(picks.filter(Boolean)).toHaveLength(1);
    expect(await read(1, false)).toBeUndefined();

    const late = await begin();
    const lateTaken = await takeConnection(database.db, vault, { state: late.state, userId: 1 }, clock.now());
    if (!lateTaken.ok) throw new Error('not taken');
    await holdTargets(database.db, vault, lateTaken.id, { grant, targets });
    clock.advance(CONNECTION_TTL_MS + 1);
    expect(
      await heldTargets(database.db, vault, { id: lateTaken.id, userId: 1, complete: true }, clock.now()),
    ).toBeUndefined();
    expect(await sweepConnections(database.db, clock.now())).toBeGreaterThan(0);
  });
});
