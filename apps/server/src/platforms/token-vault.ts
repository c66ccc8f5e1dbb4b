import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../lib/secrets.ts';
import { type ChannelTokenKey, DERIVED_KEY_ID } from './token-keys.ts';

/**
 * Channel tokens encrypted at rest with AES-256-GCM (DESIGN.md §7). Each sealed value records its
 * key id, so a new current key seals from now on while older values still open with theirs. The
 * context (say `channel:facebook:<page id>`) is authenticated with the value: a sealed token copied
 * to another account's row does not open there. No error here carries a token or a key.
 */
export interface SealedToken {
  keyId: string;
  /** base64: format version, 12-byte IV, ciphertext, 16-byte tag. */
  sealed: string;
}

export interface TokenVault {
  /** The key new values are sealed with. */
  readonly currentKeyId: string;
  seal(plain: object, context: string): SealedToken;
  open(sealed: SealedToken, context: string): Record<string, unknown>;
}

export class TokenVaultError extends Error {
  readonly reason: 'unknownKey' | 'unopenable';

  constructor(reason: TokenVaultError['reason'], message: string) {
    super(message);
    this.name = 'TokenVaultError';
    this.reason = reason;
  }
}

const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createTokenVault(options: {
  masterSecret: Buffer;
  /** CHANNEL_TOKEN_KEYS, the first the current one; `m1` (from the master secret) always opens. */
  keys?: readonly ChannelTokenKey[];
}): TokenVault {
  const keys = new Map<string, Uint8Array>([
    [DERIVED_KEY_ID, deriveKey(options.masterSecret, 'token-encryption')],
  ]);
  for (const { id, key } of options.keys ?? []) keys.set(id, key);
  const currentKeyId = options.keys?.[0]?.id ?? DERIVED_KEY_ID;

  function keyFor(keyId: string): Uint8Array {
    const key = keys.get(keyId);
    if (!key) {
      throw new TokenVaultError(
        'unknownKey',
        `This channel token was sealed with key "${keyId}", which is not configured: add it back to CHANNEL_TOKEN_KEYS (after the current key), or connect the account again`,
      );
    }
    return key;
  }

  return {
    currentKeyId,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyFor(currentKeyId), iv);
      cipher.setAAD(additionalData(currentKeyId, context));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([Buffer.of(FORMAT), iv, ciphertext, cipher.getAuthTag()]);
      return { keyId: currentKeyId, sealed: sealed.toString('base64') };
    },
    open({ keyId, sealed }, context) {
      const key = keyFor(keyId);
      const bytes = Buffer.from(sealed, 'base64');
      const unopenable = () =>
        new TokenVaultError(
          'unopenable',
          `This channel token does not open with key "${keyId}" in its context: it was altered, or belongs to another account`,
        );
      if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT) throw unopenable();
      let plain: unknown;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + IV_BYTES));
        decipher.setAAD(additionalData(keyId, context));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const text = Buffer.concat([
          decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]);
        plain = JSON.parse(text.toString('utf8'));
      } catch {
        throw unopenable();
      }
      if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) throw unopenable();
      return plain as Record<string, unknown>;
    },
  };
}

/** The key id is bound too, so relabelling a value with another configured key fails as well. */
function additionalData(keyId: string, context: string): Buffer {
  if (context === '') throw new TypeError('A channel token needs the context it belongs to');
  return Buffer.from(`postdeck:channel-token:${keyId}:${context}`, 'utf8');
}
