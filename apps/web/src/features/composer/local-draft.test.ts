import { describe, expect, it } from 'vitest';
import { valuesOf } from './composer-values';
import {
  draftKey,
  isWorthOffering,
  type LocalDraft,
  readDraft,
  removeDraft,
  writeDraft,
} from './local-draft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const draft = (title: string, savedAt = 1_000): LocalDraft => ({
  savedAt,
  baseVersion: 3,
  values: { ...valuesOf(null), title },
});

describe('local drafts', () => {
  it('are kept per user and content', () => {
    expect(draftKey(1, null)).toBe('postdeck.composer-draft:1:new');
    expect(draftKey(2, 7)).toBe('postdeck.composer-draft:2:7');
  });

  it('read back what was written, and nothing after removal', () => {
    const storage = memoryStorage();
    expect(writeDraft('k', draft('A'), storage)).toBe(true);
    expect(readDraft('k', storage)).toEqual(draft('A'));
    removeDraft('k', storage);
    expect(readDraft('k', storage)).toBeNull();
  });

  it('ignore what is not a draft of this format, and survive a full storage', () => {
    const storage = memoryStorage();
    storage.items.set('broken', '{not json');
    storage.items.set('other', JSON.stringify({ format: 99, ...draft('A') }));
    storage.items.set('bad', JSON.stringify({ format: 1, ...draft('A'), values: { title: 1 } }));
    for (const key of ['broken', 'other', 'bad', 'absent']) expect(readDraft(key, storage)).toBeNull();
    const full = {
      ...storage,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(writeDraft('k', draft('A'), full)).toBe(false);
  });

  it('are offered when they differ from what was loaded and are newer than it', () => {
    const loaded = { ...valuesOf(null), title: 'Server' };
    expect(isWorthOffering(draft('Server'), loaded, null)).toBe(false);
    expect(isWorthOffering(draft('Mine', 2_000), loaded, null)).toBe(true);
    expect(isWorthOffering(draft('Mine', 2_000), loaded, 1_000)).toBe(true);
    expect(isWorthOffering(draft('Mine', 500), loaded, 1_000)).toBe(false);
  });
});
