import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * antd's styles as one stylesheet made at build time, for the components the console uses
 * (issue 11). antd writes its styles at run time by default (CSS-in-JS): on the department
 * content page that took about half a second of the main thread at the first render, on every
 * visit. With `theme.zeroRuntime` antd only sets its CSS variables (the run-time theme colour
 * still works) and the rules come from here: antd's own extractor (@ant-design/static-style-extract)
 * renders each component the source imports from antd, with every antd component those import in
 * turn (read from antd's module graph), and keeps the CSS they register. Imported as
 * `virtual:antd-styles.css`, it loads with the first antd page, not with /login.
 */
export const ANTD_STYLES_ID = 'virtual:antd-styles.css';
const RESOLVED_ID = `\0${ANTD_STYLES_ID}`;

const require = createRequire(import.meta.url);

/** antd's export names by the folder they come from (`table` → Table), from antd's index. */
function antdExports(esDir: string): Map<string, string[]> {
  const index = readFileSync(join(esDir, 'index.js'), 'utf8');
  const byFolder = new Map<string, string[]>();
  for (const [, name, folder] of index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)) {
    if (!name || !folder) continue;
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), name]);
  }
  return byFolder;
}

/** The component folders a folder's modules import (`../select`, `../../button/button`). */
function importedFolders(esDir: string, folder: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.js'))
        for (const [, target] of readFileSync(path, 'utf8').matchAll(/from '((?:\.\.\/)+[\w-]+)/g)) {
          const resolved = join(dirname(path), target ?? '');
          if (dirname(resolved) === esDir) found.add(resolved.slice(esDir.length + 1));
        }
    }
  };
  walk(join(esDir, folder));
  return found;
}

/** Every antd component `sources` import, with the antd components those use, by export name. */
export function antdComponentsUsed(sources: string[]): string[] {
  const esDir = dirname(require.resolve('antd/es/index.js'));
  const exports = antdExports(esDir);
  const folderOf = new Map([...exports].flatMap(([folder, names]) => names.map((name) => [name, folder])));
  const pending = new Set<string>();
  for (const source of sources)
    for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
      for (const name of (names ?? '').split(',').map((part) => part.trim().split(/\s+as\s+/)[0] ?? ''))
        if (!name.startsWith('type ') && folderOf.has(name)) pending.add(folderOf.get(name) as string);
  const folders = new Set<string>();
  for (const folder of pending) {
    if (folders.has(folder)) continue;
    folders.add(folder);
    for (const other of importedFolders(esDir, folder)) if (exports.has(other)) pending.add(other);
  }
  return [...folders].flatMap((folder) => exports.get(folder) ?? []).sort();
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

export function antdStaticStyles(srcDir: string): Plugin {
  let css: Promise<string> | undefined;
  const build = async () => {
    const [{ extractStyle }, { createElement }, { ConfigProvider }] = await Promise.all([
      import('@ant-design/static-style-extract'),
      import('react'),
      import('antd'),
    ]);
    return extractStyle({
      includes: antdComponentsUsed(sourcesUnder(srcDir)),
      // As the console's ConfigProvider sets it (app/antd-providers.tsx): no hashed class names.
      customTheme: (node) => createElement(ConfigProvider, { theme: { hashed: false } }, node),
    });
  };
  return {
    name: 'postdeck:antd-static-styles',
    resolveId: (id) => (id === ANTD_STYLES_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      css ??= build();
      return css;
    },
  };
}
