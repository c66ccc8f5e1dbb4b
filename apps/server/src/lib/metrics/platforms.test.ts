import { describe, expect, it } from 'vitest';
import type { AccountAdapter, Grant } from '../../platforms/adapter.ts';
import { PlatformError } from '../../platforms/errors.ts';
import { type PlatformMetrics, measuredAdapter, measuredFetch } from './platforms.ts';

/** What a platform's calls are counted as, without a platform: a recording sink and stand-ins. */
function recorder() {
  const heard: string[] = [];
  const metrics: PlatformMetrics = {
    request: (platform, method, status, seconds) =>
      heard.push(`request ${platform} ${method} ${status} ${seconds >= 0 ? 'timed' : 'negative'}`),
    failed: (platform, operation, kind) => heard.push(`failed ${platform} ${operation} ${kind}`),
    refreshed: (platform, outcome) => heard.push(`refresh ${platform} ${outcome}`),
  };
  return { heard, metrics };
}

const grant = { accessToken: 'a' } as unknown as Grant;

describe('measuredFetch', () => {
  it('times each request by method and status class, and a request that got no answer as an error', async () => {
    const { heard, metrics } = recorder();
    const answers = [new Response('{}', { status: 201 }), new Response('', { status: 503 })];
    const inner = (async () => {
      const next = answers.shift();
      if (!next) throw new TypeError('fetch failed');
      return next;
    }) as typeof fetch;
    const timed = measuredFetch('vk', inner, () => metrics);
    expect((await timed('http://vk.test/a', { method: 'post' })).status).toBe(201);
    expect((await timed(new Request('http://vk.test/b'))).status).toBe(503);
    await expect(timed('http://vk.test/c', { method: 'BREW' })).rejects.toThrow('fetch failed');
    expect(heard).toEqual([
      'request vk POST 2xx timed',
      'request vk GET 5xx timed',
      // A made-up method is no new label value.
      'request vk OTHER error timed',
    ]);
  });

  it('goes straight through without metrics', async () => {
    const inner = (async () => new Response('ok')) as typeof fetch;
    expect(await (await measuredFetch('vk', inner, () => undefined)('http://vk.test/')).text()).toBe('ok');
  });
});

describe('measuredAdapter', () => {
  const adapter = (refresh: () => Promise<Grant>) =>
    ({
      platform: 'x',
      refresh,
      targets: () => Promise.reject(new Error('a bug of ours')),
      authorizationUrl: () => 'https://x.test/consent',
      extra: 42,
    }) as AccountAdapter & { extra: number };

  it('counts refreshes by outcome, and failures by operation and class', async () => {
    const { heard, metrics } = recorder();
    let answer: () => Promise<Grant> = () => Promise.resolve(grant);
    const measured = measuredAdapter(
      adapter(() => answer()),
      () => metrics,
    );
    await expect(measured.refresh?.(grant)).resolves.toBe(grant);
    answer = () => Promise.reject(new PlatformError('reauthorize', { platform: 'x' }));
    await expect(measured.refresh?.(grant)).rejects.toThrow('x: reauthorize');
    await expect(measured.targets(grant)).rejects.toThrow('a bug of ours');
    expect(heard).toEqual([
      'refresh x refreshed',
      'failed x refresh reauthorize',
      'refresh x reauthorize',
      'failed x targets internal',
    ]);
  });

  it('leaves everything else as it is', () => {
    const { heard, metrics } = recorder();
    const measured = measuredAdapter(
      adapter(() => Promise.resolve(grant)),
      () => metrics,
    );
    expect(measured.platform).toBe('x');
    expect(measured.extra).toBe(42);
    // Not an operation that reaches the platform: called as it is, synchronously.
    expect(measured.authorizationUrl?.({} as never)).toBe('https://x.test/consent');
    expect(measured.revoke).toBeUndefined();
    expect(heard).toEqual([]);
  });
});
