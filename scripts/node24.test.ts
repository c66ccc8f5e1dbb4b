import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeNpm } from './fake-npm.ts';

const launcher = fileURLToPath(new URL('./node24.mjs', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A checkout of its own (the launcher installs into <root>/.tools/node), with npm faked. */
function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'postdeck-node24-'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(launcher, join(root, 'scripts', 'node24.mjs'));
  const npm = fakeNpm(process.execPath);
  dirs.push(root, npm.dir);
  return { root, npm, script: join(root, 'scripts', 'node24.mjs') };
}

const systemPath = ['/usr/local/bin', '/usr/bin', '/bin'];
/** A Node older than 24 installed on this machine (Debian's, say), if there is one. */
const oldNode = systemPath
  .map((dir) => join(dir, 'node'))
  .find((node) => {
    if (!existsSync(node)) return false;
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout ?? '';
    return Number(/^v(\d+)/.exec(version)?.[1] ?? 99) < 24;
  });

const printVersionAndPath = ['node', '-e', 'console.log(process.version + " " + process.env.PATH)'];

describe('scripts/node24.mjs', () => {
  it('where Node 24 runs it, the command runs as it is: nothing downloaded, PATH untouched', () => {
    const { npm, script } = checkout();
    const path = [npm.dir, dirname(process.execPath), ...systemPath].join(delimiter);
    const run = spawnSync(process.execPath, [script, ...printVersionAndPath], {
      encoding: 'utf8',
      env: { PATH: path },
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(`${process.version} ${path}`);
    const bin = spawnSync(process.execPath, [script, '--bin'], { encoding: 'utf8', env: { PATH: path } });
    expect(bin.stdout).toBe('\n');
    expect(npm.calls()).toEqual([]);
  });

  it('passes on the exit status, and runs a whole command line given as one argument', () => {
    const { npm, script } = checkout();
    const env = { PATH: [npm.dir, dirname(process.execPath), ...systemPath].join(delimiter) };
    expect(spawnSync(process.execPath, [script, 'node', '-e', 'process.exit(3)'], { env }).status).toBe(3);
    const line = spawnSync(process.execPath, [script, 'node -e "process.exit(0)" && echo second'], {
      encoding: 'utf8',
      env,
    });
    expect(line.stdout.trim()).toBe('second');
  });

  it.skipIf(!oldNode)(
    'under an older Node, installs Node 24 into .tools/node once and runs the command on it',
    () => {
      const { root, npm, script } = checkout();
      const env = { PATH: [npm.dir, ...systemPath].join(delimiter) };
      const pkg = `node-${process.platform}-${process.arch}`;
      const bin = join(root, '.tools', 'node', 'node_modules', pkg, 'bin');
      const first = spawnSync(oldNode as string, [script, ...printVersionAndPath], { encoding: 'utf8', env });
      expect(first.status).toBe(0);
      expect(first.stderr).toContain(
        `Installing the official Node 24 binary (npm package ${pkg}) into .tools/node`,
      );
      expect(first.stdout.trim()).toBe(`${process.version} ${bin}${delimiter}${env.PATH}`);
      expect(npm.calls()).toEqual([
        `install --no-save --no-package-lock --no-audit --no-fund --loglevel=error --prefix ${join(root, '.tools', 'node')} ${pkg}@24`,
      ]);
      // Installed once: the next run (and ensure-node.sh's --bin) only finds it.
      const second = spawnSync(oldNode as string, [script, ...printVersionAndPath], {
        encoding: 'utf8',
        env,
      });
      expect(second.stdout.trim()).toBe(`${process.version} ${bin}${delimiter}${env.PATH}`);
      const printed = spawnSync(oldNode as string, [script, '--bin'], { encoding: 'utf8', env });
      expect(printed.stdout.trim()).toBe(bin);
      expect(npm.calls()).toHaveLength(1);
    },
  );
});
