import { describe, expect, it } from 'vitest';
import { parseIp } from './address-policy.ts';
import { allowsAddress, allowsPort, compileAllowList, parseAllowList } from './allow-list.ts';

const ip = (text: string) => {
  const parsed = parseIp(text);
  if (!parsed) throw new Error(`not an IP: ${text}`);
  return parsed;
};

describe('parseAllowList', () => {
  it('splits a comma-separated env value and drops blanks', () => {
    expect(parseAllowList(' localhost:4010, 127.0.0.1/32,,[::1]:8080 ,')).toEqual([
      'localhost:4010',
      '127.0.0.1/32',
      '[::1]:8080',
    ]);
  });

  it('gives an empty list for an unset or empty variable', () => {
    expect(parseAllowList(undefined)).toEqual([]);
    expect(parseAllowList('')).toEqual([]);
  });

  it.each([
    '10.0.0.0/33',
    '10.1/8',
    'localhost:0',
    'localhost:70000',
    'local host',
    '127.1',
    '0x7f.0.0.1',
    '[::1',
    'a:b:c',
  ])('refuses the malformed entry %s', (entry) => {
    expect(() => parseAllowList(`localhost,${entry}`)).toThrow(TypeError);
  });
});

describe('compiled allow-list', () => {
  const list = compileAllowList([
    'localhost:4010',
    'files.internal',
    '10.1.0.0/16',
    '127.0.0.2:8080',
    '[::1]:9000',
    '::ffff:192.168.0.0/120', // = 192.168.0.0/24
  ]);

  it('grants a port only to the host:port entry that names it', () => {
    expect(allowsPort(list, 'localhost', 4010)).toBe(true);
    expect(allowsPort(list, 'LOCALHOST.', 4010)).toBe(true);
    expect(allowsPort(list, 'localhost', 4011)).toBe(false);
    expect(allowsPort(list, 'files.internal', 4010)).toBe(false);
    expect(allowsPort(list, '127.0.0.2', 8080)).toBe(true);
    expect(allowsPort(list, '::ffff:127.0.0.2', 8080)).toBe(true);
    expect(allowsPort(list, '[::1]', 9000)).toBe(true);
    expect(allowsPort(list, '10.1.2.3', 8080)).toBe(false);
  });

  it('lets a name entry through whatever the name resolves to', () => {
    expect(allowsAddress(list, 'files.internal', 443, ip('10.9.9.9'))).toBe(true);
    expect(allowsAddress(list, 'localhost', 4010, ip('127.0.0.1'))).toBe(true);
    expect(allowsAddress(list, 'localhost', 80, ip('127.0.0.1'))).toBe(false);
    expect(allowsAddress(list, 'other.internal', 443, ip('10.9.9.9'))).toBe(false);
  });

  it('lets range entries through by address, mapped or not', () => {
    expect(allowsAddress(list, 'any.example', 443, ip('10.1.200.3'))).toBe(true);
    expect(allowsAddress(list, 'any.example', 443, ip('::ffff:10.1.200.3'))).toBe(true);
    expect(allowsAddress(list, 'any.example', 443, ip('10.2.0.1'))).toBe(false);
    expect(allowsAddress(list, 'any.example', 443, ip('192.168.0.7'))).toBe(true);
    expect(allowsAddress(list, 'any.example', 443, ip('192.168.1.7'))).toBe(false);
    expect(allowsAddress(list, 'x', 8080, ip('127.0.0.2'))).toBe(true);
    expect(allowsAddress(list, 'x', 80, ip('127.0.0.2'))).toBe(false);
    expect(allowsAddress(list, 'x', 9000, ip('::1'))).toBe(true);
    expect(allowsAddress(list, 'x', 9000, ip('127.0.0.1'))).toBe(false);
  });

  it('allows nothing when empty', () => {
    expect(allowsAddress(compileAllowList([]), 'localhost', 80, ip('127.0.0.1'))).toBe(false);
    expect(allowsPort(compileAllowList(), 'localhost', 4010)).toBe(false);
  });
});
