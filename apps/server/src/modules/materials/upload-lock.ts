import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from '@tus/server';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

export interface SharedUploadLockerOptions {
  db: Db;
  /** Measures how long a request has waited for a lock (leases go by the database's clock). */
  clock: Clock;
  /** How long a lease lasts unless its holder renews it: how long a vanished process blocks an upload. */
  leaseMs?: number;
  /** How often a holder renews its lease, and hears whether a request elsewhere waits for it. */
  renewEveryMs?: number;
  /** How often a request waiting for another process's lease tries again. */
  retryMs?: number;
  /** How long a request waits for a lock in all before tus's lock timeout (tus's own default). */
  acquireTimeoutMs?: number;
  log?: ((message: string, error: unknown) => void) | undefined;
}

/** tus's answer when a lock cannot be had in time (500, as MemoryLocker's). */
const lockTimeout = () => ERRORS.ERR_LOCK_TIMEOUT;

const interval = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * A tus locker shared by the API processes on one PostgreSQL server, so two requests of one upload
 * never run at once, whichever processes they reach: with S3 storage, two PATCHes at the same
 * offset would otherwise both write the same part.
 *
 * Within the process, tus's MemoryLocker, as before: a request for a locked upload asks the holder
 * to let go (tus ends it after its drain timeout) and waits. Across processes, a lease in
 * `upload_locks`, not a held connection (one per PATCH would empty the pool): taken with one upsert
 * that wins when no row is there or its lease has passed (the database's clock, so the processes'
 * clocks do not matter), renewed while the request runs and deleted when it ends. A request that
 * finds it taken marks the row `release_wanted`, which the holder hears on its next renewal and
 * answers as tus's in-process locker does, by ending its request; it tries again every `retryMs`
 * until it has the lease, its request is aborted or `acquireTimeoutMs` has passed. A holder that
 * finds its lease taken (its process stalled past it) ends its request too.
 */
export function sharedUploadLocker(options: SharedUploadLockerOptions): Locker {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? 15_000;
  const renewEveryMs = options.renewEveryMs ?? leaseMs / 5;
  const retryMs = options.retryMs ?? 75;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  const memory = new MemoryLocker({ acquireLockTimeout: acquireTimeoutMs });

  /** Takes the lease for `holder` if it is free or has passed; otherwise asks its holder to let go. */
  async function take(id: string, holder: string): Promise<boolean> {
    const [row] = await rawRows<{ holder: string }>(
      db,
      sql`insert into upload_locks as l (upload_id, holder, expires_at)
          values (${id}, ${holder}::uuid, now() + ${interval(leaseMs)})
          on conflict (upload_id) do update set
            holder = case when l.expires_at < now() then excluded.holder else l.holder end,
            expires_at = case when l.expires_at < now() then excluded.expires_at else l.expires_at end,
            release_wanted = l.expires_at >= now()
          returning holder`,
    );
    return row?.holder === holder;
  }

  function newLock(id: string): Lock {
    const local = memory.newLock(id);
    const holder = randomUUID();
    let held = false;
    let renewal: NodeJS.Timeout | undefined;
    let renewing = false;

    async function renew(requestRelease: RequestRelease) {
      if (renewing) return;
      renewing = true;
      try {
        const [row] = await rawRows<{ release_wanted: boolean }>(
          db,
          sql`update upload_locks set expires_at = now() + ${interval(leaseMs)}
              where upload_id = ${id} and holder = ${holder}::uuid
              returning release_wanted`,
        );
        if (!held) return;
        if (!row) {
          // Another request has it now: this one must stop writing as soon as it can.
          clearInterval(renewal);
          log?.(`upload ${id}: lock lease lost`, undefined);
          await requestRelease();
        } else if (row.release_wanted) {
          await requestRelease();
        }
      } catch (error) {
        // The next renewal tries again; the lease outlasts a few missed ones.
        log?.(`upload ${id}: lock lease not renewed`, error);
      } finally {
        renewing = false;
      }
    }

    return {
      async lock(signal, requestRelease) {
        const started = clock.now().getTime();
        await local.lock(signal, requestRelease);
        try {
          while (!(await take(id, holder))) {
            if (signal.aborted || clock.now().getTime() - started >= acquireTimeoutMs) throw lockTimeout();
            // An abort ends the wait early; the loop then gives up.
            await sleep(retryMs, undefined, { signal }).catch(() => undefined);
            if (signal.aborted) throw lockTimeout();
          }
        } catch (error) {
          await local.unlock();
          throw error;
        }
        held = true;
        renewal = setInterval(() => void renew(requestRelease), renewEveryMs);
        renewal.unref();
      },

      async unlock() {
        clearInterval(renewal);
        const wasHeld = held;
        held = false;
        try {
          if (wasHeld) {
            await db.execute(
              sql`delete from upload_locks where upload_id = ${id} and holder = ${holder}::uuid`,
            );
          }
        } catch (error) {
          // The request's work is done: the lease left behind passes by itself.
          log?.(`upload ${id}: lock not released, its lease will pass`, error);
        } finally {
          await local.unlock();
        }
      },
    };
  }

  return { newLock };
}

/** Deletes leases that passed over `olderThanMs` ago (the next lock would overwrite them anyway). */
export async function sweepUploadLocks(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const rows = await rawRows<{ upload_id: string }>(
    db,
    sql`delete from upload_locks where expires_at < now() - ${interval(olderThanMs)} returning upload_id`,
  );
  return rows.length;
}
