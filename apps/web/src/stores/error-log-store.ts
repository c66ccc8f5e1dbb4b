import { create } from 'zustand';

/** One client error, as the error-log dialog will list it (checklist EL-2). */
export interface ErrorLogEntry {
  id: number;
  message: string;
  info: string;
  url: string;
  stack?: string;
  at: number;
}

interface ErrorLogState {
  /** Checklist EL-1: collecting is on in production builds only. */
  enabled: boolean;
  entries: ErrorLogEntry[];
  add: (entry: Omit<ErrorLogEntry, 'id' | 'at' | 'url'> & { url?: string }) => void;
  clear: () => void;
  /** EL-1 'configurable': turn collecting on or off (e.g. in a test or a debug session). */
  setEnabled: (enabled: boolean) => void;
}

let nextId = 1;
const MAX_ENTRIES = 200;

export const useErrorLogStore = create<ErrorLogState>()((set, get) => ({
  enabled: import.meta.env.PROD,
  entries: [],
  add: (entry) => {
    if (!get().enabled) return;
    const full: ErrorLogEntry = {
      url: typeof location === 'undefined' ? '' : location.href,
      ...entry,
      id: nextId++,
      at: Date.now(),
    };
    // Memory only, and bounded: a long-open tab with a failing poll must not grow forever.
    set((state) => ({ entries: [...state.entries, full].slice(-MAX_ENTRIES) }));
  },
  clear: () => set({ entries: [] }),
  setEnabled: (enabled) => set({ enabled }),
}));
