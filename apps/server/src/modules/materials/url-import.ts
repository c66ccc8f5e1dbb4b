import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, fieldError } from '../../lib/errors.ts';
import { safeFetchStream, UrlFetchError, type UrlFetchReason } from '../../lib/safe-fetch/safe-fetch.ts';
import { humanSize } from './material-types.ts';

/** Reasons that are the address's fault (not allowed at all), as opposed to fetching having failed. */
const REFUSED: ReadonlySet<UrlFetchReason> = new Set(['scheme', 'credentials', 'port', 'dns', 'address']);

/** The name an imported image gets: the URL's last path segment, else 'image'. */
export function nameFromUrl(url: string): string {
  const segment = URL.parse(url)?.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function toAppError(error: UrlFetchError, maxBytes: number): AppError {
  if (error.reason === 'too_large') {
    const params = { max: humanSize(maxBytes) };
    return new AppError('materialTooLarge', { params, fieldErrors: [fieldError('url', 'materialTooLarge')] });
  }
  const key = REFUSED.has(error.reason) ? 'urlRefused' : 'urlFetchFailed';
  return new AppError(key, { fieldErrors: [fieldError('url', key)] });
}

/**
 * Fetches a user-given address through the SSRF guard into a new file under `dir`, streaming
 * (never more than `maxBytes` on disk or in memory). The caller owns the file afterwards.
 */
export async function fetchToFile(
  url: string,
  options: { dir: string; maxBytes: number; allow: readonly string[] },
): Promise<string> {
  await mkdir(options.dir, { recursive: true });
  const path = join(options.dir, randomUUID());
  try {
    const response = await safeFetchStream(url, { maxBytes: options.maxBytes, allow: options.allow });
    await pipeline(response.body, createWriteStream(path, { flags: 'wx' }));
    return path;
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof UrlFetchError) throw toAppError(error, options.maxBytes);
    throw error;
  }
}
