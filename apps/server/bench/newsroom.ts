import { fileURLToPath } from 'node:url';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createDepartment, rootDepartment } from '../src/modules/departments/department-repo.ts';
import { createUser } from '../src/modules/users/user-repo.ts';
import { startChild, waitForReady } from './child-process.ts';
import { seedContents } from './seed-contents.ts';

/**
 * The newsroom the benchmarks that run Postdeck as its own process share: a department with
 * `count` contents and an editor in it, then Postdeck started on that database.
 */
export const EDITOR = { account: 'bench_editor', password: 'Bench!pass2' };
const ADMIN_PASSWORD = 'Bench!pass1';

export interface Target {
  /** postgres://… for a PostgreSQL server; PGlite in `dataDir` otherwise. */
  url?: string;
  dataDir?: string;
}

/** Seeds the newsroom at `target`; `then` reads what the benchmark needs before the database closes. */
export async function seedNewsroom<T>(
  target: Target,
  count: number,
  then: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(target);
  try {
    await runMigrations(database);
    await bootstrap(database.db, { adminPassword: ADMIN_PASSWORD, log: () => undefined });
    const newsroom = await createDepartment(database.db, {
      name: 'Newsroom',
      parentId: await rootDepartment(database.db),
    });
    await createUser(database.db, {
      ...EDITOR,
      name: 'Bench editor',
      departmentId: newsroom,
      roleCodes: ['editor'],
    });
    const { seedMs, indexMs } = await seedContents(database.db, newsroom, count);
    console.log(
      `${database.kind}: ${count} contents seeded in ${(seedMs / 1000).toFixed(1)} s, indexed in ${(indexMs / 1000).toFixed(1)} s`,
    );
    return await then(database.db);
  } finally {
    await database.close();
  }
}

/** A content's create body: a title and a paragraph. */
export const contentBody = (title: string) => ({
  title,
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'News.' }] }] },
});

/** Postdeck as `npm start` runs it, in its own process, signed in as the editor. */
export async function startPostdeck(env: Record<string, string>) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const { child } = await startChild(
    fileURLToPath(new URL('../src/main.ts', import.meta.url)),
    { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    () => waitForReady(port),
  );
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/prod-api/control/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: EDITOR.account, password: EDITOR.password }),
  });
  const answer = (await login.json()) as { data?: { accessToken: string } };
  const token = answer.data?.accessToken;
  if (!token) throw new Error(`the editor could not sign in: ${JSON.stringify(answer)}`);
  return {
    base,
    pid: child.pid ?? 0,
    headers: { authorization: `Bearer ${token}` },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
