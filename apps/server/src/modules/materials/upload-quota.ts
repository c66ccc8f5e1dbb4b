import type { Upload } from '@tus/server';

/** What one user may have unfinished at once: how many uploads, and their declared bytes. */
export interface UploadQuota {
  open: number;
  bytes: number;
}

/** An upload refused because its owner has too much unfinished; the route words it in their language. */
export class UploadQuotaExceeded extends Error {
  // tus answers with these when nothing maps the error (it always is mapped: see onResponseError).
  readonly status_code = 429;
  readonly body = 'Upload quota exceeded\n';

  readonly limit: 'open' | 'bytes';
  readonly max: number;

  constructor(limit: 'open' | 'bytes', max: number) {
    super(`upload quota exceeded: ${limit} (${max})`);
    this.limit = limit;
    this.max = max;
  }
}

/** Still expecting bytes: its length unknown, or fewer bytes arrived than it declared. */
export const isUnfinished = (upload: Upload) => upload.size === undefined || upload.offset < upload.size;

/**
 * Throws when `created` would take its owner past the quota, given their `open` (unfinished)
 * uploads. An upload whose length is deferred counts as `unknownSize` (the largest file allowed)
 * until it declares one, which can then only be smaller.
 */
export function checkUploadQuota(
  quota: UploadQuota,
  open: readonly Upload[],
  created: Upload,
  unknownSize: number,
): void {
  if (open.length + 1 > quota.open) throw new UploadQuotaExceeded('open', quota.open);
  const bytes = [...open, created].reduce((sum, upload) => sum + (upload.size ?? unknownSize), 0);
  if (bytes > quota.bytes) throw new UploadQuotaExceeded('bytes', quota.bytes);
}
