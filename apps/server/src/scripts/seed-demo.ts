import { loadConfig } from '../config.ts';
import { checkDataDirFree, exitWhenDataDirInUse } from '../db/data-dir-lock.ts';

/**
 * `npm run seed:demo`: demonstration departments and one user per built-in role. On the embedded
 * database only one process may hold DATA_DIR, so beside a running Postdeck it stops at once and
 * says so; on a PostgreSQL server (DATABASE_URL) it runs beside running processes.
 */
const config = loadConfig();
const refuse = exitWhenDataDirInUse(
  ({ holder: { pid, command } }) =>
    `Postdeck is running on this DATA_DIR (${config.dataDir}, process ${pid}: ${command}): ` +
    'stop it first, then run npm run seed:demo. ' +
    '(With DATABASE_URL the seed runs beside a running server.)',
);
// Before the server's modules load, so the answer comes at once; prepare() takes the lock itself.
checkDataDirFree(config, refuse);
const { seedDemoDatabase } = await import('../bootstrap/demo-data.ts');
const { prepare } = await import('../server.ts');
const { app, database } = await prepare(config, (message) => console.log(message)).catch(refuse);
try {
  const password = process.env['DEMO_PASSWORD'] ?? 'Demo!2026';
  const created = await seedDemoDatabase(database, password);
  console.log(
    created.length > 0
      ? `Demo users (password ${password}): ${created.join(', ')}`
      : 'Demo data already present; nothing changed.',
  );
} finally {
  await app.close();
  await database.close();
}
