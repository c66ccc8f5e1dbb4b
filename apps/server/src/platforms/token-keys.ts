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
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

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
    if (!BASE64.test(encoded) || key.length !== 32) {
      throw new Error(`${where}: must be 32 bytes in base64 (openssl rand -base64 32)`);
    }
    keys.push({ id, key: new Uint8Array(key) });
  }
  return keys;
}
