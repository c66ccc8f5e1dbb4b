import { lazy, Suspense } from 'react';
import { currentLanguage, loadLanguage } from '../i18n/i18n';
import { prepareUiLocales } from '../i18n/ui-locales';

// The error page is antd's Result: loaded when a route fails, so the root route stays light.
const RouteErrorPage = lazy(() =>
  Promise.all([
    import('../pages/route-error-page'),
    import('./antd-providers'),
    prepareUiLocales(currentLanguage()),
    loadLanguage(currentLanguage()),
  ]).then(([{ RouteErrorPage: Page }, { AntdProviders }]) => ({
    default: () => (
      <AntdProviders>
        <Page />
      </AntdProviders>
    ),
  })),
);

/** The root and layout routes' ErrorBoundary. */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}
