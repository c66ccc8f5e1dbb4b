import { rmSync } from 'node:fs';
import { E2E, E2E_SSO } from './e2e-env.ts';
import { RELEASE } from '../src/features/me/release.ts';
import { markReleaseReadByAll, seedDemo } from '../../server/src/bootstrap/demo-data.ts';
import { loadConfig } from '../../server/src/config.ts';
import { markPasswordChosen } from '../../server/src/modules/users/user-repo.ts';
import { prepare } from '../../server/src/server.ts';
import { startOidcProvider } from '../../server/src/test/oidc-test-provider.ts';

// The single sign-on spec's server: its OpenID Connect provider first, on loopback.
if (process.env['E2E_OIDC_PORT']) {
  const publicUrl = process.env['PUBLIC_URL'] ?? '';
  await startOidcProvider({
    port: Number(process.env['E2E_OIDC_PORT']),
    clientId: process.env['OIDC_CLIENT_ID'] ?? '',
    clientSecret: process.env['OIDC_CLIENT_SECRET'] ?? '',
    redirectUris: [`${publicUrl}/prod-api/auth/oidc/callback`],
    postLogoutRedirectUris: [`${publicUrl}/login`],
    accounts: Object.fromEntries(
      Object.entries(E2E_SSO.accounts).map(([login, claims]) => [
        login,
        { password: E2E_SSO.providerPassword, claims },
      ]),
    ),
  });
}

/**
 * Starts the real server on a fresh data directory (the e2e run must not inherit state), with
 * the demo organisation seeded: one user per role, each with a tip, a success and a failure
 * notification in their bell.
 */
const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });
const seeding = await prepare(loadConfig(), () => undefined);
await seedDemo(seeding.database.db, E2E.demoPassword);
// The specs sign in as an admin who has chosen their password (first sign-ins: users.spec.ts).
await markPasswordChosen(seeding.database.db, 'admin');
// Everyone has read this release's notes, so the what's-new dialog (unit-tested) stays out of the flows.
await markReleaseReadByAll(seeding.database.db, RELEASE);
await seeding.app.close();
await seeding.database.close();
await import('../../server/src/main.ts');
