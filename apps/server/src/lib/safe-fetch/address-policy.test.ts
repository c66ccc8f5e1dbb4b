import { describe, expect, it } from 'vitest';
import { isPublicUnicast, nonPublicRange, parseIp } from './address-policy.ts';

// [address, expected range or null for public unicast]
const cases: [string, string | null][] = [
  // Public IPv4
  ['8.8.8.8', null],
  ['1.1.1.1', null],
  ['93.184.216.34', null],
  ['172.15.255.255', null],
  ['172.32.0.0', null],
  ['100.63.255.255', null],
  ['100.128.0.0', null],
  ['169.253.255.255', null],
  // RFC 1918
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  // Loopback, link-local, metadata, CGNAT, this-network
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'linkLocal'],
  ['169.254.0.1', 'linkLocal'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.255', 'carrierGradeNat'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  // Multicast, broadcast, reserved, documentation, benchmarking, 6to4 relay
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.88.99.1', 'reserved'],
  // Odd IPv4 notations
  ['2130706433', 'loopback'],
  ['0x7f.1', 'loopback'],
  ['0x7f000001', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['127.1', 'loopback'],
  ['012.0.0.1', 'private'],
  ['3232235777', 'private'],
  ['0xa9.0xfe.0xa9.0xfe', 'linkLocal'],
  ['134744072', null],
  // Public IPv6
  ['2606:4700:4700::1111', null],
  ['2001:4860:4860::8888', null],
  ['2a00:1450:4001:80b::200e', null],
  // Non-public IPv6
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['febf::1', 'linkLocal'],
  ['fe80::1%eth0', 'scoped'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456:789a::1', 'uniqueLocal'],
  ['ff02::1', 'multicast'],
  ['fec0::1', 'deprecatedSiteLocal'],
  ['2001:db8::1', 'reserved'],
  ['3fff::1', 'reserved'],
  ['100::1', 'discard'],
  // IPv4-mapped: judged by the v4 inside
  ['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
  ['::ffff:7f00:1', 'ipv4Mapped:loopback'],
  ['::ffff:10.0.0.1', 'ipv4Mapped:private'],
  ['::ffff:169.254.169.254', 'ipv4Mapped:linkLocal'],
  ['::ffff:8.8.8.8', null],
  // NAT64 well-known prefix: judged by the v4 inside; local-use prefix refused
  ['64:ff9b::10.0.0.1', 'rfc6052:private'],
  ['64:ff9b::7f00:1', 'rfc6052:loopback'],
  ['64:ff9b::a9fe:a9fe', 'rfc6052:linkLocal'],
  ['64:ff9b::8.8.8.8', null],
  ['64:ff9b:1::a00:1', 'rfc6052'],
  // Tunnels and translations refused outright
  ['2002:a00:1::1', '6to4'],
  ['2002:808:808::1', '6to4'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['::ffff:0:7f00:1', 'rfc6145'],
  // ipaddr.js calls these 'unicast'; only 2000::/3 is global
  ['::7f00:1', 'notGlobal'],
  ['::127.0.0.1', 'notGlobal'],
  ['::8.8.8.8', 'notGlobal'],
  ['4000::1', 'notGlobal'],
  // Not an address at all
  ['localhost', 'invalid'],
  ['', 'invalid'],
  ['1.2.3.4.5', 'invalid'],
];

describe('address policy', () => {
  it.each(cases)('%s → %s', (address, expected) => {
    expect(nonPublicRange(address)).toBe(expected);
    expect(isPublicUnicast(address)).toBe(expected === null);
  });

  it('has a case table of at least 40 entries', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it('parses odd IPv4 notations to the address they denote', () => {
    expect(parseIp('0x7f.1')?.toString()).toBe('127.0.0.1');
    expect(parseIp('2130706433')?.toString()).toBe('127.0.0.1');
    expect(parseIp('[::ffff:127.0.0.1]')?.toString()).toBe('::ffff:7f00:1');
    expect(parseIp('example.com')).toBeNull();
  });
});
