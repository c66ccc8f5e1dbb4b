import { describe, expect, it } from 'vitest';
import { contentDisposition, etagMatches, formatEtag, parseRange } from './http-headers.ts';

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', 10, { start: 0, end: 0 }],
    ['bytes=2-', 10, { start: 2, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }],
    ['bytes=-30', 10, { start: 0, end: 9 }],
    ['bytes=5-100', 10, { start: 5, end: 9 }],
    [' Bytes = 1 - 2 ', 10, { start: 1, end: 2 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=-5', 0, 'unsatisfiable'],
    ['bytes=99999999999999999999-', 10, 'unsatisfiable'],
    ['bytes=3-2', 10, undefined],
    ['bytes=-', 10, undefined],
    ['bytes=0-1,3-4', 10, undefined],
    ['bytes=a-b', 10, undefined],
    ['bytes=1.5-2', 10, undefined],
    ['lines=0-1', 10, undefined],
    ['', 10, undefined],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it('keeps a plain ASCII name as the only parameter', () => {
    expect(contentDisposition('attachment', 'report-2026.pdf')).toBe(
      'attachment; filename="report-2026.pdf"',
    );
  });

  it('replaces what could break the header in the fallback and encodes the exact name', () => {
    expect(contentDisposition('inline', 'a\r\nb\\c%20d/e\u0000.png')).toBe(
      `inline; filename="a__b_c_20d_e_.png"; filename*=UTF-8''a%0D%0Ab%5Cc%2520d%2Fe%00.png`,
    );
    expect(contentDisposition('attachment', "it's (1)*.jpg")).toBe(`attachment; filename="it's (1)*.jpg"`);
    expect(contentDisposition('attachment', '日本語 it’s.mp4')).toBe(
      `attachment; filename="___ it_s.mp4"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E%20it%E2%80%99s.mp4`,
    );
  });

  it('never produces an empty filename or throws on a lone surrogate', () => {
    expect(contentDisposition('attachment', '')).toBe('attachment; filename="file"');
    expect(contentDisposition('attachment', 'x\ud800.jpg')).toBe(
      `attachment; filename="x_.jpg"; filename*=UTF-8''x%EF%BF%BD.jpg`,
    );
  });
});

describe('ETags', () => {
  it('quotes opaque values and keeps ready-made tags', () => {
    expect(formatEtag('abc')).toBe('"abc"');
    expect(formatEtag('"abc"')).toBe('"abc"');
    expect(formatEtag('W/"abc"')).toBe('W/"abc"');
    expect(() => formatEtag('a"b')).toThrow(TypeError);
    expect(() => formatEtag('a b')).toThrow(TypeError);
  });

  it('compares If-None-Match weakly over a list', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('"b"', 'W/"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(' * ', '"b"')).toBe(true);
  });
});
