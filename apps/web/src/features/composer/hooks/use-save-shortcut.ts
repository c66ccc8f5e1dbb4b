import { useEffect, useEffectEvent } from 'react';

const isSaveKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';

/** Ctrl+S / Cmd+S anywhere on the page saves instead of opening the browser's 'save page'. */
export function useSaveShortcut(onSave: () => void, enabled: boolean): void {
  const save = useEffectEvent(onSave);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveKey(event)) return;
      event.preventDefault();
      if (enabled) save();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
