import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import {
  contentDisposition,
  etagMatches,
  formatEtag,
  ifRangeMatches,
  notModifiedSince,
  parseRange,
  type SatisfiableRange,
} from './http-headers.ts';
import { type FileStorage, ObjectNotFoundError } from './storage.ts';

/** How to present a stored file to the browser. */
export interface SendFileOptions {
  contentType: string;
  /** The user's file name; only ever reaches a header, encoded. */
  filename: string;
  disposition: 'inline' | 'attachment';
  /** Opaque validator such as the content's sha256; defaults to one from size and modification time. */
  etag?: string;
  /** Seconds the browser may reuse its copy without asking; default one hour. */
  maxAgeSeconds?: number;
  /** The URL names this content for good (its hash is in it): the browser need not revalidate it, even on reload. */
  immutable?: boolean;
}

const DEFAULT_MAX_AGE_SECONDS = 3600;

/**
 * Answers a GET or HEAD with a stored file: conditional requests (304), one byte range (206,
 * which video seeking needs; 416 when out of bounds; several ranges get the whole file), and
 * headers that keep the browser from sniffing or sharing it. Missing objects are AppError
 * notFound. The global security headers (CSP default-src 'none') still apply, so a file that
 * is opened directly cannot run scripts.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const info = await storage.stat(key);
  if (!info) throw new AppError('notFound');
  const size = info.bytes;
  const etag = formatEtag(options.etag ?? `${size.toString(16)}-${info.modifiedAt.getTime().toString(16)}`);
  const maxAge = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) throw new RangeError(`Invalid max age: ${maxAge}`);
  const isHead = request.method === 'HEAD';

  // On 304s too, so the browser keeps revalidating its copy; never on errors, which must not be cached.
  const cacheHeaders = {
    etag,
    'last-modified': info.modifiedAt.toUTCString(),
    // private: files are for signed-in, authorised users only, never for shared caches.
    'cache-control': `private, max-age=${maxAge}${options.immutable ? ', immutable' : ''}`,
  };

  const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince } = request.headers;
  // If-None-Match wins over If-Modified-Since when both are present (RFC 9110 §13.2.2).
  const fresh =
    ifNoneMatch !== undefined
      ? etagMatches(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, info.modifiedAt);
  if (fresh)
    return reply
      .code(304)
      .headers(cacheHeaders)
      .send(isHead ? emptyBody() : undefined);

  let range: SatisfiableRange | undefined;
  const { range: rangeHeader, 'if-range': ifRange } = request.headers;
  // A repeated If-Range (an array) cannot name one representation, so it voids the range.
  const rangeApplies =
    ifRange === undefined || (typeof ifRange === 'string' && ifRangeMatches(ifRange, etag, info.modifiedAt));
  if (rangeHeader !== undefined && rangeApplies) {
    const parsed = parseRange(rangeHeader, size);
    if (parsed === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${size}`)
        .header('accept-ranges', 'bytes')
        .send();
    }
    range = parsed;
  }

  // Open before setting content headers, so a file deleted since stat is still a clean 404.
  // An explicit end keeps the body within Content-Length even if the object was replaced.
  let body: Readable;
  try {
    body = isHead || size === 0 ? emptyBody() : await storage.get(key, range ?? { start: 0, end: size - 1 });
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new AppError('notFound');
    throw error;
  }

  reply
    .headers(cacheHeaders)
    .header('content-type', options.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(options.disposition, options.filename))
    .header('accept-ranges', 'bytes')
    .header('content-length', String(range ? range.end - range.start + 1 : size));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  return reply.send(body);
}

/**
 * HEAD answers get an empty stream rather than no payload: Fastify's automatic HEAD route would
 * otherwise reset Content-Length to 0, and the real stream would be read to its end.
 */
function emptyBody(): Readable {
  return Readable.from([]);
}
