import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materials } from '../../db/schema.ts';
import type { MediaFile } from '../../platforms/adapter.ts';
import type { FileStorage } from '../../storage/storage.ts';

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
        const stream = await storage.get(
          row.storageKey,
          range ? { start: range.start, end: range.end - 1 } : undefined,
        );
        let offset = range?.start ?? 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          offset += chunk.length;
          onRead?.(index, offset);
          yield new Uint8Array(chunk);
        }
      },
    };
    return [file];
  });
}
