import { describe, expect, it } from 'vitest';
import { compileAllowList } from './allow-list.ts';
import { UrlFetchError, type UrlFetchReason } from './errors.ts';
import { checkUrl } from './url-policy.ts';

const none = compileAllowList([]);

const reasonOf = (url: string, allow = none): UrlFetchReason | 'ok' => {
  try {
    checkUrl(url, allow);
    return 'ok';
  } catch (error) {
    if (error instanceof UrlFetchError) return error.reason;
    throw error;
  }
};

describe('checkUrl', () => {
  it.each<[string, UrlFetchReason | 'ok']>([
    ['https://example.com/a.png', 'ok'],
    ['http://example.com/a.png', 'ok'],
    ['http://example.com:443/', 'ok'],
    ['https://example.com:80/', 'ok'],
    ['HTTPS://EXAMPLE.COM/', 'ok'],
    ['ftp://example.com/a.png', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['data:image/png;base64,AAAA', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['gopher://127.0.0.1:6379/_INFO', 'scheme'],
    ['/relative/path', 'scheme'],
    ['not a url', 'scheme'],
    ['http://user:pass@example.com/', 'credentials'],
    ['http://user@example.com/', 'credentials'],
    ['http://:pass@example.com/', 'credentials'],
    ['http://example.com:8080/', 'port'],
    ['http://example.com:22/', 'port'],
    ['https://example.com:8443/', 'port'],
  ])('%s → %s', (url, expected) => {
    expect(reasonOf(url)).toBe(expected);
  });

  it('does not repeat credentials in the error', () => {
    try {
      checkUrl('https://admin:hunter2@example.com/x', none);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UrlFetchError);
      expect((error as UrlFetchError).url).toBe('https://example.com/x');
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('grants a non-default port only through a host:port entry', () => {
    const allow = compileAllowList(['localhost:4010', '127.0.0.1:4020']);
    expect(reasonOf('http://localhost:4010/', allow)).toBe('ok');
    expect(reasonOf('http://localhost:4011/', allow)).toBe('port');
    expect(reasonOf('http://127.0.0.1:4020/', allow)).toBe('ok');
    expect(reasonOf('http://0x7f.1:4020/', allow)).toBe('ok');
    expect(reasonOf('http://other.test:4010/', allow)).toBe('port');
  });

  // The WHATWG parser turns every IPv4 spelling into dotted decimal, so only that form needs checking.
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://127。0。0。1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::127.0.0.1]/', '::7f00:1'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1'],
  ])('reads %s as the literal %s', (url, hostname) => {
    expect(checkUrl(url, none)).toMatchObject({ hostname, literal: true, port: 80 });
  });

  it('keeps names as names, without the root dot', () => {
    expect(checkUrl('https://Example.COM./x', none)).toMatchObject({
      hostname: 'example.com',
      literal: false,
      port: 443,
    });
    expect(checkUrl('http://127.0.0.1.nip.io/', none)).toMatchObject({ literal: false });
  });
});
