import { lazy, Suspense } from 'react';
import { currentLanguage } from '../i18n/i18n';
import { prepareUiLocales } from '../i18n/ui-locales';
import { useEffectsWanted } from './deferred-effects';

// antd's providers with nothing inside: their ClientEffectsBridge shows what waited.
const EffectsOnly = lazy(() =>
  Promise.all([import('./antd-providers'), prepareUiLocales(currentLanguage())]).then(
    ([{ AntdProviders }]) => ({
      default: () => <AntdProviders>{null}</AntdProviders>,
    }),
  ),
);

/** In the root route: mounts antd's App once the client has something to show without it. */
export function DeferredEffectsHost() {
  if (!useEffectsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <EffectsOnly />
    </Suspense>
  );
}
