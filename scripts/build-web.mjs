// `npm run build` (and so `npm start` and the end-to-end run): builds the web app only when its
// inputs (scripts/web-inputs.mjs) changed since the build in apps/web/dist. A build takes
// 10-17 s; the check well under one. The inputs' hash is recorded beside dist, in
// apps/web/.dist-inputs, once a build has succeeded. `--force` builds regardless.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webInputsHash } from './web-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps', 'web');
const record = join(web, '.dist-inputs');

const hash = webInputsHash(root);
const built =
  existsSync(join(web, 'dist', 'index.html')) && existsSync(record)
    ? readFileSync(record, 'utf8').trim()
    : '';
if (built === hash && !process.argv.includes('--force')) {
  console.log('web app up to date (apps/web/dist: its sources have not changed since it was built)');
  process.exit(0);
}
// A build that fails half-way must not pass for a good one next time.
rmSync(record, { force: true });
const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(record, `${hash}\n`);
