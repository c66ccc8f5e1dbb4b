import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The part of Emscripten's NODEFS this file touches: the stream operations every file shares. */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * PGlite as shipped never reaches the disk's cache flush: it starts PostgreSQL with `-F`
 * (fsync off), and its Node file system (Emscripten's NODEFS) has no fsync, so fsync() inside
 * the WebAssembly returns success without a system call. An acknowledged commit then survives a
 * crash of the process but not of the machine. These options turn fsync back on and give NODEFS
 * a real fsync, so each commit waits for its write-ahead log to be on disk, as on a PostgreSQL
 * server. fdatasync() is a no-op in Emscripten, hence `wal_sync_method=fsync`.
 */
export function durablePgliteOptions(
  dir: string,
  fsync: (fd: number) => void = fsyncSync,
): Pick<PGliteOptions, 'fs' | 'startParams'> {
  return {
    fs: new DurableNodeFS(dir, fsync),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
      '-c',
      'wal_sync_method=fsync',
    ],
  };
}

class DurableNodeFS extends NodeFS {
  readonly #fsync: (fd: number) => void;

  constructor(dir: string, fsync: (fd: number) => void) {
    super(dir);
    this.#fsync = fsync;
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = mod.NODEFS as unknown as NodeFsInternals;
        // Every NODEFS stream shares this object, so the files PostgreSQL opens later get it too.
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) nodefs.tryFSOperation(() => this.#fsync(stream.nfd as number));
          return 0;
        };
      },
    ];
    return result;
  }
}
