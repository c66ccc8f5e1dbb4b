import { beforeEach, describe, expect, it } from 'vitest';
import { EDITION_STORAGE_KEY, loadEdition, useEditionStore } from './edition-store';

describe('edition store (spec §2, §4)', () => {
  beforeEach(() => localStorage.clear());

  it('starts in the full edition and persists a switch', () => {
    expect(loadEdition()).toBe('complex');
    useEditionStore.getState().setEdition('simple');
    expect(localStorage.getItem(EDITION_STORAGE_KEY)).toBe('simple');
    expect(loadEdition()).toBe('simple');
  });

  it('treats an unknown saved value as the full edition', () => {
    localStorage.setItem(EDITION_STORAGE_KEY, 'other');
    expect(loadEdition()).toBe('complex');
  });
});
