import { useSyncExternalStore } from 'react';
import type { DataRouter } from 'react-router';

/**
 * Holds the one router so it can be replaced: the template's resetRouter(). Menu routes are
 * patched into a router when a session loads; ending the session builds a fresh router so
 * the next user starts from the static routes only. The factory is injected (app.tsx) so
 * modules that reset the router need not import the route table.
 */
let factory: (() => DataRouter) | undefined;
let current: DataRouter | undefined;
const listeners = new Set<() => void>();

export function configureRouter(create: () => DataRouter): void {
  factory = create;
}

export function getRouter(): DataRouter {
  if (!current) {
    if (!factory) throw new Error('configureRouter() must run before the router is used');
    current = factory();
  }
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Goes to `to` on the current router, then swaps in a fresh one that starts there. */
export async function resetRouter(to: string): Promise<void> {
  const old = getRouter();
  await old.navigate(to, { replace: true });
  current = factory?.();
  for (const listener of listeners) listener();
  old.dispose();
}

export function useAppRouter(): DataRouter {
  return useSyncExternalStore(subscribe, getRouter);
}
