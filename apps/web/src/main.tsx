import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiClient } from './api/client';
import { App } from './app/app';
import { BaseProviders } from './app/base-providers';
import { installDeferredEffects } from './app/deferred-effects';
import { requestSessionEarly } from './app/guard';
import { prefetchShell } from './app/router';
import { getRouter } from './app/router-host';
import { languageReady } from './i18n/i18n';
import { installErrorLogListeners } from './layout/error-log/error-log-listeners';
import './styles/global.css';
import { hasAuth } from './utils/auth-cookie';
import { nonceScriptStyles, readCspNonce } from './utils/csp-nonce';

const nonce = readCspNonce();
if (nonce) nonceScriptStyles(nonce);

// Sign-on settings are needed the moment a session fails; fetch them while the app starts.
void apiClient.publicConfig();

// Messages and the re-login box the client raises before antd's App is mounted wait for it.
installDeferredEffects(apiClient);

// The session's requests go first, before the page's chunks queue for the few connections
// (HTTP/1.1: six per host): the chunks below start in a later task, after these have gone out.
if (hasAuth()) {
  requestSessionEarly();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

// Checklist EL-1: uncaught errors feed the error log (it records in production builds only).
installErrorLogListeners();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router starts the first navigation (the guard, the page's chunk) at once, while the texts
// load, rather than after them.
getRouter();
if (hasAuth()) void prefetchShell(window.location.pathname, window.location.search).catch(() => undefined);

// The first language's texts come before the first render, so no key ever shows; a failed
// load still renders (the keys beat a blank page).
await languageReady.catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <BaseProviders>
      <App />
    </BaseProviders>
  </StrictMode>,
);
