import { hkdfSync, randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** Shorter secrets can be guessed, and everything signed with them forged. */
export const MIN_SECRET_LENGTH = 32;
/**
 * A placeholder ("x" 32 times, "changeme" four times) is as guessable as a short secret. A
 * random one repeats no pattern of up to 16 characters, and even 32 hex digits have fewer than
 * 6 different ones once in 3·10^12 draws (secrets.test.ts draws thousands).
 */
const MAX_PATTERN_LENGTH = 16;
export const MIN_SECRET_DISTINCT_CHARACTERS = 6;

/** Why a secret of the required length is still guessable, or undefined; never says the secret. */
export function weakSecretReason(secret: string): string | undefined {
  const characters = [...secret];
  const distinct = new Set(characters).size;
  if (distinct < MIN_SECRET_DISTINCT_CHARACTERS)
    return `uses ${distinct} different characters; at least ${MIN_SECRET_DISTINCT_CHARACTERS} are needed (openssl rand -base64 32)`;
  for (let period = 1; period <= MAX_PATTERN_LENGTH && 2 * period <= characters.length; period++) {
    if (characters.every((character, i) => i < period || character === characters[i - period]))
      return 'repeats a short pattern; use a random one (openssl rand -base64 32)';
  }
  return undefined;
}

/**
 * The master secret: POSTDECK_SECRET (config.ts refuses one under 32 characters or weak), else one
 * generated on first start into DATA_DIR/secret, so restarts keep sessions valid. Scale-out
 * processes must share POSTDECK_SECRET.
 */
export function loadMasterSecret(options: {
  secret?: string | undefined;
  dataDir?: string | undefined;
}): Buffer {
  if (options.secret !== undefined) return checked(options.secret, 'POSTDECK_SECRET');
  if (!options.dataDir) return randomBytes(48);
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'secret');
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    publishSecret(options.dataDir, file);
    content = readFileSync(file, 'utf8');
  }
  return checked(
    content.trim(),
    `The secret in ${file}`,
    'Remove the file to have a new one generated (everyone is signed out), or set POSTDECK_SECRET.',
  );
}

function checked(secret: string, what: string, remedy = ''): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${what} holds ${secret.length} characters; at least ${MIN_SECRET_LENGTH} are needed. ${remedy}`.trim(),
    );
  }
  const weak = weakSecretReason(secret);
  if (weak) throw new Error(`${what} ${weak}. ${remedy}`.trim());
  return Buffer.from(secret, 'utf8');
}

/**
 * Writes a new secret so that `file` never exists half written: the bytes go to a temporary
 * file, reach the disk, and only then get the final name, by a hard link that fails when
 * another process got there first (rename would replace theirs, leaving the two with different
 * secrets). Either way every process then reads the one file.
 */
function publishSecret(dataDir: string, file: string) {
  const temporary = join(dataDir, `.secret-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    writeFileSync(temporary, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx', flush: true });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // The new name itself must survive a crash.
    const dir = openSync(dataDir, 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** One independent key per purpose, so no key signs and encrypts at once. */
export function deriveKey(
  master: Buffer,
  purpose: 'jwt' | 'token-encryption' | 'material-urls' | 'oidc-state' | 'channel-avatars',
): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, Buffer.alloc(0), `postdeck:${purpose}`, 32));
}
