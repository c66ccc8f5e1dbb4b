import { create } from 'zustand';

/** Spec §2: the full console ('complex') or the simple edition with four top tabs. */
export type Edition = 'complex' | 'simple';

export const EDITION_STORAGE_KEY = 'postdeck-edition';

export function loadEdition(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Edition {
  try {
    return storage?.getItem(EDITION_STORAGE_KEY) === 'simple' ? 'simple' : 'complex';
  } catch {
    return 'complex';
  }
}

interface EditionState {
  edition: Edition;
  setEdition: (edition: Edition) => void;
}

export const useEditionStore = create<EditionState>()((set) => ({
  edition: loadEdition(),
  setEdition: (edition) => {
    try {
      globalThis.localStorage?.setItem(EDITION_STORAGE_KEY, edition);
    } catch {
      // Storage blocked: the choice lasts for this page load.
    }
    set({ edition });
  },
}));
