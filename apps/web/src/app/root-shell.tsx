import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { TopProgressBar } from '../components/top-progress-bar';
import { DeferredEffectsHost } from './deferred-effects-host';
import { documentTitle } from './document-title';
import { matchedTitle } from './route-handle';

/**
 * The root route: progress bar while navigating, the document title, scroll to top, and antd's
 * message and modal when the client needs them before an antd page is mounted.
 */
export function RootShell() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const titleKey = matchedTitle(useMatches());

  useEffect(() => {
    document.title = documentTitle(titleKey, t);
  }, [titleKey, t]);

  return (
    <>
      {navigation.state !== 'idle' && <TopProgressBar />}
      <Outlet />
      <ScrollRestoration />
      <DeferredEffectsHost />
    </>
  );
}
