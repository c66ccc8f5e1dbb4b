import { useEffect } from 'react';

export const OAUTH_CODE_KEY = 'x-admin-oauth-code';

/** Checklist PG-7: the OAuth pop-up hands its query to the opener through localStorage and closes. */
export function AuthRedirectPage() {
  useEffect(() => {
    window.localStorage.setItem(OAUTH_CODE_KEY, window.location.search.slice(1));
    window.close();
  }, []);
  return null;
}
