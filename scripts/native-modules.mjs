// Root postinstall, run under Node 24 (scripts/node24.mjs): makes sure better-sqlite3, the one
// native module (the Bluesky PDS the tests start keeps its data in SQLite), loads in Node 24.
// `npm install` run by an older node (the README's `npm install && npm start` with the machine's
// Node 20 first on PATH) compiles it against that node's headers ("NODE_MODULE_VERSION 115 ...
// requires 137" at load time): rebuild it then, from source, against the headers of the Node 24
// that runs this script. Where it already loads (.ci/run sets npm_config_nodedir before npm ci)
// nothing is rebuilt.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = `new (require('better-sqlite3'))(':memory:').close()`;

const loads = () =>
  spawnSync(process.execPath, ['-e', check], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });

// Not installed (an install that omits dev dependencies): nothing to build.
if (!existsSync(join(root, 'node_modules', 'better-sqlite3', 'package.json'))) process.exit(0);
if (loads().status === 0) process.exit(0);

// The headers of this node: the official tarball layout (.tools/node's, or a /usr/local install) has include/node.
const nodedir = resolve(process.execPath, '..', '..');
const env = { ...process.env, npm_config_build_from_source: 'true' };
if (existsSync(join(nodedir, 'include', 'node', 'node.h'))) env.npm_config_nodedir = nodedir;
process.stderr.write(`Rebuilding better-sqlite3 for Node ${process.version} (about a minute)…\n`);
const rebuild = spawnSync('npm', ['rebuild', 'better-sqlite3', '--foreground-scripts'], {
  cwd: root,
  env,
  stdio: ['ignore', 2, 2],
});
const after = loads();
if (rebuild.status !== 0 || after.status !== 0) {
  process.stderr.write(`better-sqlite3 still does not load in Node ${process.version}:\n${after.stderr}\n`);
  process.exit(1);
}
