import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INDEXED_TOKENS, searchDocument, searchQuery, searchTokens } from './search-text.ts';

describe('searchTokens', () => {
  it('splits Latin text into folded words and CJK runs into bigrams ending with the last character', () => {
    expect(searchTokens('Canción del DÍA, ｎｏ.１')).toEqual(['cancion', 'del', 'dia', 'no', '1']);
    expect(searchTokens('发布会 iPhone发布')).toEqual(['发布', '布会', '会', 'iphone', '发布', '布']);
    expect(searchTokens('データ')).toEqual(['デー', 'ータ', 'タ']);
  });

  it('keeps the combining marks of scripts that need them', () => {
    expect(searchTokens('हिन्दी समाचार')).toEqual(['हिन्दी', 'समाचार']);
  });

  it('keeps the kana voicing marks that accent folding would otherwise drop', () => {
    expect(searchTokens('が')).toEqual(['が']);
    expect(searchTokens('ｶﾞ')).toEqual(['ガ']);
  });

  it('gives only letters and digits, so no token can carry tsquery syntax', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        for (const token of searchTokens(text)) expect(token).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
      }),
    );
  });
});

describe('searchQuery', () => {
  it('joins the tokens as a phrase with the last one a prefix', () => {
    expect(searchQuery('hello wor')).toBe('hello <-> wor:*');
    expect(searchQuery('媒体')).toBe('媒体 <-> 体:*');
    expect(searchQuery('  %!  ')).toBeNull();
  });

  it('finds every stretch of a CJK run as consecutive tokens of the document', () => {
    const cjk = fc.string({ unit: fc.constantFrom(...'记者会见发布媒体内容データは明日'), minLength: 1 });
    fc.assert(
      fc.property(cjk, fc.nat(), fc.nat(), (run, a, b) => {
        const chars = [...run];
        const start = a % chars.length;
        const end = start + 1 + (b % (chars.length - start));
        const document = searchTokens(run);
        const query = searchTokens(chars.slice(start, end).join(''));
        const last = query.length - 1;
        // Every query token but the last equals the document token at the same offset; the last is a prefix.
        query.forEach((token, i) => {
          const at = document[start + i] as string;
          expect(i === last ? at.startsWith(token) : at === token).toBe(true);
        });
      }),
    );
  });
});

describe('searchDocument', () => {
  it('indexes title and body and stops at the last position PostgreSQL keeps', () => {
    expect(searchDocument('Title', 'body text')).toBe('title body text');
    const long = 'word '.repeat(MAX_INDEXED_TOKENS + 10);
    expect(searchDocument('', long).split(' ')).toHaveLength(MAX_INDEXED_TOKENS);
  });
});
