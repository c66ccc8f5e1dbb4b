import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { LocalPds, LocalPdsOptions } from './pds.ts';

/** How long a child PDS has to stop cleanly before it is killed. */
const STOP_GRACE_MS = 5_000;

/**
 * The PDS in a child process of its own. Its database is a native module (better-sqlite3, whose
 * 12.x aborted the whole process on Node 24 when the garbage collector finalised a statement; the
 * root package.json pins 13.x): whatever goes wrong in there takes down only the child, never the
 * console or a test runner.
 */
export async function startLocalPds(options: LocalPdsOptions): Promise<LocalPds> {
  const script = fileURLToPath(new URL('./pds-process.ts', import.meta.url));
  const child = spawn(process.execPath, [script, String(options.publicPort)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    exited.then(() => undefined),
  ]);
  if (first === undefined) throw new Error('the Bluesky PDS process ended before it started');
  const started = JSON.parse(first) as { origin: string; adminPassword: string };
  return {
    ...started,
    async stop() {
      // Closing its stdin asks it to stop cleanly; whatever it does then, it is gone after the grace.
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
      lines.close();
    },
  };
}
