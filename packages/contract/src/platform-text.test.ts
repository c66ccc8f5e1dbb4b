import { describe, expect, it } from 'vitest';
import { countText, textLength } from './platform-text.ts';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
const E_ACUTE_DECOMPOSED = 'e\u0301';

describe('textLength', () => {
  it('weighs X text as twitter-text does: Latin 1, CJK 2, an emoji 2, a URL 23', () => {
    expect(textLength('x', 'a'.repeat(280))).toBe(280);
    expect(textLength('x', '日本語')).toBe(6);
    expect(textLength('x', 'こんにちは')).toBe(10);
    expect(textLength('x', FAMILY)).toBe(2);
    expect(textLength('x', '🇫🇷')).toBe(2);
    expect(textLength('x', 'Привет')).toBe(6);
    // Curly quotes and the ellipsis's neighbours sit in the light ranges.
    expect(textLength('x', '“ok”')).toBe(4);
    expect(textLength('x', `see https://example.com/${'a'.repeat(100)}.`)).toBe(4 + 23 + 1);
    expect(textLength('x', 'http://a.io')).toBe(23);
    expect(textLength('x', 'www.example.com/x')).toBe(23);
    // Bare domains too, as X links them; a short one still counts 23.
    expect(textLength('x', 'go to a.com now')).toBe(6 + 23 + 4);
    expect(textLength('x', 'a.io')).toBe(4);
    // NFC first: a decomposed é counts once.
    expect(textLength('x', E_ACUTE_DECOMPOSED)).toBe(1);
  });

  it('counts graphemes on Bluesky, so an emoji family or a decomposed letter is one', () => {
    expect(textLength('bluesky', FAMILY)).toBe(1);
    expect(textLength('bluesky', E_ACUTE_DECOMPOSED)).toBe(1);
    expect(textLength('bluesky', 'https://example.com/long')).toBe(24);
  });

  it('counts graphemes with a URL as 23 on Mastodon', () => {
    expect(textLength('mastodon', `${FAMILY} https://example.com/${'p'.repeat(60)}`)).toBe(1 + 1 + 23);
    expect(textLength('mastodon', 'example.com')).toBe(11);
  });

  it('counts UTF-8 bytes for YouTube descriptions', () => {
    expect(textLength('youtube', 'é日')).toBe(2 + 3);
    expect(textLength('youtube', '😀')).toBe(4);
  });

  it('counts UTF-16 units on Telegram and code points on VK', () => {
    expect(textLength('telegram', '😀a')).toBe(3);
    expect(textLength('vk', '😀a')).toBe(2);
  });

  it('counts an empty text as 0 everywhere', () => {
    for (const counting of ['utf16', 'codePoints', 'graphemes', 'utf8Bytes', 'weighted'] as const) {
      expect(countText('', { counting, urlLength: 23 })).toBe(0);
    }
  });
});

describe('utf8Bytes counting', () => {
  it('gives each code point its UTF-8 size, a lone surrogate the 3 bytes of U+FFFD', () => {
    const samples: [string, number][] = [
      ['a', 1],
      ['ß€', 2 + 3],
      ['😀', 4],
      [FAMILY, 4 + 3 + 4 + 3 + 4],
      ['\uD800x', 3 + 1],
    ];
    for (const [sample, bytes] of samples) {
      expect(countText(sample, { counting: 'utf8Bytes', urlLength: null }), sample).toBe(bytes);
    }
  });
});
