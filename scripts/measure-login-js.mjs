// `node scripts/measure-login-js.mjs [--json]`: the JavaScript a first paint of /login needs in
// the built web app (apps/web/dist, run `npm run build` first), with gzip sizes. Counted: the
// entry of index.html with its static imports (the modulepreloads), then each module the
// first paint of /login waits for (its route chunk and the English texts it shows) with theirs. Issue 11
// set the budget: at most LOGIN_JS_BUDGET_KB.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_JS_BUDGET_KB = 150;

/** Source modules (manifest keys, relative to apps/web) a first paint of /login waits for. */
export const LOGIN_FIRST_PAINT = ['src/features/auth/pages/login-page.tsx', 'src/i18n/locales/en-boot.ts'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = join(root, 'apps', 'web', 'dist');

/** The chunks `keys` need, each once, in load order: the chunk itself, then its static imports. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file);
}

/**
 * Each file a first paint waiting for `keys` (manifest keys) needs, with its raw and gzip
 * (level 9) sizes in bytes: the entry of index.html, its static imports, then `keys` with theirs.
 */
export function measureFirstPaint(keys, dist = WEB_DIST) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  // A module that is no chunk of its own is bundled into one already counted.
  const files = staticClosure(manifest, [entry, ...keys.filter((key) => key in manifest)]);
  return files.map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

/** Each file of the first paint of /login with its raw and gzip sizes in bytes. */
export const measureLoginJs = (dist) => measureFirstPaint(LOGIN_FIRST_PAINT, dist);

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** Prints `files` (or their JSON with --json) and sets exit code 1 over `budgetKb`. */
export function printFirstPaint(files, budgetKb) {
  const total = files.reduce((sum, file) => sum + file.gzip, 0);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ files, totalGzip: total }, null, 2));
  } else {
    for (const file of files)
      console.log(`${kb(file.gzip).padStart(7)} KB gz  ${kb(file.raw).padStart(7)} KB  ${file.file}`);
    console.log(`${kb(total).padStart(7)} KB gz  in all, ${files.length} files (budget ${budgetKb} KB)`);
  }
  if (total > budgetKb * 1000) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printFirstPaint(measureLoginJs(), LOGIN_JS_BUDGET_KB);
}
