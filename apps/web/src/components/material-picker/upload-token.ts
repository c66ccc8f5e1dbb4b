import { request } from '../../api/client';
import { isAccessExpired, readAuth } from '../../utils/auth-cookie';

/**
 * The access token for a tus request, which the API client does not send. An expired token, or
 * one the upload server just refused (`rejected`), is renewed by making one cheap authenticated
 * call: the client then runs its own single-flight, cross-tab refresh (before sending when its
 * clock says expired, after the server's 101103 otherwise) and stores the new pair in the cookie.
 * inlineErrors: a network failure here stays quiet (tus retries), while an ended session still
 * brings up the re-login box.
 */
export async function uploadToken(rejected?: string): Promise<string | undefined> {
  const auth = readAuth();
  if (auth && auth.accessToken !== rejected && !isAccessExpired(auth)) return auth.accessToken;
  await request('materialSettings', { inlineErrors: true }).catch(() => undefined);
  return readAuth()?.accessToken;
}
