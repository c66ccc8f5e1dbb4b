import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env['E2E_PORT'] ?? 8181);

/** One place for what the e2e server is started with and what the specs sign in with. */
export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
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
  },
  screenshotDir: fileURLToPath(new URL('../../../docs', import.meta.url)),
};
