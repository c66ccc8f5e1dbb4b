/** Time for the composer: the autosave rhythm and the stamps on drafts and saves. Tests inject their own. */
export interface ComposerClock {
  now(): number;
  /** Runs `run` every `ms` until the returned function is called. */
  every(ms: number, run: () => void): () => void;
}

export const systemClock: ComposerClock = {
  now: () => Date.now(),
  every: (ms, run) => {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
};

/** How often unsaved work is copied to the local draft. */
export const AUTOSAVE_INTERVAL_MS = 3_000;
