import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeNpm } from './fake-npm.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A small checkout: the build scripts, a web app of two files and a lock file. */
function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'postdeck-build-web-'));
  mkdirSync(join(root, 'scripts'));
  for (const file of ['build-web.mjs', 'web-inputs.mjs']) {
    copyFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url)), join(root, 'scripts', file));
  }
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/src/main.tsx', 'render(<App />);');
  write('apps/web/src/app.test.tsx', 'test("app", () => {});');
  write('apps/web/e2e/app.spec.ts', 'test("e2e", () => {});');
  write('packages/contract/src/errors.ts', 'export const errors = {};');
  write('package-lock.json', '{"lockfileVersion":3}');
  const npm = fakeNpm(process.execPath);
  dirs.push(root, npm.dir);
  const build = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'build-web.mjs')], {
      encoding: 'utf8',
      env: { PATH: [npm.dir, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter), ...env },
    });
  const builds = () => npm.calls().filter((call) => call === 'run build --workspace apps/web').length;
  return { root, write, build, builds };
}

describe('npm run build (scripts/build-web.mjs)', () => {
  it('builds the web app only when its sources changed', () => {
    const { root, write, build, builds } = checkout();
    expect(build().status).toBe(0);
    expect(builds()).toBe(1);

    const again = build();
    expect(again.stdout).toContain('web app up to date');
    expect(builds()).toBe(1);

    // Neither unit tests nor end-to-end specs are in the bundle.
    write('apps/web/src/app.test.tsx', 'test("app, changed", () => {});');
    write('apps/web/e2e/app.spec.ts', 'test("e2e, changed", () => {});');
    build();
    expect(builds()).toBe(1);

    write('apps/web/src/main.tsx', 'render(<App strict />);');
    build();
    expect(builds()).toBe(2);

    write('packages/contract/src/errors.ts', 'export const errors = { a: 1 };');
    build();
    expect(builds()).toBe(3);

    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    build();
    expect(builds()).toBe(4);

    rmSync(join(root, 'apps/web/dist'), { recursive: true });
    build();
    expect(builds()).toBe(5);
  });

  it('a failed build is not taken for a good one', () => {
    const { root, write, build, builds } = checkout();
    build();
    write('apps/web/src/main.tsx', 'render(<Broken />);');
    expect(build({ FAKE_NPM_FAIL: '1' }).status).toBe(7);
    expect(existsSync(join(root, 'apps/web/.dist-inputs'))).toBe(false);
    // The old dist is still there, but the next start builds again.
    build();
    expect(builds()).toBe(3);
  });
});
