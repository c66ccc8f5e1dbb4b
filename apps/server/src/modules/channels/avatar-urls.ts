import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@postdeck/contract/constants';
import type { Clock } from '../../lib/clock.ts';

/** Under the API base: the picture of account :id whose stored file has hash :file (`<sha256>.webp`). */
export const AVATAR_ROUTE = '/channel/avatar/:id/:file';

/**
 * A URL lives at least this long; its expiry is rounded up to a whole day, so every page of a
 * day gets the very same URL and the browser never asks again (the content under it cannot change).
 */
const VALID_SECONDS = 7 * 24 * 3600;
const ROUND_SECONDS = 24 * 3600;

const ID = /^[1-9]\d{0,9}$/;
const FILE = /^([0-9a-f]{64})\.webp$/;
const EXP = /^\d{1,12}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

/** What a genuine avatar URL grants: one account's picture with one content, to one user, until exp. */
export interface AvatarGrant {
  id: number;
  sha256: string;
  uid: number;
  /** Unix seconds. */
  exp: number;
}

const single = (query: Record<string, unknown>, name: string) => {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Signs the addresses of accounts' pictures as the library signs its files (materials'
 * signed-urls.ts): `<img>` cannot send the Authorization header, so the signed-in user the URL
 * was made for, checked when it was made, travels in it under an HMAC. The content's hash is in
 * the path, so a URL names one picture forever and the browser may keep it as long as the URL lives.
 */
export function createAvatarSigner(key: Uint8Array, clock: Clock) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const payload = (id: number | string, sha256: string, exp: number | string, uid: number | string) =>
    `avatar|${id}|${sha256}|${exp}|${uid}`;

  return {
    url(id: number, sha256: string, uid: number): string {
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = Math.ceil((now + VALID_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
      const sig = mac(payload(id, sha256, exp, uid)).toString('base64url');
      return `${API_BASE}/channel/avatar/${id}/${sha256}.webp?exp=${exp}&uid=${uid}&sig=${sig}`;
    },

    /** The grant of a genuine, unexpired URL; undefined for anything else. */
    verify(
      params: { id?: unknown; file?: unknown },
      query: Record<string, unknown>,
    ): AvatarGrant | undefined {
      const { id, file } = params;
      const sha256 = typeof file === 'string' ? FILE.exec(file)?.[1] : undefined;
      if (typeof id !== 'string' || !ID.test(id) || sha256 === undefined) return undefined;
      const exp = single(query, 'exp');
      const uid = single(query, 'uid');
      const sig = single(query, 'sig');
      if (!exp || !uid || !sig || !EXP.test(exp) || !ID.test(uid) || !SIG.test(sig)) return undefined;
      if (Number(exp) < Math.floor(clock.now().getTime() / 1000)) return undefined;
      const expected = mac(payload(id, sha256, exp, uid));
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { id: Number(id), sha256, uid: Number(uid), exp: Number(exp) };
    },
  };
}

export type AvatarSigner = ReturnType<typeof createAvatarSigner>;
