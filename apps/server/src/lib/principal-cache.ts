import type pg from 'pg';
import type { Clock } from './clock.ts';
import type { Principal } from './principal.ts';

const CHANNEL = 'postdeck_principal';

/**
 * Principals kept in memory so a verified token costs no database round trip. Anything
 * that changes a user's status, roles, permissions or sessions calls `invalidate`; on a
 * PostgreSQL server the invalidation is broadcast to every process (LISTEN/NOTIFY). The TTL
 * bounds staleness should a notification ever be lost.
 */
export function createPrincipalCache(options: {
  load: (userId: number) => Promise<Principal | null>;
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<number, { value: Principal | null; expiresAt: number }>();
  const loading = new Map<number, Promise<Principal | null>>();
  /** Bumped on every invalidation so a load that raced with one is not cached. */
  let generation = 0;
  let broadcast: ((payload: string) => Promise<void>) | undefined;

  function dropLocal(userId: number | '*') {
    generation++;
    if (userId === '*') entries.clear();
    else entries.delete(userId);
  }

  return {
    async get(userId: number): Promise<Principal | null> {
      const now = options.clock.now().getTime();
      const hit = entries.get(userId);
      if (hit && hit.expiresAt > now) return hit.value;
      const pending = loading.get(userId);
      if (pending) return pending;
      const startedAt = generation;
      const promise = options
        .load(userId)
        .then((value) => {
          if (generation === startedAt) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as number);
            entries.set(userId, { value, expiresAt: now + ttlMs });
          }
          return value;
        })
        .finally(() => loading.delete(userId));
      loading.set(userId, promise);
      return promise;
    },

    /** Forget one user (or everyone, after a role or menu edit) here and in every other process. */
    async invalidate(userId: number | '*'): Promise<void> {
      dropLocal(userId);
      await broadcast?.(String(userId));
    },

    /**
     * Subscribes to other processes' invalidations; returns a function that unsubscribes. A lost
     * connection (a database restart) is made again every second until it holds, and everything
     * cached is dropped each time: invalidations sent meanwhile were missed.
     */
    async listen(pool: pg.Pool): Promise<() => Promise<void>> {
      let stopped = false;
      let client: { connection: pg.PoolClient; release: (error?: Error) => void } | undefined;
      let retry: NodeJS.Timeout | undefined;
      const again = () => {
        if (stopped) return;
        retry = setTimeout(() => void subscribe().catch(again), 1000);
        retry.unref();
      };
      const subscribe = async () => {
        const next = await pool.connect();
        // Released once: by the unsubscribe, by a failed LISTEN, or when its connection ends.
        let released = false;
        const release = (error?: Error) => {
          if (released) return;
          released = true;
          next.release(error);
        };
        next.on('notification', (message) => {
          if (message.channel !== CHANNEL || !message.payload) return;
          dropLocal(message.payload === '*' ? '*' : Number(message.payload));
        });
        next.once('end', () => {
          if (client?.connection === next) client = undefined;
          release(new Error('connection lost'));
          dropLocal('*');
          again();
        });
        try {
          await next.query(`LISTEN ${CHANNEL}`);
        } catch (error) {
          release(error as Error);
          throw error;
        }
        client = { connection: next, release };
        dropLocal('*');
      };
      await subscribe();
      broadcast = async (payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
      };
      return async () => {
        stopped = true;
        clearTimeout(retry);
        broadcast = undefined;
        const last = client;
        client = undefined;
        if (!last) return;
        await last.connection.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        last.release();
      };
    },
  };
}

export type PrincipalCache = ReturnType<typeof createPrincipalCache>;
