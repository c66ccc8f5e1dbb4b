import { describe, expect, it } from 'vitest';
import { findUrls } from './platform-text-urls.ts';

const found = (text: string, withoutScheme = true) =>
  findUrls(text, { withoutScheme }).map(({ start, end }) => text.slice(start, end));

describe('findUrls', () => {
  it('finds addresses with a scheme, leaving sentence punctuation out', () => {
    expect(found('see https://example.com/a?b=1. and (http://x.io/y)', false)).toEqual([
      'https://example.com/a?b=1',
      'http://x.io/y',
    ]);
  });

  it('finds no bare domain unless asked (Mastodon)', () => {
    expect(found('example.com www.example.jp', false)).toEqual([]);
  });

  it("finds bare domains by twitter-text's rules (X)", () => {
    expect(found('example.com, www.example.jp and t.co/abc!')).toEqual([
      'example.com',
      'www.example.jp',
      't.co/abc',
    ]);
    expect(found('Example.COM/Path')).toEqual(['Example.COM/Path']);
  });

  it('leaves out country domains with one label and no path, e-mails, words and file names', () => {
    expect(found('a.io example.jp a@b.com Mr.Smith e.g. node.js end.Next')).toEqual([]);
  });
});
