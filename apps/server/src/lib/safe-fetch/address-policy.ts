import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

export type Ip = ipaddr.IPv4 | ipaddr.IPv6;

// DNS64 synthesises these for v4-only hosts on IPv6-only networks, so they are judged by the v4 inside.
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
// ipaddr.js calls everything it has no name for 'unicast' (::7f00:1, unallocated space); only 2000::/3 is global.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Parses an IP in any notation ipaddr.js knows (incl. 0x7f.1, 2130706433, [::1]); null when it is no IP. */
export function parseIp(text: string): Ip | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return ipaddr.isValid(bare) ? ipaddr.parse(isIPv6(bare) ? hexTail(bare) : bare) : null;
}

// ipaddr.js 2.5 reads '::127.0.0.1' as the mapped ::ffff:127.0.0.1; hex groups keep it ::7f00:1.
function hexTail(v6: string): string {
  return v6.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a: string, b: string, c: string, d: string) => {
    const hex = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);
    return `${hex(a, b)}:${hex(c, d)}`;
  });
}

/** The IPv4 address an IPv4-mapped IPv6 address stands for; any other address as it is. */
export function unmapIp(ip: Ip): Ip {
  return ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() ? ip.toIPv4Address() : ip;
}

/**
 * Why an address is not public unicast (an ipaddr.js range name such as 'loopback', or
 * 'ipv4Mapped:private'), or null when it is public and may be connected to.
 */
export function nonPublicRange(address: string | Ip): string | null {
  const ip = typeof address === 'string' ? parseIp(address) : address;
  if (!ip) return 'invalid';
  if (ip instanceof ipaddr.IPv4) {
    const range = ip.range();
    return range === 'unicast' ? null : range;
  }
  // A zone only exists for link-scoped addresses, which are never reachable from the internet.
  if (ip.zoneId) return 'scoped';
  if (ip.isIPv4MappedAddress()) {
    const inner = nonPublicRange(ip.toIPv4Address());
    return inner === null ? null : `ipv4Mapped:${inner}`;
  }
  if (ip.match(NAT64_WELL_KNOWN)) {
    const inner = nonPublicRange(ipaddr.fromByteArray(ip.toByteArray().slice(12)));
    return inner === null ? null : `rfc6052:${inner}`;
  }
  // 6to4, Teredo, the local-use NAT64 prefix and the rest are refused outright: a server has no reason to
  // sit behind them, and their embedded v4 cannot always be recovered.
  const range = ip.range();
  if (range !== 'unicast') return range;
  return ip.match(GLOBAL_UNICAST_V6) ? null : 'notGlobal';
}

/** Whether an address is public unicast, the only kind a user-given URL may reach. */
export const isPublicUnicast = (address: string | Ip): boolean => nonPublicRange(address) === null;
