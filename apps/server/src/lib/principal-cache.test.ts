import { describe, expect, it } from 'vitest';
import { manualClock } from './clock.ts';
import type { Principal } from './principal.ts';
import { createPrincipalCache } from './principal-cache.ts';

const principal = (id: number, name: string) => ({ id, name }) as unknown as Principal;

describe('principal cache', () => {
  it('loads once for concurrent callers and serves from memory until invalidated', async () => {
    let loads = 0;
    const clock = manualClock();
    const cache = createPrincipalCache({
      clock,
      load: async (id) => {
        loads++;
        return principal(id, `v${loads}`);
      },
    });
    const [a, b] = await Promise.all([cache.get(1), cache.get(1)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    await cache.get(1);
    expect(loads).toBe(1);
    await cache.invalidate(1);
    expect((await cache.get(1))?.name).toBe('v2');
  });

  it('expires entries after the TTL', async () => {
    let loads = 0;
    const clock = manualClock();
    const cache = createPrincipalCache({
      clock,
      ttlMs: 1000,
      load: async (id) => principal(id, `v${++loads}`),
    });
    await cache.get(7);
    clock.advance(999);
    await cache.get(7);
    expect(loads).toBe(1);
    clock.advance(2);
    await cache.get(7);
    expect(loads).toBe(2);
  });

  it('does not cache a load that raced with an invalidation', async () => {
    let release: () => void = () => undefined;
    let loads = 0;
    const cache = createPrincipalCache({
      clock: manualClock(),
      load: async (id) => {
        loads++;
        if (loads === 1) await new Promise<void>((r) => (release = r));
        return principal(id, `v${loads}`);
      },
    });
    const stale = cache.get(3);
    await cache.invalidate('*');
    release();
    expect((await stale)?.name).toBe('v1');
    expect((await cache.get(3))?.name).toBe('v2');
  });
});
