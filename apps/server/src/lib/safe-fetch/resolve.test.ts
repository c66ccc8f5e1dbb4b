import { describe, expect, it } from 'vitest';
import { compileAllowList } from './allow-list.ts';
import { UrlFetchError } from './errors.ts';
import { resolveTarget, type ResolvedAddress, type Resolver } from './resolve.ts';
import { checkUrl } from './url-policy.ts';

const none = compileAllowList([]);
const never = new AbortController().signal;

function fakeDns(table: Record<string, readonly ResolvedAddress[]>) {
  const calls: string[] = [];
  const resolver: Resolver = async (hostname) => {
    calls.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return { resolver, calls };
}

const v4 = (address: string) => ({ address, family: 4 });
const v6 = (address: string) => ({ address, family: 6 });

async function refusal(url: string, resolver: Resolver, allow = none): Promise<UrlFetchError> {
  try {
    await resolveTarget(checkUrl(url, allow), allow, resolver, never);
  } catch (error) {
    if (error instanceof UrlFetchError) return error;
    throw error;
  }
  throw new Error(`${url} was not refused`);
}

describe('resolveTarget', () => {
  const dns = fakeDns({
    'cdn.example': [v4('93.184.216.34'), v6('2606:2800:220:1:248:1893:25c8:1946')],
    'internal.example': [v4('10.0.0.7')],
    'mixed.example': [v4('93.184.216.34'), v4('127.0.0.1')],
    'metadata.example': [v4('169.254.169.254')],
    'mapped.example': [v6('::ffff:192.168.1.1')],
    'nat64.example': [v6('64:ff9b::a00:1')],
    'odd.example': [v4('0x7f.1')],
    'empty.example': [],
  });

  it('keeps every public address, canonicalised', async () => {
    const target = await resolveTarget(
      checkUrl('https://cdn.example/a.png', none),
      none,
      dns.resolver,
      never,
    );
    expect(target.addresses).toEqual([v4('93.184.216.34'), v6('2606:2800:220:1:248:1893:25c8:1946')]);
    expect(target).toMatchObject({ hostname: 'cdn.example', port: 443 });
  });

  it.each([
    ['http://internal.example/', '10.0.0.7'],
    ['http://mixed.example/', '127.0.0.1'],
    ['http://metadata.example/latest/meta-data/', '169.254.169.254'],
    ['http://mapped.example/', '::ffff:c0a8:101'],
    ['http://nat64.example/', '64:ff9b::a00:1'],
    ['http://odd.example/', '127.0.0.1'],
  ])('refuses %s for its address %s', async (url, address) => {
    const error = await refusal(url, dns.resolver);
    expect(error).toMatchObject({ reason: 'address', address, url });
  });

  it('checks literal IPs without asking DNS', async () => {
    const { resolver, calls } = fakeDns({});
    expect(await refusal('http://0x7f.1/', resolver)).toMatchObject({
      reason: 'address',
      address: '127.0.0.1',
    });
    expect(await refusal('http://[::ffff:169.254.169.254]/', resolver)).toMatchObject({ reason: 'address' });
    const target = await resolveTarget(checkUrl('http://8.8.8.8/', none), none, resolver, never);
    expect(target.addresses).toEqual([v4('8.8.8.8')]);
    expect(calls).toEqual([]);
  });

  it('reports names that do not resolve', async () => {
    expect(await refusal('http://nowhere.example/', dns.resolver)).toMatchObject({ reason: 'dns' });
    expect(await refusal('http://empty.example/', dns.resolver)).toMatchObject({ reason: 'dns' });
  });

  it('lets allow-listed targets through, and only those', async () => {
    const allow = compileAllowList(['internal.example', '127.0.0.0/8']);
    const internal = await resolveTarget(
      checkUrl('http://internal.example/', allow),
      allow,
      dns.resolver,
      never,
    );
    expect(internal.addresses).toEqual([v4('10.0.0.7')]);
    const mixed = await resolveTarget(checkUrl('http://mixed.example/', allow), allow, dns.resolver, never);
    expect(mixed.addresses).toEqual([v4('93.184.216.34'), v4('127.0.0.1')]);
    expect(await refusal('http://metadata.example/', dns.resolver, allow)).toMatchObject({
      reason: 'address',
    });
  });

  it('gives up waiting for DNS when the signal fires', async () => {
    const controller = new AbortController();
    const hanging: Resolver = () => new Promise(() => undefined);
    const pending = resolveTarget(checkUrl('http://slow.example/', none), none, hanging, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
