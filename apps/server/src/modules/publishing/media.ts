import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materials } from '../../db/schema.ts';
import type { MediaFile } from '../../platforms/adapter.ts';
import { type FileStorage, ObjectNotFoundError } from '../../storage/storage.ts';

/** A publication's media could not be read from storage (object storage unreachable, say). */
export class MediaUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`media storage unavailable: ${String((cause as Error)?.message ?? cause)}`, { cause });
    this.name = 'MediaUnavailableError';
  }
}

/** Whether `error`, or an error it wraps (a platform error over a failed request body), is a media read's. */
export function causedByMedia(error: unknown): boolean {
  for (let seen = error, depth = 0; seen && depth < 5; depth++) {
    if (seen instanceof MediaUnavailableError) return true;
    seen = (seen as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A publication's media as adapters read them: straight from the library's storage, as streams
 * (a range of them for chunked uploads), in the order the author chose. Materials deleted since
 * the publication was made are missing from the answer; the caller decides what that means.
 */
export async function mediaFiles(
  db: Db,
  storage: FileStorage,
  ids: readonly number[],
  publicUrl?: (materialId: number) => string | undefined,
  /** Told how far into each file (by its index) the adapter has read: the bytes on their way. */
  onRead?: (index: number, offset: number) => void,
): Promise<MediaFile[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(materials)
    .where(inArray(materials.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id, index) => {
    const row = byId.get(id);
    if (!row || (row.kind !== 'image' && row.kind !== 'video')) return [];
    const file: MediaFile = {
      kind: row.kind,
      mime: row.mime,
      bytes: row.bytes,
      name: row.name,
      width: row.width ?? undefined,
      height: row.height ?? undefined,
      durationS: row.durationMs === null ? undefined : row.durationMs / 1000,
      publicUrl: publicUrl?.(row.id),
      async *open(range) {
        // Adapters give [start, end); storage takes an inclusive end, as HTTP ranges do.
        const stream = await storage
          .get(row.storageKey, range ? { start: range.start, end: range.end - 1 } : undefined)
          .catch((error: unknown) => {
            // Gone is the caller's to judge (a material deleted); anything else is storage failing.
            if (error instanceof ObjectNotFoundError) throw error;
            throw new MediaUnavailableError(error);
          });
        let offset = range?.start ?? 0;
        const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
        for (;;) {
          let next: IteratorResult<Buffer>;
          try {
            next = await chunks.next();
          } catch (error) {
            throw new MediaUnavailableError(error);
          }
          if (next.done) break;
          offset += next.value.length;
          onRead?.(index, offset);
          yield new Uint8Array(next.value);
        }
      },
    };
    return [file];
  });
}
