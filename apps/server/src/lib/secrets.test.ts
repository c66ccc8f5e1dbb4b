import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MIN_SECRET_LENGTH, loadMasterSecret, weakSecretReason } from './secrets.ts';
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
    writeFileSync(join(dataDir, 'secret'), 'c9f1a27e04b85d3f6a1e92c07b4d58ae');
    expect(loadMasterSecret({ dataDir }).toString()).toBe('c9f1a27e04b85d3f6a1e92c07b4d58ae');
  });

  it('refuses a placeholder secret, set or in DATA_DIR/secret, never saying it', () => {
    for (const weak of ['y'.repeat(32), 'changeme'.repeat(4), 'abcde'.repeat(7)]) {
      expect(() => loadMasterSecret({ secret: weak }), weak).toThrow(/^POSTDECK_SECRET (uses|repeats)/);
      const dataDir = tempDir();
      writeFileSync(join(dataDir, 'secret'), weak);
      const error = (() => {
        try {
          loadMasterSecret({ dataDir });
        } catch (caught) {
          return caught as Error;
        }
        throw new Error('expected a refusal');
      })();
      expect(error.message).toMatch(/secret .* (uses|repeats) .* Remove the file/);
      expect(error.message).not.toContain(weak);
    }
  });

  it('passes every random secret: 32 hex digits, base64 and the generated one', () => {
    fc.assert(
      fc.property(fc.noBias(fc.uint8Array({ minLength: 16, maxLength: 48 })), (bytes) => {
        const buffer = Buffer.from(bytes);
        for (const secret of [buffer.toString('hex'), buffer.toString('base64url')]) {
          if (secret.length >= MIN_SECRET_LENGTH) expect(weakSecretReason(secret), secret).toBeUndefined();
        }
      }),
      { numRuns: 5000 },
    );
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
