import { useSyncExternalStore } from 'react';
import type { ApiClient, ClientEffects } from '../api/client';
import { endSession } from './session';

/**
 * The client's user interface before antd's App is mounted (the login page, the guard's first
 * navigation): a message or the re-login box waits, and asks for antd (DeferredEffectsHost
 * mounts it), whose ClientEffectsBridge then shows it. Ending a session needs no antd.
 */
const waiting: ((effects: ClientEffects) => void)[] = [];
const listeners = new Set<() => void>();
let wanted = false;

function later(show: (effects: ClientEffects) => void): void {
  waiting.push(show);
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function installDeferredEffects(client: ApiClient): void {
  client.setEffects({
    error: (text) => later((effects) => effects.error(text)),
    confirm: (options) => later((effects) => effects.confirm(options)),
    signOut: (address) => void endSession(address),
  });
}

/** Called by ClientEffectsBridge once it has registered: shows what waited. */
export function showWaitingEffects(effects: ClientEffects): void {
  for (const show of waiting.splice(0)) show(effects);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether something asked for antd's effects (it stays mounted from then on). */
export const useEffectsWanted = (): boolean => useSyncExternalStore(subscribe, () => wanted);
