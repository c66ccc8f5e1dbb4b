import ipaddr from 'ipaddr.js';
import { parseIp, unmapIp, type Ip } from './address-policy.ts';

/** One compiled allow-list entry: a host name or an address range, optionally pinned to a port. */
export type AllowRule =
  | { kind: 'host'; host: string; port: number | undefined; source: string }
  | { kind: 'range'; range: [Ip, number]; port: number | undefined; source: string };

/** A compiled allow-list; build it with `compileAllowList`. */
export interface AllowList {
  readonly rules: readonly AllowRule[];
}

const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** Lower-cases a host and drops IPv6 brackets and a trailing root dot, so spellings of one host compare equal. */
export function normaliseHost(host: string): string {
  const lower = host.toLowerCase();
  const bare = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
}

function parsePort(text: string, entry: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new TypeError(`allow-list entry "${entry}": bad port`);
  return port;
}

function single(ip: Ip): [Ip, number] {
  const unmapped = unmapIp(ip);
  return [unmapped, unmapped.kind() === 'ipv4' ? 32 : 128];
}

function compileEntry(entry: string): AllowRule {
  const source = entry;
  if (entry.includes('/')) {
    // Only four-part decimal for v4: '10.1/8' would silently mean 10.0.0.1/8.
    const valid = entry.includes(':')
      ? ipaddr.IPv6.isValidCIDR(entry)
      : ipaddr.IPv4.isValidCIDRFourPartDecimal(entry);
    if (!valid) throw new TypeError(`allow-list entry "${entry}": not a CIDR range`);
    const [ip, bits] = ipaddr.parseCIDR(entry);
    const unmapped = unmapIp(ip);
    // ::ffff:a.b.c.d/120 is compared as a.b.c.d/24, since addresses are unmapped before matching.
    const range: [Ip, number] = unmapped === ip ? [ip, bits] : [unmapped, Math.max(0, bits - 96)];
    return { kind: 'range', range, port: undefined, source };
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    const ip = ipaddr.IPv6.isValid(bracketed[1] ?? '') ? ipaddr.IPv6.parse(bracketed[1] ?? '') : null;
    if (!ip) throw new TypeError(`allow-list entry "${entry}": not an IPv6 address`);
    const port = bracketed[2] === undefined ? undefined : parsePort(bracketed[2], entry);
    return { kind: 'range', range: single(ip), port, source };
  }
  if ((entry.match(/:/g)?.length ?? 0) >= 2) {
    if (!ipaddr.IPv6.isValid(entry)) throw new TypeError(`allow-list entry "${entry}": not an IPv6 address`);
    return { kind: 'range', range: single(ipaddr.IPv6.parse(entry)), port: undefined, source };
  }
  const colon = entry.lastIndexOf(':');
  const host = normaliseHost(colon === -1 ? entry : entry.slice(0, colon));
  const port = colon === -1 ? undefined : parsePort(entry.slice(colon + 1), entry);
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) {
    return { kind: 'range', range: single(ipaddr.IPv4.parse(host)), port, source };
  }
  // '127.1' or '0x7f.1' would be an address to the URL parser but a name here; refuse the ambiguity.
  if (parseIp(host)) throw new TypeError(`allow-list entry "${entry}": write IPv4 as four decimal parts`);
  if (!HOST_NAME.test(host)) throw new TypeError(`allow-list entry "${entry}": not a host name`);
  return { kind: 'host', host, port, source };
}

/**
 * Compiles entries: host names ('localhost'), host:port ('localhost:4010'), IPs ('127.0.0.1', '::1',
 * '[::1]:4010') and CIDRs ('10.0.0.0/8'). Throws a TypeError naming the first malformed entry.
 */
export function compileAllowList(entries: readonly string[] = []): AllowList {
  return { rules: entries.map((entry) => compileEntry(entry.trim())) };
}

/** Splits a comma-separated env value (FETCH_ALLOW_PRIVATE) into entries; throws on a malformed one. */
export function parseAllowList(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  compileAllowList(entries);
  return entries;
}

function inRange(ip: Ip, range: [Ip, number]): boolean {
  const unmapped = unmapIp(ip);
  return unmapped.kind() === range[0].kind() && unmapped.match(range);
}

/**
 * Whether an entry grants this non-default port: it must name the port and the URL's host as written
 * (a name entry its name, an IP entry a literal IP URL), so granting a port never depends on DNS.
 */
export function allowsPort(list: AllowList, hostname: string, port: number): boolean {
  const host = normaliseHost(hostname);
  const literal = parseIp(host);
  return list.rules.some((rule) => {
    if (rule.port !== port) return false;
    if (rule.kind === 'host') return rule.host === host;
    // Only single-address entries carry a port, so this is an exact address match.
    return literal !== null && inRange(literal, rule.range);
  });
}

/**
 * Whether an entry lets a non-public address through: a name entry for the host it was resolved for,
 * or a range entry containing it; an entry with a port only for that port.
 */
export function allowsAddress(list: AllowList, hostname: string, port: number, address: Ip): boolean {
  const host = normaliseHost(hostname);
  return list.rules.some((rule) => {
    if (rule.port !== undefined && rule.port !== port) return false;
    return rule.kind === 'host' ? rule.host === host : inRange(address, rule.range);
  });
}
