import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker } from '@tus/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, rawRows } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { manualClock } from '../../lib/clock.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { sharedUploadLocker, type SharedUploadLockerOptions, sweepUploadLocks } from './upload-lock.ts';

/**
 * The upload locker shared through the database: two lockers on one database stand for two API
 * processes. Waiting is measured on a hand-driven clock; leases go by the database's clock, short
 * where a test lets one pass.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database);
});
afterAll(async () => {
  await database.close();
});

const clock = manualClock();
const locker = (options: Partial<SharedUploadLockerOptions> = {}): Locker =>
  sharedUploadLocker({ db: database.db, clock, retryMs: 5, renewEveryMs: 10, ...options });

/** A fresh upload id, so the tests share no rows. */
const uploadId = () => `1-${randomUUID().replaceAll('-', '')}`;

const rowOf = async (id: string) =>
  (
    await rawRows<{ holder: string; release_wanted: boolean }>(
      database.db,
      sql`select holder, release_wanted from upload_locks where upload_id = ${id}`,
    )
  )[0];

/** A lock taken with a fresh signal; `release` is the request's "let go" (a spy). */
async function take(from: Locker, id: string, release = vi.fn()) {
  const lock = from.newLock(id);
  const controller = new AbortController();
  await lock.lock(controller.signal, release);
  return { lock, release, controller };
}

/** Starts taking a lock; `settled` tells whether lock() has answered yet. */
function start(from: Locker, id: string, release = vi.fn()) {
  const lock = from.newLock(id);
  const controller = new AbortController();
  const state = { settled: false };
  const taken = lock.lock(controller.signal, release).finally(() => {
    state.settled = true;
  });
  // Observed through `settled` and awaited later; never an unhandled rejection meanwhile.
  taken.catch(() => undefined);
  return { lock, release, controller, taken, state };
}

/** Lets `ms` of real time pass: enough for many tries at `retryMs` 5. */
const tries = (ms = 100) => sleep(ms);

describe('the shared upload locker', () => {
  it('makes a second process wait for an upload until the first lets go, and asks it to', async () => {
    const [one, two] = [locker(), locker()];
    const id = uploadId();
    const first = await take(one, id);
    const second = start(two, id);
    // The holder hears on its next renewal that a request waits, as tus's in-process locker tells it.
    await vi.waitFor(() => expect(first.release).toHaveBeenCalled());
    await tries();
    expect(second.state.settled).toBe(false);
    expect(await rowOf(id)).toMatchObject({ release_wanted: true });

    await first.lock.unlock();
    await second.taken;
    expect(await rowOf(id)).toMatchObject({ release_wanted: false });
    await second.lock.unlock();
    expect(await rowOf(id)).toBeUndefined();
  });

  it('lets different uploads go at once', async () => {
    const [one, two] = [locker(), locker()];
    const a = await take(one, uploadId());
    const b = await take(two, uploadId());
    const c = await take(one, uploadId());
    for (const held of [a, b, c]) expect(held.release).not.toHaveBeenCalled();
    await Promise.all([a, b, c].map((held) => held.lock.unlock()));
  });

  it('keeps a live holder’s lease past its length by renewing it', async () => {
    const leaseMs = 200;
    const [one, two] = [locker({ leaseMs, renewEveryMs: 20 }), locker({ leaseMs })];
    const id = uploadId();
    const first = await take(one, id);
    const second = start(two, id);
    await tries(2.5 * leaseMs);
    expect(second.state.settled).toBe(false);
    await first.lock.unlock();
    await second.taken;
    await second.lock.unlock();
  });

  it('takes over from a holder that vanished once its lease has passed, which then removes nothing', async () => {
    const leaseMs = 150;
    // Never renewing within the test: its process is gone.
    const gone = locker({ leaseMs, renewEveryMs: 60 * 60 * 1000 });
    const [two, three] = [locker(), locker()];
    const id = uploadId();
    const vanished = await take(gone, id);
    const begun = Date.now();
    const second = start(two, id);
    await second.taken;
    expect(Date.now() - begun).toBeGreaterThanOrEqual(leaseMs - 50);

    // Should the vanished one come back and end its request, the lease it lost stays its taker's.
    await vanished.lock.unlock();
    const third = start(three, id);
    await tries();
    expect(third.state.settled).toBe(false);
    await second.lock.unlock();
    await third.taken;
    await third.lock.unlock();
  });

  it('takes a lease that passed at once, whoever left it', async () => {
    const id = uploadId();
    await database.db.execute(
      sql`insert into upload_locks (upload_id, holder, expires_at)
          values (${id}, ${randomUUID()}::uuid, now() - interval '1 second')`,
    );
    const held = await take(locker(), id);
    await held.lock.unlock();
    expect(await rowOf(id)).toBeUndefined();
  });

  it('gives up with tus’s lock timeout once the clock passes the wait, or when the request is aborted', async () => {
    const acquireTimeoutMs = 30_000;
    const [one, two] = [locker({ renewEveryMs: 60 * 60 * 1000 }), locker({ acquireTimeoutMs })];
    const id = uploadId();
    const first = await take(one, id);

    const timed = start(two, id);
    await tries();
    expect(timed.state.settled).toBe(false);
    clock.advance(acquireTimeoutMs);
    await expect(timed.taken).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);

    const aborted = start(two, id);
    await tries();
    aborted.controller.abort();
    await expect(aborted.taken).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);

    // Neither left the upload locked in its process: the next request there gets it once it is free.
    await first.lock.unlock();
    const next = await take(two, id);
    await next.lock.unlock();
  });

  it('keeps tus’s behaviour within a process: the waiting request asks the holder to let go', async () => {
    const one = locker({ renewEveryMs: 60 * 60 * 1000 });
    const id = uploadId();
    const first = await take(one, id);
    const second = start(one, id);
    await vi.waitFor(() => expect(first.release).toHaveBeenCalled());
    expect(second.state.settled).toBe(false);
    // Within the process the wait needs no row: the database is asked only by the one holding here.
    expect(await rowOf(id)).toMatchObject({ release_wanted: false });
    await first.lock.unlock();
    await second.taken;
    await second.lock.unlock();
  });

  it('ends the request of a holder whose lease another took (its process stalled past it)', async () => {
    const id = uploadId();
    const held = await take(locker(), id);
    const other = randomUUID();
    await database.db.execute(sql`update upload_locks set holder = ${other}::uuid where upload_id = ${id}`);
    await vi.waitFor(() => expect(held.release).toHaveBeenCalled());
    // Its end removes nothing of the new holder's.
    await held.lock.unlock();
    expect(await rowOf(id)).toMatchObject({ holder: other });
  });

  it('sweeps leases passed over a day ago and keeps the rest', async () => {
    const [old, recent, live] = [uploadId(), uploadId(), uploadId()];
    for (const [id, expires] of [
      [old, '25 hours'],
      [recent, '1 hour'],
    ] as const) {
      await database.db.execute(
        sql`insert into upload_locks (upload_id, holder, expires_at)
            values (${id}, ${randomUUID()}::uuid, now() - ${expires}::interval)`,
      );
    }
    const held: { lock: Lock } = await take(locker(), live);
    expect(await sweepUploadLocks(database.db)).toBe(1);
    expect(await rowOf(old)).toBeUndefined();
    expect(await rowOf(recent)).toBeDefined();
    expect(await rowOf(live)).toBeDefined();
    await held.lock.unlock();
  });
});
