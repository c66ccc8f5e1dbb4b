import { type ChildProcess, type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import { tempDirs } from '../test/temp-dirs.ts';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

const tempDir = tempDirs('postdeck-lock-');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A process that takes the lock, says so, and keeps it until it is killed (or told to exit). */
async function holder(dataDir: string): Promise<ChildProcessByStdio<Writable, Readable, null>> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { lockDataDir } from ${JSON.stringify(lockModule)};
       lockDataDir(${JSON.stringify(dataDir)});
       console.log('locked');
       process.stdin.on('data', () => process.exit(0));`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  const said = await Promise.race([
    once(child.stdout, 'data').then(([line]) => String(line)),
    once(child, 'exit').then(([code]) => `exited with ${String(code)}`),
  ]);
  expect(said).toContain('locked');
  return child;
}

/** Runs a script of the server (main.ts, seed-demo.ts) on `dataDir` to its end. */
async function runServerScript(script: string, dataDir: string) {
  const child = spawn(process.execPath, [script], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

const lockFile = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number; command: string };

// The embedded database's lock: nothing here changes with a PostgreSQL server, so it runs once.
describe.skipIf(process.env['TEST_DB_KIND'] === 'postgres')(
  'one process owns DATA_DIR (postdeck.lock)',
  () => {
    it('a server started on a DATA_DIR another process holds stops at once, naming that process', async () => {
      const dataDir = tempDir();
      const first = await holder(dataDir);
      const { code, stderr } = await runServerScript('src/main.ts', dataDir);
      expect(code).toBe(1);
      expect(stderr).toContain(
        `DATA_DIR ${dataDir} is in use by process ${first.pid} (node --input-type=module`,
      );
      expect(stderr).toContain('set DATABASE_URL');
      // The refused process opened nothing: no database was created beside the holder.
      expect(existsSync(join(dataDir, 'db'))).toBe(false);
      expect(lockFile(dataDir).pid).toBe(first.pid);
    });

    it('seed:demo beside a running Postdeck says to stop it first instead of writing', async () => {
      const dataDir = tempDir();
      const first = await holder(dataDir);
      const { code, stderr } = await runServerScript('src/scripts/seed-demo.ts', dataDir);
      expect(code).toBe(1);
      expect(stderr).toContain(`Postdeck is running on this DATA_DIR (${dataDir}, process ${first.pid}:`);
      expect(stderr).toContain('stop it first, then run npm run seed:demo');
      expect(existsSync(join(dataDir, 'db'))).toBe(false);
    });

    it('a lock left by a process killed with kill -9 is taken over', async () => {
      const dataDir = tempDir();
      const first = await holder(dataDir);
      first.kill('SIGKILL');
      await once(first, 'exit');
      expect(lockFile(dataDir).pid).toBe(first.pid);
      const second = await holder(dataDir);
      expect(lockFile(dataDir).pid).toBe(second.pid);
    });

    it('a process that exits releases its lock', async () => {
      const dataDir = tempDir();
      const first = await holder(dataDir);
      first.stdin.write('exit\n');
      await once(first, 'exit');
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    });

    it('the holding process itself cannot take it twice; release frees it', () => {
      const dataDir = tempDir();
      const lock = lockDataDir(dataDir);
      expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
      lock.release();
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
      lockDataDir(dataDir).release();
    });

    const writeLock = (dataDir: string, fields: Record<string, unknown>) => {
      const mine = lockDataDir(dataDir);
      const current = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as Record<string, unknown>;
      mine.release();
      writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ ...current, ...fields, nonce: 'other' }));
    };

    it('a pid now used by another process (other start time) or from an earlier boot is stale', () => {
      const dataDir = tempDir();
      // This test's own pid, alive, but the lock says it started at another time: a reused pid.
      writeLock(dataDir, { startTicks: '1' });
      lockDataDir(dataDir).release();
      writeLock(dataDir, { bootId: 'an-earlier-boot' });
      lockDataDir(dataDir).release();
      // Unreadable content names nobody: taken over too.
      writeFileSync(join(dataDir, LOCK_FILE), '');
      lockDataDir(dataDir).release();
    });

    it('a lock from another host cannot be checked, so it is refused with the way out', () => {
      const dataDir = tempDir();
      writeLock(dataDir, { host: `not-${hostname()}` });
      let message = '';
      try {
        lockDataDir(dataDir);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(`on host not-${hostname()}`);
      expect(message).toContain(`If that host no longer runs Postdeck, delete ${join(dataDir, LOCK_FILE)}.`);
    });

    it('release leaves alone a lock that has become another process’s', () => {
      const dataDir = tempDir();
      const lock = lockDataDir(dataDir);
      writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: 1, host: hostname(), nonce: 'other' }));
      lock.release();
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    });
  },
);
