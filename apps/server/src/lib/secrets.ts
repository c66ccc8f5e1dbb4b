import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The master secret: POSTDECK_SECRET, else one generated on first start into DATA_DIR/secret,
 * so restarts keep sessions valid. Scale-out processes must share POSTDECK_SECRET.
 */
export function loadMasterSecret(options: {
  secret?: string | undefined;
  dataDir?: string | undefined;
}): Buffer {
  if (options.secret) return Buffer.from(options.secret, 'utf8');
  if (!options.dataDir) return randomBytes(48);
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'secret');
  try {
    // 'wx' fails if another process created it first; then both read the same one.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** One independent key per purpose, so no key signs and encrypts at once. */
export function deriveKey(
  master: Buffer,
  purpose: 'jwt' | 'token-encryption' | 'material-urls' | 'oidc-state',
): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, Buffer.alloc(0), `postdeck:${purpose}`, 32));
}
