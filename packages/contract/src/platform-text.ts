import { PLATFORM_CAPABILITIES } from './platform-capabilities.ts';
import { findUrls } from './platform-text-urls.ts';
import type { PlatformText, PublishingPlatform } from './platforms.ts';

/**
 * A text's length as a platform measures it against its limit, so the console and the server
 * refuse a post the platform would refuse, and let through one it would take.
 */
export function textLength(platform: PublishingPlatform, text: string): number {
  return countText(text, PLATFORM_CAPABILITIES[platform].text);
}

export function countText(text: string, rule: Pick<PlatformText, 'counting' | 'urlLength'>): number {
  // X counts the NFC form (twitter-text's validator normalises before counting).
  const source = rule.counting === 'weighted' ? text.normalize('NFC') : text;
  if (rule.urlLength === null) return countPlain(source, rule.counting);
  let length = 0;
  let from = 0;
  for (const url of findUrls(source, { withoutScheme: rule.counting === 'weighted' })) {
    length += countPlain(source.slice(from, url.start), rule.counting) + rule.urlLength;
    from = url.end;
  }
  return length + countPlain(source.slice(from), rule.counting);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function countPlain(text: string, counting: PlatformText['counting']): number {
  switch (counting) {
    case 'utf16':
      return text.length;
    case 'codePoints':
      return [...text].length;
    case 'graphemes':
      return [...graphemes.segment(text)].length;
    case 'utf8Bytes':
      return utf8Length(text);
    case 'weighted':
      return weightedLength(text);
  }
}

/**
 * twitter-text's configuration v3 (what X applies): code points in these ranges (Latin, Greek,
 * Cyrillic and the like, and some punctuation) weigh 1, every other code point 2 (CJK among
 * them), and an emoji, however many code points it joins, 2.
 */
const LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const EMOJI = /\p{Emoji_Presentation}|\uFE0F|\u20E3|\p{Regional_Indicator}/u;

function weightedLength(text: string): number {
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI.test(segment)) {
      length += 2;
      continue;
    }
    for (const char of segment) {
      const code = char.codePointAt(0) ?? 0;
      length += LIGHT_RANGES.some(([low, high]) => code >= low && code <= high) ? 1 : 2;
    }
  }
  return length;
}

/** UTF-8 bytes by code point; a lone surrogate is written as U+FFFD, 3 bytes, as TextEncoder does. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
