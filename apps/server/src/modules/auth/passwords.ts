import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { isValidPassword } from '@postdeck/contract/validators';

/** argon2id is @node-rs/argon2's default algorithm; its default costs give ~20 ms a hash here. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when an account does not exist, so a
 * wrong account takes as long as a wrong password and accounts cannot be probed by timing.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hash(generatePassword()));

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!@#$^&*()';

/** A random 16-character password that meets the spec §5 rule. */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
    while (chars.length < 16) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
    }
    const candidate = chars.join('');
    if (isValidPassword(candidate)) return candidate;
  }
}
