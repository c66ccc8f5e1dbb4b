import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CREATOR = fileURLToPath(new URL('./create-cluster-process.ts', import.meta.url));

/**
 * Makes the embedded database's cluster in `dir` when there is none yet, in a short-lived process
 * of its own (issue 11, memory). Creating a cluster runs initdb in WebAssembly beside PostgreSQL,
 * and the memory that grows is never given back: a server that had just created its database stayed
 * at 450-700 MB idle, one that opened an existing one at 330-370 MB. The cluster is made beside `dir` and renamed into
 * place, so a start stopped half-way leaves nothing half-made. Returns whether it made one.
 */
export async function ensureEmbeddedCluster(dir: string): Promise<boolean> {
  if (existsSync(join(dir, 'PG_VERSION'))) return false;
  // A directory with files but no cluster is none of ours to replace: PGlite says what it finds.
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const making = `${dir}.creating`;
  rmSync(making, { recursive: true, force: true });
  await runCreator(making);
  rmSync(dir, { recursive: true, force: true });
  renameSync(making, dir);
  return true;
}

function runCreator(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CREATOR, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-4_000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      reject(
        new Error(
          `could not create the embedded database in ${dir} (${signal ?? `exit ${code}`}): ${errors.trim()}`,
        ),
      );
    });
  });
}
