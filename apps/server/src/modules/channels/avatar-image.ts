import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { type Resolver, safeFetch, UrlFetchError } from '../../lib/safe-fetch/safe-fetch.ts';

/** Stored pictures are this square: twice the channels page's largest avatar, for sharp screens. */
export const AVATAR_PIXELS = 96;
/** Platforms' profile pictures are a few hundred KB at most; anything far larger is not one. */
const MAX_BYTES = 2 * 1024 * 1024;
/** A small file that decodes to a huge canvas (a decompression bomb) is refused before decoding. */
const MAX_INPUT_PIXELS = 25_000_000;
const RASTER_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/bmp',
  'image/tiff',
]);

/** Why a picture that arrived is not kept: not an image sharp may read, or one it could not decode. */
export class AvatarRefused extends Error {
  readonly reason: 'type' | 'image';
  constructor(reason: 'type' | 'image', message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'AvatarRefused';
    this.reason = reason;
  }
}

export interface AvatarFetchOptions {
  /** Allow-list entries for safeFetch: the sandbox's own servers, and FETCH_ALLOW_PRIVATE. */
  allow: readonly string[];
  /**
   * Whether an SVG picture is taken (rasterised, never served as it is). Only the sandbox's
   * servers draw their pictures as SVG; a real platform serves raster images, and a hostile
   * instance's SVG would only widen what the renderer is exposed to.
   */
  svg: boolean;
  /** DNS for tests. */
  resolver?: Resolver;
}

/**
 * Fetches a platform's picture through the SSRF guard and makes Postdeck's own copy of it: the
 * type sniffed from the bytes (the header and the name are never trusted), the first frame,
 * upright, cropped to a square, as WebP. Throws UrlFetchError or AvatarRefused.
 */
export async function fetchAvatar(url: string, options: AvatarFetchOptions): Promise<Buffer> {
  const response = await safeFetch(url, {
    maxBytes: MAX_BYTES,
    allow: options.allow,
    // Some CDNs label pictures application/octet-stream; the bytes decide below either way.
    accept: (type) => type === null || type.startsWith('image/') || type === 'application/octet-stream',
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  const sniffed = await fileTypeFromBuffer(response.body);
  const raster = sniffed !== undefined && RASTER_TYPES.has(sniffed.mime);
  if (!raster && !(options.svg && sniffed === undefined && isPlainSvg(response.body)))
    throw new AvatarRefused('type', `not a picture: ${sniffed?.mime ?? 'unknown content'}`);
  try {
    return await sharp(response.body, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
      .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new AvatarRefused('image', 'the picture could not be decoded', { cause: error });
  }
}

/** An SVG document with no DTD: entity declarations are how XML expands a few bytes into gigabytes. */
function isPlainSvg(body: Buffer): boolean {
  const text = body.toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return false;
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text);
}

/** Failures worth another try later (the platform or the network had a bad moment); others are final. */
export function isPassing(error: unknown): boolean {
  if (!(error instanceof UrlFetchError)) return false;
  if (error.reason === 'timeout' || error.reason === 'network') return true;
  return error.reason === 'http_status' && (error.status === 429 || (error.status ?? 0) >= 500);
}
