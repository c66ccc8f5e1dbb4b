import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { loadMasterSecret } from './secrets.ts';
import { tempDirs } from '../test/temp-dirs.ts';

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, writeFileSync: vi.fn(real.writeFileSync) };
});

const tempDir = tempDirs('postdeck-secret-');

describe('master secret', () => {
  it('is generated once into DATA_DIR/secret, readable only by its owner, and kept', () => {
    const dataDir = tempDir();
    const first = loadMasterSecret({ dataDir });
    const file = join(dataDir, 'secret');
    expect(first.toString()).toBe(readFileSync(file, 'utf8'));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadMasterSecret({ dataDir }).equals(first)).toBe(true);
    // Nothing but the secret is left in the directory.
    expect(readdirSync(dataDir)).toEqual(['secret']);
  });

  it('refuses an empty or short DATA_DIR/secret with a message saying what to do', () => {
    for (const content of ['', '\n', 'x'.repeat(31)]) {
      const dataDir = tempDir();
      writeFileSync(join(dataDir, 'secret'), content);
      expect(() => loadMasterSecret({ dataDir }), JSON.stringify(content)).toThrow(
        /secret .* holds \d+ characters; at least 32 are needed/,
      );
    }
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'secret'), 'y'.repeat(32));
    expect(loadMasterSecret({ dataDir }).toString()).toBe('y'.repeat(32));
  });

  it('leaves no empty secret behind when the disk fills while writing it', () => {
    const dataDir = tempDir();
    // As on a full disk: the file is created, then writing its bytes fails.
    vi.mocked(fs.writeFileSync).mockImplementationOnce((path, _data, options) => {
      const { flag = 'w', mode } = (options ?? {}) as fs.WriteFileOptions & object;
      fs.closeSync(fs.openSync(path as fs.PathLike, flag, mode));
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    expect(() => loadMasterSecret({ dataDir })).toThrow(/ENOSPC/);
    expect(fs.existsSync(join(dataDir, 'secret'))).toBe(false);
    // The next start, with space again, generates a whole one.
    expect(loadMasterSecret({ dataDir }).length).toBeGreaterThanOrEqual(32);
  });

  it('is the same for processes starting at once on one DATA_DIR', async () => {
    const dataDir = tempDir();
    const module = fileURLToPath(new URL('./secrets.ts', import.meta.url));
    const script = `const { loadMasterSecret } = await import(process.argv[1]);
      process.stdout.write(loadMasterSecret({ dataDir: process.argv[2] }).toString());`;
    const run = promisify(execFile);
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, ['--input-type=module', '-e', script, module, dataDir]).then((r) => r.stdout),
      ),
    );
    expect(new Set(outputs).size).toBe(1);
    expect(outputs[0]).toBe(readFileSync(join(dataDir, 'secret'), 'utf8'));
    expect(outputs[0]?.length).toBeGreaterThanOrEqual(32);
  });
});
