/**
 * The keys channel tokens are sealed with. `m1` is derived from the master secret, so an install
 * encrypts with no setting; CHANNEL_TOKEN_KEYS adds keys ("id:base64 of 32 bytes", comma-separated,
 * the first the current one) so the key can change without losing the tokens sealed before.
 */
export interface ChannelTokenKey {
  id: string;
  key: Uint8Array;
}

export const DERIVED_KEY_ID = 'm1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** 32 bytes in padded base64, as `openssl rand -base64 32` prints them: 43 characters and one `=`. */
const BASE64_32 = /^[A-Za-z0-9+/]{43}=$/;
/**
 * Fewer different byte values than this among a key's 32 means it was typed, not drawn (all
 * zeros, one byte repeated, a short pattern). Random keys have 30 on average; fewer than 16
 * comes once in 3·10^16 draws (token-keys.test.ts draws thousands).
 */
export const MIN_DISTINCT_KEY_BYTES = 16;

/** Why a well-formed key is too weak to seal with, or undefined; never says the key. */
export function weakKeyReason(key: Uint8Array): string | undefined {
  const distinct = new Set(key).size;
  if (distinct < MIN_DISTINCT_KEY_BYTES)
    return `has ${distinct} different byte values; a random key has about 30 (openssl rand -base64 32)`;
  // A password base64-encoded: random bytes are all printable ASCII once in 10^14 draws.
  if (key.every((byte) => byte >= 0x20 && byte <= 0x7e))
    return 'is text, not random bytes (openssl rand -base64 32)';
  return undefined;
}

/** Parses CHANNEL_TOKEN_KEYS; the error names the entry by its id only, never its key. */
export function parseChannelTokenKeys(value: string): ChannelTokenKey[] {
  const keys: ChannelTokenKey[] = [];
  for (const [index, entry] of value
    .split(',')
    .map((part) => part.trim())
    .entries()) {
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    const id = colon === -1 ? '' : entry.slice(0, colon).trim();
    const encoded = colon === -1 ? '' : entry.slice(colon + 1).trim();
    const where = KEY_ID.test(id) ? `key "${id}"` : `entry ${index + 1}`;
    if (!KEY_ID.test(id))
      throw new Error(`${where}: must be id:base64-key, the id of letters, digits, _ or - (at most 32)`);
    if (id === DERIVED_KEY_ID)
      throw new Error(`${where}: "${DERIVED_KEY_ID}" is the key derived from POSTDECK_SECRET`);
    if (keys.some((key) => key.id === id)) throw new Error(`${where}: listed twice`);
    const key = Buffer.from(encoded, 'base64');
    // Node's decoder skips what it cannot read, so only an encoding that re-encodes to itself
    // says what the operator meant (no missing padding, no stray bits in the last character).
    if (!BASE64_32.test(encoded) || key.length !== 32 || key.toString('base64') !== encoded) {
      throw new Error(`${where}: must be 32 bytes in padded base64 (openssl rand -base64 32)`);
    }
    const weak = weakKeyReason(key);
    if (weak) throw new Error(`${where}: ${weak}`);
    keys.push({ id, key: new Uint8Array(key) });
  }
  return keys;
}
