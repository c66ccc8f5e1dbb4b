import { loadConfig } from '../config.ts';
import { seedDemo } from '../bootstrap/demo-data.ts';
import { prepare } from '../server.ts';

/** `npm run seed:demo`: demonstration departments and one user per built-in role. */
const config = loadConfig();
const { app, database } = await prepare(config, (message) => console.log(message));
try {
  const password = process.env['DEMO_PASSWORD'] ?? 'Demo!2026';
  const created = await seedDemo(database.db, password);
  console.log(
    created.length > 0
      ? `Demo users (password ${password}): ${created.join(', ')}`
      : 'Demo data already present; nothing changed.',
  );
} finally {
  await app.close();
  await database.close();
}
