// What the web app's bundle is made of, hashed: scripts/build-web.mjs builds only when this
// changes. Plain JavaScript, like the other root scripts.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The web app's sources, page and build configuration, the workspace packages it imports, and
 * the exact dependency versions. Unit tests are never bundled, so editing one makes no build.
 */
export const WEB_INPUTS = [
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/web/src',
  'apps/web/public',
  'packages/contract/package.json',
  'packages/contract/src',
  'packages/rich-text/package.json',
  'packages/rich-text/src',
  'tsconfig.base.json',
  'package-lock.json',
];

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function filesUnder(path) {
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const full = join(path, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() && !isTest(entry.name) ? [full] : [];
  });
}

/** SHA-256 over every input file under `root`, each named, in a fixed order. */
export function webInputsHash(root) {
  const files = WEB_INPUTS.flatMap((input) => {
    const full = join(root, input);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
  const hash = createHash('sha256');
  // Named as well as read, so a rename or a move changes the hash as an edit does.
  for (const file of files.map((f) => relative(root, f).split(sep).join('/')).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}
