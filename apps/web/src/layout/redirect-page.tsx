import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { isLocalPath } from '../utils/local-path';

/**
 * Checklist AM-2: /redirect/<path> renders nothing and replaces itself with /<path>, so the
 * page there mounts afresh while the shell stays. Rendered (not a loader redirect) on purpose:
 * the page must actually unmount in between.
 */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate replace to={`/${rest}${search}`} />;
}

/** Spec §2 /menuRedirect?path=...: reloads a page, e.g. when its active menu item is clicked. */
export function MenuRedirectPage() {
  const [params] = useSearchParams();
  const path = params.get('path');
  return <Navigate replace to={isLocalPath(path) ? path : '/'} />;
}
