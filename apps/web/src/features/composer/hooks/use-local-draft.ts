import { useEffect, useEffectEvent, useRef } from 'react';
import { AUTOSAVE_INTERVAL_MS, type ComposerClock } from '../composer-clock';
import { snapshotOf } from '../composer-values';
import { type LocalDraft, removeDraft, writeDraft } from '../local-draft';

interface LocalDraftOptions {
  storageKey: string;
  /** Whether the form differs from the server's copy; only then is there anything to keep. */
  dirty: boolean;
  clock: ComposerClock;
  /** The work to keep, read when a copy is made. */
  capture: () => Omit<LocalDraft, 'savedAt'>;
}

/**
 * Keeps unsaved work in the local draft: every AUTOSAVE_INTERVAL_MS while there are changes, when
 * the tab is hidden or the page is left (the browser may never run another timer), and on unmount.
 */
export function useLocalDraft({ storageKey, dirty, clock, capture }: LocalDraftOptions) {
  // What was written last, so an idle editor does not rewrite (and re-date) the same draft.
  const written = useRef<string | null>(null);

  const flush = () => {
    const { baseVersion, values } = capture();
    const stamp = `${storageKey}|${baseVersion}|${snapshotOf(values)}`;
    if (stamp === written.current) return;
    if (writeDraft(storageKey, { savedAt: clock.now(), baseVersion, values })) written.current = stamp;
  };

  const clear = (key = storageKey) => {
    removeDraft(key);
    written.current = null;
  };

  const keepChanges = useEffectEvent(() => {
    if (dirty) flush();
  });

  useEffect(() => {
    if (!dirty) return;
    return clock.every(AUTOSAVE_INTERVAL_MS, () => keepChanges());
  }, [dirty, clock]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') keepChanges();
    };
    const onPageHide = () => keepChanges();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      keepChanges();
    };
  }, []);

  return { flush, clear };
}
