import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MaterialStatus } from '@postdeck/contract/materials';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materials } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { imageSize, webpThumbnail } from './images.ts';
import { type MediaTools, ToolMissingError } from './media-tools.ts';

export interface ProcessDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  tools: MediaTools;
  /** Local scratch space: poster frames, and copies of originals when the storage has no local path. */
  workDir: string;
  log?: (message: string, error: unknown) => void;
}

type Outcome = Partial<
  Pick<
    typeof materials.$inferInsert,
    'width' | 'height' | 'durationMs' | 'codec' | 'thumbnailKey' | 'posterKey' | 'note'
  >
> & { status: Exclude<MaterialStatus, 'processing'> };

type Row = typeof materials.$inferSelect;

/** Keys of what processing derives, next to the original (`materials/<dir>/original.jpg`). */
const derivedKey = (row: Row, name: string) => `${dirname(row.storageKey)}/${name}`;

const scratchFile = async (deps: ProcessDeps, name: string) => {
  await mkdir(deps.workDir, { recursive: true });
  return join(deps.workDir, `${randomUUID()}-${name}`);
};

/**
 * Runs `use` on a local file of the stored object, as sharp and ffmpeg read files: the storage's
 * own path when it has one, else a copy downloaded into the work directory, removed afterwards.
 */
async function withLocalFile<T>(
  deps: ProcessDeps,
  key: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  if (deps.storage.path) return use(deps.storage.path(key));
  const copy = await scratchFile(deps, basename(key));
  try {
    // Storage failures throw here, outside `use`: they are not the file's fault, and the job is retried.
    await pipeline(await deps.storage.get(key), createWriteStream(copy, { flags: 'wx' }));
    return await use(copy);
  } finally {
    await rm(copy, { force: true });
  }
}

async function processImage(deps: ProcessDeps, row: Row): Promise<Outcome> {
  return withLocalFile(deps, row.storageKey, (file) => processImageFile(deps, row, file));
}

async function processImageFile(deps: ProcessDeps, row: Row, file: string): Promise<Outcome> {
  let size: { width: number; height: number };
  let thumbnail: Buffer;
  try {
    size = await imageSize(file);
    thumbnail = await webpThumbnail(file);
  } catch (error) {
    deps.log?.(`material ${row.id}: unreadable image`, error);
    return { status: 'failed', note: 'unreadableImage' };
  }
  // Storage failures are not the file's fault: they throw, and the job is retried.
  const thumbnailKey = derivedKey(row, 'thumb.webp');
  await deps.storage.put(thumbnailKey, thumbnail, { contentType: 'image/webp' });
  return { status: 'ready', ...size, thumbnailKey, note: null };
}

async function processVideo(deps: ProcessDeps, row: Row): Promise<Outcome> {
  return withLocalFile(deps, row.storageKey, (file) => processVideoFile(deps, row, file));
}

async function processVideoFile(deps: ProcessDeps, row: Row, file: string): Promise<Outcome> {
  let facts;
  try {
    facts = await deps.tools.probe(file);
  } catch (error) {
    if (error instanceof ToolMissingError) return { status: 'ready', note: 'videoToolsMissing' };
    deps.log?.(`material ${row.id}: unreadable video`, error);
    return { status: 'failed', note: 'unreadableVideo' };
  }
  if (!facts) return { status: 'failed', note: 'noVideoStream' };

  const frame = await scratchFile(deps, 'poster.jpg');
  try {
    // A second in, past fade-ins, unless the clip is shorter than two.
    const at = Math.min(1, (facts.durationMs ?? 0) / 2000);
    try {
      await deps.tools.poster(file, at, frame);
    } catch (error) {
      if (error instanceof ToolMissingError) return { status: 'ready', ...facts, note: 'videoToolsMissing' };
      deps.log?.(`material ${row.id}: no poster frame`, error);
      return { status: 'ready', ...facts, note: 'noPoster' };
    }
    // The thumbnail from the frame before it moves into storage.
    const thumbnail = await webpThumbnail(frame);
    const posterKey = derivedKey(row, 'poster.jpg');
    await deps.storage.putFile(posterKey, frame, { contentType: 'image/jpeg' });
    const thumbnailKey = derivedKey(row, 'thumb.webp');
    await deps.storage.put(thumbnailKey, thumbnail, { contentType: 'image/webp' });
    return { status: 'ready', ...facts, posterKey, thumbnailKey, note: null };
  } finally {
    await rm(frame, { force: true });
  }
}

/**
 * The 'materials.process' job: dimensions and a thumbnail for an image; duration, size, codec, a
 * poster frame and its thumbnail for a video. A file that cannot be read ends 'failed' with a note,
 * never deleted. Safe to run twice, and a no-op when the material is gone or already processed.
 */
export async function processMaterial(deps: ProcessDeps, materialId: number): Promise<void> {
  const [row] = await deps.db.select().from(materials).where(eq(materials.id, materialId));
  if (!row || row.status !== 'processing') return;
  const outcome = row.kind === 'image' ? await processImage(deps, row) : await processVideo(deps, row);
  const updated = await deps.db
    .update(materials)
    .set({ ...outcome, updatedAt: deps.clock.now() })
    .where(and(eq(materials.id, materialId), eq(materials.status, 'processing')))
    .returning({ id: materials.id });
  if (updated.length > 0) return;
  // Deleted meanwhile: what was just derived belongs to nothing. (Processed meanwhile by another
  // run: the keys are the same, so its files stay.)
  const [still] = await deps.db
    .select({ id: materials.id })
    .from(materials)
    .where(eq(materials.id, materialId));
  if (still) return;
  for (const key of [outcome.thumbnailKey, outcome.posterKey]) if (key) await deps.storage.delete(key);
}

/**
 * Longer than a processing job can live: its attempts with their backoff (jobQueues) and each
 * attempt's expiry. A material still 'processing' after this lost its job for good.
 */
export const PROCESSING_STALLED_MS = 2 * 60 * 60 * 1000;

/** Ends materials whose processing job gave up (retries exhausted, crashed out) as failed. */
export async function failStalledMaterials(deps: Pick<ProcessDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const stalled = await deps.db
    .update(materials)
    .set({ status: 'failed', note: 'processingStalled', updatedAt: now })
    .where(
      and(
        eq(materials.status, 'processing'),
        lt(materials.updatedAt, new Date(now.getTime() - PROCESSING_STALLED_MS)),
      ),
    )
    .returning({ id: materials.id });
  return stalled.length;
}
