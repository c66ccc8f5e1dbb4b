import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { isAdoption } from '../composer-session';

/**
 * Asks before unsaved work is left: in-app navigation through the returned blocker (the page shows
 * the question), reloading or closing the tab through the browser's own beforeunload prompt.
 */
export function useLeaveGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(({ nextLocation }) => dirty && !isAdoption(nextLocation.state));

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return blocker;
}
