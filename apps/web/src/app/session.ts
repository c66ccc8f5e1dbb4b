import { isExternalUrl } from '@postdeck/contract/menu-item';
import { apiClient, request } from '../api/client';
import { useTagsStore } from '../layout/tags-view/tags-store';
import { useUserStore } from '../stores/user-store';
import { clearAuth } from '../utils/auth-cookie';
import { resetRouter } from './router-host';

/** Checklist PG-6 resetToken: forget the tokens and the loaded user, keep the routes. */
export function resetToken(): void {
  clearAuth();
  useUserStore.getState().reset();
  // Checklist TV-19: the next user starts with no tags.
  useTagsStore.getState().reset();
}

/** Ends the session: tokens, user, cached server data and routes, then goes to `address`. */
export async function endSession(address: string): Promise<void> {
  resetToken();
  // Imported here, not up front: the login page paints without the server-data cache.
  await import('../api/query-client').then(({ queryClient }) => queryClient.clear());
  if (isExternalUrl(address)) {
    window.location.assign(address);
    return;
  }
  await resetRouter(address);
}

/** The user's 'Log Out': tell the server (a failure changes nothing here), then end the session. */
export async function logout(): Promise<void> {
  await request('logout', { silent: true }).catch(() => undefined);
  await endSession(await apiClient.signOnAddress('logout'));
}
