import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@postdeck/contract/constants';
import { MATERIAL_LIMITS } from '@postdeck/contract/materials';
import type { Clock } from '../../lib/clock.ts';

export const FILE_VARIANTS = ['original', 'download', 'thumbnail', 'poster'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/** Routes under the API base; the signature in the query is their only authorisation. */
export const FILE_ROUTE = '/material/file/:id/:variant';
export const ZIP_ROUTE = '/material/zip';

const VALID_SECONDS = 3600;
/**
 * Expiry is rounded up to this step, so a page reloaded within it gets the very same URLs and the
 * browser reuses its cached images; every URL still lives at least VALID_SECONDS.
 */
const ROUND_SECONDS = 900;

const ID = /^[1-9]\d{0,9}$/;
const EXP = /^\d{1,12}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

type Query = Record<string, unknown>;

/** What a genuine signed URL grants, and to whom. */
export interface Grant<T> {
  value: T;
  uid: number;
}

/** One value of a query parameter; repeated or absent parameters count as absent. */
const single = (query: Query, name: string): string | undefined => {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Signs and checks the addresses of library files: `<img>` and `<video>` cannot send the
 * Authorization header, so the caller's right to a file (checked when the URL is made) travels
 * in the URL as an HMAC over what it grants, for whom and until when.
 */
export function createUrlSigner(key: Uint8Array, clock: Clock) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  function signedQuery(payload: string, uid: number): string {
    const exp = Math.ceil((nowSeconds() + VALID_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
    const sig = mac(`${payload}|${exp}|${uid}`).toString('base64url');
    return `exp=${exp}&uid=${uid}&sig=${sig}`;
  }

  /** The signing user's id when the query carries a valid, unexpired signature over `payload`. */
  function verified(payload: string, query: Query): number | undefined {
    const exp = single(query, 'exp');
    const uid = single(query, 'uid');
    const sig = single(query, 'sig');
    if (!exp || !uid || !sig || !EXP.test(exp) || !ID.test(uid) || !SIG.test(sig)) return undefined;
    if (Number(exp) < nowSeconds()) return undefined;
    const expected = mac(`${payload}|${exp}|${uid}`);
    const given = Buffer.from(sig, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? Number(uid) : undefined;
  }

  return {
    fileUrl(id: number, variant: FileVariant, uid: number): string {
      return `${API_BASE}/material/file/${id}/${variant}?${signedQuery(`${id}|${variant}`, uid)}`;
    },

    zipUrl(ids: readonly number[], uid: number): string {
      const list = [...new Set(ids)].sort((a, b) => a - b).join(',');
      return `${API_BASE}${ZIP_ROUTE}?ids=${list}&${signedQuery(`zip|${list}`, uid)}`;
    },

    /** The material id and the user it was signed for, when the URL is genuine and unexpired. */
    verifyFile(params: { id?: unknown; variant?: unknown }, query: Query): Grant<number> | undefined {
      const { id, variant } = params;
      if (typeof id !== 'string' || !ID.test(id)) return undefined;
      if (!FILE_VARIANTS.includes(variant as FileVariant)) return undefined;
      const uid = verified(`${id}|${String(variant)}`, query);
      return uid === undefined ? undefined : { value: Number(id), uid };
    },

    /** The material ids of a genuine, unexpired zip URL, and the user it was signed for. */
    verifyZip(query: Query): Grant<number[]> | undefined {
      const list = single(query, 'ids');
      if (!list) return undefined;
      const parts = list.split(',');
      if (parts.length > MATERIAL_LIMITS.zipItems || !parts.every((p) => ID.test(p))) return undefined;
      const uid = verified(`zip|${list}`, query);
      return uid === undefined ? undefined : { value: parts.map(Number), uid };
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
