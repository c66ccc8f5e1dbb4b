import { lookup } from 'node:dns/promises';
import { isPublicUnicast, nonPublicRange, parseIp } from './address-policy.ts';
import { allowsAddress, type AllowList } from './allow-list.ts';
import { UrlFetchError } from './errors.ts';
import type { CheckedUrl } from './url-policy.ts';

/** One address a host resolved to, in the shape of `dns.lookup(…, { all: true })`. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to all its addresses; injectable so tests control DNS. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The operating system's resolver (hosts file, then DNS), every address it has. */
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, order: 'verbatim' });

/** A URL whose every address was checked; connections go to these addresses and no others. */
export interface VettedTarget extends CheckedUrl {
  readonly addresses: readonly ResolvedAddress[];
}

// dns.lookup cannot be cancelled, but the fetch must not outlive its signal waiting for it.
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Resolves the host (an IP literal stands for itself) and requires EVERY address to be public unicast
 * or allow-listed: one private answer among public ones refuses the URL, as the connection could use it.
 */
export async function resolveTarget(
  checked: CheckedUrl,
  allow: AllowList,
  resolver: Resolver,
  signal: AbortSignal,
): Promise<VettedTarget> {
  const { url, hostname, port } = checked;
  let answers: readonly ResolvedAddress[];
  if (checked.literal) {
    answers = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  } else {
    try {
      answers = await untilAborted(resolver(hostname), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UrlFetchError('dns', `cannot resolve ${hostname} (${code})`, { url: url.href, cause: error });
    }
    if (answers.length === 0) {
      throw new UrlFetchError('dns', `${hostname} has no addresses`, { url: url.href });
    }
  }
  const addresses = answers.map(({ address }) => {
    const ip = parseIp(address);
    if (!ip)
      throw new UrlFetchError('address', `${address} is not an IP address`, { url: url.href, address });
    if (!isPublicUnicast(ip) && !allowsAddress(allow, hostname, port, ip)) {
      const what = checked.literal ? ip.toString() : `${hostname} resolves to ${ip.toString()}, which`;
      throw new UrlFetchError('address', `${what} is ${nonPublicRange(ip)}, not public unicast`, {
        url: url.href,
        address: ip.toString(),
      });
    }
    // The canonical form is what was judged, so it is also what gets connected to.
    return { address: ip.toString(), family: ip.kind() === 'ipv4' ? 4 : 6 };
  });
  return { ...checked, addresses };
}
