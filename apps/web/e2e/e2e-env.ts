import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env['E2E_PORT'] ?? 8181);
const baseUrl = `http://127.0.0.1:${port}`;

/** One place for what the e2e server is started with and what the specs sign in with. */
export const E2E = {
  port,
  baseUrl,
  adminPassword: 'E2e!admin1',
  /** The demo users' password (start-server.ts seeds demo_admin, demo_deptadmin, demo_editor, demo_viewer). */
  demoPassword: 'Demo!2026',
  serverScript: fileURLToPath(new URL('./start-server.ts', import.meta.url)),
  serverEnv: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(tmpdir(), `postdeck-e2e-${port}`),
    ADMIN_PASSWORD: 'E2e!admin1',
    LOG_LEVEL: 'warn',
    // No PUBLIC_URL: the sandbox platforms send the browser back to the origin the specs browse
    // (127.0.0.1, not localhost), as they do for anyone who opens the console where npm start says.
  },
  screenshotDir: fileURLToPath(new URL('../../../docs', import.meta.url)),
};

const ssoPort = Number(process.env['E2E_SSO_PORT'] ?? port + 2);
const oidcPort = Number(process.env['E2E_OIDC_PORT'] ?? port + 1);
const ssoBaseUrl = `http://127.0.0.1:${ssoPort}`;

/**
 * The single sign-on spec's own server: OIDC_* point it at a test OpenID Connect provider
 * (oidc-provider) that start-server.ts runs on loopback when E2E_OIDC_PORT is set. A second
 * server, so the other specs keep the console without single sign-on (their log-outs and
 * re-logins would otherwise go to the provider).
 */
export const E2E_SSO = {
  port: ssoPort,
  baseUrl: ssoBaseUrl,
  issuer: `http://127.0.0.1:${oidcPort}`,
  /** The provider's accounts (sign-in name: claims); all share providerPassword. */
  accounts: {
    nora: { preferred_username: 'nora_sso', name: 'Nora Single', email: 'nora@example.test' },
    eli: { preferred_username: 'Demo_Editor', name: 'Eli at the provider', email: 'eli@example.test' },
    odd: { preferred_username: 'no spaces!', name: 'Odd Name' },
  },
  providerPassword: 'Provider!1',
  serverEnv: {
    ...E2E.serverEnv,
    PORT: String(ssoPort),
    DATA_DIR: join(tmpdir(), `postdeck-e2e-${ssoPort}`),
    E2E_OIDC_PORT: String(oidcPort),
    PUBLIC_URL: ssoBaseUrl,
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    OIDC_CLIENT_ID: 'postdeck-e2e',
    OIDC_CLIENT_SECRET: 'postdeck-e2e-client-secret',
    OIDC_DEFAULT_DEPARTMENT: 'Social desk',
  },
};
