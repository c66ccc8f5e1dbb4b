import { rmSync } from 'node:fs';

/** Starts the real server on a fresh data directory (the e2e run must not inherit state). */
const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });
await import('../../server/src/main.ts');
