import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for `npm` first on PATH, for the root scripts' tests: it records each call and
 * does the one thing those scripts ask of npm, offline. `install --prefix DIR node-…@24` puts a
 * link to `nodeBinary` where the registry package's binary would be; `run build` writes a
 * built apps/web/dist/index.html (or fails, when FAKE_NPM_FAIL is set).
 */
export function fakeNpm(nodeBinary: string) {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-fake-npm-'));
  const calls = join(dir, 'calls');
  writeFileSync(
    join(dir, 'npm'),
    `#!/bin/sh
printf '%s\\n' "$*" >> ${JSON.stringify(calls)}
case "$1" in
  install)
    prefix=""; pkg=""
    while [ $# -gt 0 ]; do
      case "$1" in --prefix) prefix="$2"; shift ;; node-*) pkg="\${1%@*}" ;; esac
      shift
    done
    mkdir -p "$prefix/node_modules/$pkg/bin" && ln -sf ${JSON.stringify(nodeBinary)} "$prefix/node_modules/$pkg/bin/node" ;;
  run)
    [ -z "$FAKE_NPM_FAIL" ] || exit 7
    mkdir -p apps/web/dist && echo built > apps/web/dist/index.html ;;
esac
`,
  );
  chmodSync(join(dir, 'npm'), 0o755);
  return {
    dir,
    calls: (): string[] => (existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : []),
  };
}
