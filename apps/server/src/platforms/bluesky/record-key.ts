import { createHash } from 'node:crypto';

const BASE32_SORTABLE = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * The post's record key, the same for every attempt of one publication (capabilities:
 * idempotency 'key'): a post's key must be a TID (13 base32-sortable characters of a 64-bit
 * number whose top bit is 0; the PDS checks it against the lexicon), so this is one made from
 * the idempotency key's hash instead of the clock. A second createRecord with it cannot make a
 * second post: the PDS refuses it, and publish finds the first one there.
 */
export function recordKeyFor(idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest();
  let value = digest.readBigUInt64BE(0) & 0x7fff_ffff_ffff_ffffn;
  let key = '';
  for (let i = 0; i < 13; i++) {
    key = BASE32_SORTABLE.charAt(Number(value & 31n)) + key;
    value >>= 5n;
  }
  return key;
}

/** The record key of a post's at:// URI (at://<did>/app.bsky.feed.post/<rkey>). */
export function recordKeyOf(uri: string): string {
  const rkey = uri.split('/').at(-1);
  if (!rkey || !uri.startsWith('at://')) throw new TypeError(`Not a Bluesky post URI: ${uri}`);
  return rkey;
}
