import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseChannelTokenKeys } from './token-keys.ts';
import { TokenVaultError, createTokenVault } from './token-vault.ts';

const MASTER = Buffer.from('a-master-secret-of-at-least-32-characters', 'utf8');
const CONTEXT = 'channel:facebook:1234567890';
const TOKENS = { accessToken: 'EAAB-secret-access', refreshToken: null, expiresAt: '2026-05-01T00:00:00Z' };
const key = (id: string) => ({ id, key: new Uint8Array(randomBytes(32)) });

function failure(open: () => unknown): TokenVaultError {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(TokenVaultError);
    expect((error as Error).message).not.toContain('EAAB');
    return error as TokenVaultError;
  }
  throw new Error('expected open to fail');
}

/** Flips one bit of the sealed bytes at `index` (negative: from the end). */
function flip(sealed: string, index: number): string {
  const bytes = Buffer.from(sealed, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe('createTokenVault', () => {
  it('seals with the key derived from the master secret by default, and opens the same object', () => {
    const vault = createTokenVault({ masterSecret: MASTER });
    expect(vault.currentKeyId).toBe('m1');
    const sealed = vault.seal(TOKENS, CONTEXT);
    expect(sealed.keyId).toBe('m1');
    expect(Buffer.from(sealed.sealed, 'base64').toString('latin1')).not.toContain('EAAB');
    expect(vault.open(sealed, CONTEXT)).toEqual(TOKENS);
    // A fresh IV each time.
    expect(vault.seal(TOKENS, CONTEXT).sealed).not.toBe(sealed.sealed);
    // Another process with the same master secret opens it.
    expect(createTokenVault({ masterSecret: Buffer.from(MASTER) }).open(sealed, CONTEXT)).toEqual(TOKENS);
  });

  it('refuses a sealed value in another context (copied to another row)', () => {
    const vault = createTokenVault({ masterSecret: MASTER });
    const sealed = vault.seal(TOKENS, CONTEXT);
    expect(failure(() => vault.open(sealed, 'channel:facebook:999')).reason).toBe('unopenable');
    expect(failure(() => vault.open(sealed, 'channel:instagram:1234567890')).reason).toBe('unopenable');
    expect(() => vault.seal(TOKENS, '')).toThrow(TypeError);
  });

  it('keeps opening values sealed with older keys once a new key is current', () => {
    const old = createTokenVault({ masterSecret: MASTER }).seal(TOKENS, CONTEXT);
    const k2 = key('k2');
    const rotated = createTokenVault({ masterSecret: MASTER, keys: [k2] });
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.open(old, CONTEXT)).toEqual(TOKENS);
    const fresh = rotated.seal(TOKENS, CONTEXT);
    expect(fresh.keyId).toBe('k2');
    const again = createTokenVault({ masterSecret: MASTER, keys: [key('k3'), k2] });
    expect(again.currentKeyId).toBe('k3');
    expect(again.open(fresh, CONTEXT)).toEqual(TOKENS);
    expect(again.open(old, CONTEXT)).toEqual(TOKENS);
  });

  it('names an unknown key id clearly', () => {
    const sealed = createTokenVault({ masterSecret: MASTER, keys: [key('k2')] }).seal(TOKENS, CONTEXT);
    const error = failure(() => createTokenVault({ masterSecret: MASTER }).open(sealed, CONTEXT));
    expect(error.reason).toBe('unknownKey');
    expect(error.message).toContain('"k2"');
    expect(error.message).toContain('CHANNEL_TOKEN_KEYS');
  });

  it('refuses any tampering: IV, ciphertext, tag, format, length, the key id label, another master secret', () => {
    const k2 = key('k2');
    const vault = createTokenVault({ masterSecret: MASTER, keys: [k2] });
    const sealed = vault.seal(TOKENS, CONTEXT);
    for (const index of [0, 1, 14, -1]) {
      expect(
        failure(() => vault.open({ ...sealed, sealed: flip(sealed.sealed, index) }, CONTEXT)).reason,
      ).toBe('unopenable');
    }
    expect(failure(() => vault.open({ ...sealed, sealed: sealed.sealed.slice(0, 20) }, CONTEXT)).reason).toBe(
      'unopenable',
    );
    expect(failure(() => vault.open({ ...sealed, keyId: 'm1' }, CONTEXT)).reason).toBe('unopenable');
    const byM1 = createTokenVault({ masterSecret: MASTER }).seal(TOKENS, CONTEXT);
    const otherMaster = createTokenVault({
      masterSecret: Buffer.from('another-master-secret-of-32-characters!'),
    });
    expect(failure(() => otherMaster.open(byM1, CONTEXT)).reason).toBe('unopenable');
  });
});

describe('parseChannelTokenKeys', () => {
  const bytes = randomBytes(32);
  const b64 = bytes.toString('base64');

  it('reads id:base64 pairs in order, ignoring spaces and empty entries', () => {
    expect(parseChannelTokenKeys('')).toEqual([]);
    const keys = parseChannelTokenKeys(` k2:${b64} , k1_old:${randomBytes(32).toString('base64')},`);
    expect(keys.map((k) => k.id)).toEqual(['k2', 'k1_old']);
    expect(keys[0]?.key).toEqual(new Uint8Array(bytes));
  });

  it('refuses bad entries naming the id, never the key', () => {
    expect(() => parseChannelTokenKeys(`m1:${b64}`)).toThrow('derived from POSTDECK_SECRET');
    expect(() => parseChannelTokenKeys(`k2:${b64},k2:${b64}`)).toThrow('key "k2": listed twice');
    expect(() => parseChannelTokenKeys(`k2:${Buffer.alloc(16).toString('base64')}`)).toThrow(
      'must be 32 bytes',
    );
    expect(() => parseChannelTokenKeys('k2:not base64!')).toThrow('must be 32 bytes');
    expect(() => parseChannelTokenKeys(b64)).toThrow('entry 1: must be id:base64-key');
    expect(() => parseChannelTokenKeys(`bad id:${b64}`)).toThrow('entry 1');
    try {
      parseChannelTokenKeys(`k2:${b64.slice(0, 20)}`);
    } catch (error) {
      expect((error as Error).message).not.toContain(b64.slice(0, 20));
    }
  });
});
