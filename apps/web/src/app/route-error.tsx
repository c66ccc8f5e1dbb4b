import { lazy, Suspense } from 'react';

// The error page is antd's Result: loaded when a route fails, so the root route stays light.
const RouteErrorPage = lazy(() =>
  Promise.all([import('../pages/route-error-page'), import('./antd-providers')]).then(
    ([{ RouteErrorPage: Page }, { AntdProviders }]) => ({
      default: () => (
        <AntdProviders>
          <Page />
        </AntdProviders>
      ),
    }),
  ),
);

/** The root and layout routes' ErrorBoundary. */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}
