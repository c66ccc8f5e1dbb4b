import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { normaliseHost } from './allow-list.ts';
import type { ResolvedAddress, VettedTarget } from './resolve.ts';

/**
 * A `lookup` for net/tls.connect that answers only for `hostname`, and only with the addresses already
 * checked: the socket cannot reach a second, different DNS answer (rebinding).
 */
export function pinnedLookup(hostname: string, addresses: readonly ResolvedAddress[]): LookupFunction {
  const expected = normaliseHost(hostname);
  return (host, options, callback) => {
    const family =
      options.family === 4 || options.family === 'IPv4'
        ? 4
        : options.family === 6 || options.family === 'IPv6'
          ? 6
          : 0;
    const answers: LookupAddress[] = addresses
      .filter((entry) => family === 0 || entry.family === family)
      .map(({ address, family }) => ({ address, family }));
    const first = answers[0];
    if (normaliseHost(host) !== expected || !first) {
      const error: NodeJS.ErrnoException = new Error(`no vetted address for ${host}`);
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    if (options.all) callback(null, answers);
    else callback(null, first.address, first.family);
  };
}

/** An undici Agent for one vetted target: every connection it opens goes to the checked addresses. */
export function pinnedAgent(target: VettedTarget): Agent {
  // TLS still verifies the certificate against target.url's host name: undici sets SNI from the URL.
  return new Agent({ connect: { lookup: pinnedLookup(target.hostname, target.addresses) } });
}
