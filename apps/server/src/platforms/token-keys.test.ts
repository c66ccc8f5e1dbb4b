import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChannelTokenKeys } from './token-keys.ts';

/** The refusal's message, which must name the id and never hold the key. */
function refusal(value: string): string {
  try {
    parseChannelTokenKeys(value);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('CHANNEL_TOKEN_KEYS key strength', () => {
  it('refuses an all-zero key, one byte repeated and a short pattern, naming the id only', () => {
    const patterned = Buffer.from(Array.from({ length: 32 }, (_, i) => (i % 8) * 31));
    for (const weak of [Buffer.alloc(32), Buffer.alloc(32, 0xa5), patterned]) {
      const encoded = weak.toString('base64');
      const message = refusal(`current:${randomBytes(32).toString('base64')},old:${encoded}`);
      expect(message).toMatch(/^key "old": has \d+ different byte values/);
      expect(message).not.toContain(encoded);
    }
  });

  it('refuses a base64-encoded password: random bytes are not all printable text', () => {
    const encoded = Buffer.from('Tr0ub4dor&3-correct-horse-batter').toString('base64');
    expect(refusal(`k2:${encoded}`)).toBe('key "k2": is text, not random bytes (openssl rand -base64 32)');
  });

  it('takes only canonical padded base64 of exactly 32 bytes', () => {
    const encoded = randomBytes(32).toString('base64');
    for (const bad of [
      encoded.slice(0, -1), // unpadded: Node decodes it all the same
      `${encoded.slice(0, 42)}B=`, // a spare bit set: another spelling of a key
      encoded.replaceAll('+', '-').replaceAll('/', '_'), // base64url, when it has either
      `${encoded}=`,
      randomBytes(33).toString('base64'),
      `${encoded.slice(0, 20)} ${encoded.slice(20)}`,
    ]) {
      if (bad === encoded) continue;
      expect(refusal(`k2:${bad}`), bad).toBe(
        'key "k2": must be 32 bytes in padded base64 (openssl rand -base64 32)',
      );
    }
    expect(parseChannelTokenKeys(`k2:${encoded}`)[0]?.key).toEqual(
      new Uint8Array(Buffer.from(encoded, 'base64')),
    );
  });

  it('takes every random key, as openssl rand -base64 32 prints it', () => {
    fc.assert(
      fc.property(fc.noBias(fc.uint8Array({ minLength: 32, maxLength: 32 })), (bytes) => {
        const encoded = Buffer.from(bytes).toString('base64');
        expect(parseChannelTokenKeys(`k:${encoded}`)[0]?.key).toEqual(bytes);
      }),
      { numRuns: 10_000 },
    );
    // And the operating system's generator itself, as openssl uses.
    for (let i = 0; i < 5_000; i++) {
      const encoded = randomBytes(32).toString('base64');
      expect(() => parseChannelTokenKeys(`k:${encoded}`), encoded).not.toThrow();
    }
  });
});
