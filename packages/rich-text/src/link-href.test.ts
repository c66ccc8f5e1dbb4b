import { describe, expect, it } from 'vitest';
import { refusedHrefs } from './fixtures/owasp-xss-vectors.ts';
import { MAX_HREF_LENGTH } from './limits.ts';
import { isAllowedHref } from './link-href.ts';

describe('isAllowedHref', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1&r=2#top',
    'HTTPS://EXAMPLE.COM/',
    'mailto:desk@example.com',
    'https://例え.jp/パス',
  ])('allows %s', (href) => {
    expect(isAllowedHref(href)).toBe(true);
  });

  it.each(refusedHrefs)('refuses %j', (href) => {
    expect(isAllowedHref(href)).toBe(false);
  });

  it('refuses addresses longer than the limit', () => {
    const base = 'https://example.com/';
    expect(isAllowedHref(base + 'a'.repeat(MAX_HREF_LENGTH - base.length))).toBe(true);
    expect(isAllowedHref(base + 'a'.repeat(MAX_HREF_LENGTH - base.length + 1))).toBe(false);
  });
});
