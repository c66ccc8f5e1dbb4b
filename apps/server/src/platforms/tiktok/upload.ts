import type { MediaFile } from '../adapter.ts';
import type { PlatformHttp } from '../http.ts';

/**
 * FILE_UPLOAD's chunk rules (platforms.md §10 Transfer): under 5 MB one chunk of the whole file;
 * otherwise chunks of 5-64 MB, at most 1000, count = floor(size / chunk), the remainder riding on
 * the last chunk (under two chunks, so within its 128 MB).
 */
const MB = 1024 * 1024;
const MIN_CHUNK = 5 * MB;
const MAX_CHUNK = 64 * MB;
const MAX_CHUNKS = 1000;

export interface ChunkPlan {
  chunkSize: number;
  count: number;
  ranges: { start: number; end: number }[];
}

export function chunkPlan(size: number, preferred: number): ChunkPlan {
  if (size < MIN_CHUNK) return { chunkSize: size, count: 1, ranges: [{ start: 0, end: size }] };
  let chunkSize = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, preferred));
  if (Math.floor(size / chunkSize) > MAX_CHUNKS)
    chunkSize = Math.min(MAX_CHUNK, Math.ceil(size / MAX_CHUNKS));
  const count = Math.max(1, Math.floor(size / chunkSize));
  const ranges = Array.from({ length: count }, (_, i) => ({
    start: i * chunkSize,
    end: i === count - 1 ? size : (i + 1) * chunkSize,
  }));
  return { chunkSize, count, ranges };
}

async function bytesOf(
  file: MediaFile,
  range: { start: number; end: number },
): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Uint8Array(range.end - range.start);
  let at = 0;
  for await (const part of file.open(range)) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * PUTs the chunks in order to the upload URL init returned. A chunk before the last may be sent
 * again without effect; once the last is in, TikTok publishes, so its lost answer is an unknown
 * outcome, not a failure.
 */
export async function uploadChunks(http: PlatformHttp, uploadUrl: string, file: MediaFile, plan: ChunkPlan) {
  for (const [index, range] of plan.ranges.entries()) {
    await http.request({
      method: 'PUT',
      url: uploadUrl,
      headers: {
        'content-type': file.mime,
        'content-range': `bytes ${range.start}-${range.end - 1}/${file.bytes}`,
      },
      body: await bytesOf(file, range),
      idempotent: index < plan.count - 1,
      as: 'text',
    });
  }
}
