import { rmSync } from 'node:fs';
import { E2E } from './e2e-env.ts';
import { RELEASE } from '../src/features/me/release.ts';
import { markReleaseReadByAll, seedDemo } from '../../server/src/bootstrap/demo-data.ts';
import { loadConfig } from '../../server/src/config.ts';
import { prepare } from '../../server/src/server.ts';

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
// Everyone has read this release's notes, so the what's-new dialog (unit-tested) stays out of the flows.
await markReleaseReadByAll(seeding.database.db, RELEASE);
await seeding.app.close();
await seeding.database.close();
await import('../../server/src/main.ts');
