import { richTextDocumentSchema } from '@postdeck/contract/content';
import { type ComposerValues, EDITABLE_STATUSES, snapshotOf } from './composer-values';

/** A copy of unsaved work kept on this device, so a crash, a closed tab or a 409 loses nothing. */
export interface LocalDraft {
  /** When it was written (ms since the epoch, the browser's clock). */
  savedAt: number;
  /** The server version the writer started from; null for a content not created yet. */
  baseVersion: number | null;
  values: ComposerValues;
}

/** Bumped when the stored shape changes; drafts of another format are ignored. */
const FORMAT = 1;
const PREFIX = 'postdeck.composer-draft';

/** One draft per user and content ('new' for the content not created yet) on this device. */
export const draftKey = (userId: number, contentId: number | null): string =>
  `${PREFIX}:${userId}:${contentId ?? 'new'}`;

const isInteger = (value: unknown): value is number => Number.isInteger(value);

function isComposerValues(value: unknown): value is ComposerValues {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['title'] === 'string' &&
    richTextDocumentSchema.safeParse(v['body']).success &&
    typeof v['summary'] === 'string' &&
    Array.isArray(v['tags']) &&
    v['tags'].every((tag) => typeof tag === 'string') &&
    (EDITABLE_STATUSES as readonly unknown[]).includes(v['status']) &&
    (v['coverMaterialId'] === null || isInteger(v['coverMaterialId'])) &&
    Array.isArray(v['materialIds']) &&
    v['materialIds'].every(isInteger)
  );
}

function parseDraft(text: string): LocalDraft | null {
  try {
    const stored = JSON.parse(text) as Record<string, unknown>;
    const { format, savedAt, baseVersion, values } = stored;
    if (format !== FORMAT || typeof savedAt !== 'number' || !isComposerValues(values)) return null;
    if (baseVersion !== null && !isInteger(baseVersion)) return null;
    return { savedAt, baseVersion, values };
  } catch {
    return null;
  }
}

// Storage can be missing or full (private windows, quota); losing the copy must not break editing.
type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const deviceStorage = (): DraftStorage | undefined => globalThis.localStorage;

export function readDraft(key: string, storage = deviceStorage()): LocalDraft | null {
  try {
    const text = storage?.getItem(key);
    return text ? parseDraft(text) : null;
  } catch {
    return null;
  }
}

/** False when the device would not keep it. */
export function writeDraft(key: string, draft: LocalDraft, storage = deviceStorage()): boolean {
  try {
    storage?.setItem(key, JSON.stringify({ format: FORMAT, ...draft }));
    return storage !== undefined;
  } catch {
    return false;
  }
}

export function removeDraft(key: string, storage = deviceStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clean up on a device that keeps nothing.
  }
}

/**
 * Whether to offer a draft back on opening: it must differ from what was loaded, and be newer than
 * the server's copy (`loadedAt`, null for a new content), or it is an older state the writer moved on from.
 */
export function isWorthOffering(draft: LocalDraft, loaded: ComposerValues, loadedAt: number | null): boolean {
  if (snapshotOf(draft.values) === snapshotOf(loaded)) return false;
  return loadedAt === null || draft.savedAt > loadedAt;
}
