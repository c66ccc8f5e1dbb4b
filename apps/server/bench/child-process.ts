import { fork, type ChildProcess } from 'node:child_process';

/**
 * glibc's malloc as `npm start` sets it (apps/server/package.json): a fixed trim threshold gives
 * freed memory back to the system instead of keeping it for later, about 60-90 MB of an idle
 * embedded server (see the README's memory figures).
 */
const MALLOC_AS_STARTED = { MALLOC_TRIM_THRESHOLD_: process.env['MALLOC_TRIM_THRESHOLD_'] ?? '131072' };

/** Starting the processes a benchmark measures, each in its own process like in production. */
export function startChild(
  script: string,
  env: Record<string, string>,
  ready: (child: ChildProcess) => Promise<number>,
) {
  const child = fork(script, [], {
    env: { ...process.env, ...MALLOC_AS_STARTED, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return ready(child).then((port) => ({ child, port }));
}

export const portFromMessage = (child: ChildProcess) =>
  new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });

export async function waitForReady(port: number) {
  for (let i = 0; i < 600; i++) {
    try {
      // Ready, not healthy: health answers as soon as the port opens, before the migrations (front-door.ts).
      const res = await fetch(`http://127.0.0.1:${port}/prod-api/ready`);
      if (res.ok) return port;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Postdeck did not become ready');
}
