import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative, sep } from 'node:path';

/**
 * One process owns an embedded database. PGlite runs PostgreSQL in single-user mode inside the
 * process and has no lock of its own that another process would see: two processes on one
 * DATA_DIR each write their own view of the files, and the result is a broken database (a
 * sequence behind its table, so the next insert fails on a primary key). This lock file,
 * DATA_DIR/postdeck.lock, is taken before the database is opened and names its holder.
 */
export const LOCK_FILE = 'postdeck.lock';

/** What a lock file says about the process holding it. */
export interface LockHolder {
  pid: number;
  host: string;
  /** Linux boot id: a pid from an earlier boot is not a live process. */
  bootId?: string | undefined;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat): tells a reused pid. */
  startTicks?: string | undefined;
  startedAt: string;
  command: string;
  /** Unique per lock taken, so a process releases only its own. */
  nonce: string;
}

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly holder: LockHolder;

  constructor(dataDir: string, holder: LockHolder) {
    const where = holder.host === hostname() ? '' : ` on host ${holder.host}`;
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid}${where} (${holder.command}), ` +
        `started ${holder.startedAt}. Only one process may open the embedded database: stop that ` +
        `process first, or set DATABASE_URL to a PostgreSQL server, which many processes share.` +
        (where ? ` If that host no longer runs Postdeck, delete ${join(dataDir, LOCK_FILE)}.` : ''),
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

export interface DataDirLock {
  /** Removes the lock file if it is still this lock's (idempotent). */
  release(): void;
}

/**
 * Takes DATA_DIR/postdeck.lock or throws DataDirInUseError naming the live process holding it.
 * A lock left by a process that is gone (killed, crashed, machine rebooted) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const me = currentProcess();
  const text = JSON.stringify(me);
  // link() publishes the complete file atomically and fails if the lock exists (O_EXCL semantics
  // without a moment where the file exists but is still empty).
  const staged = `${path}.${me.nonce}`;
  writeFileSync(staged, text, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (tryLink(staged, path)) {
        const release = () => {
          process.off('exit', release);
          removeIfContains(path, text);
        };
        // A crash that still runs exit handlers (an uncaught error) leaves no lock behind.
        process.on('exit', release);
        return { release };
      }
      const current = readText(path);
      if (current === undefined) continue; // released meanwhile
      const holder = parseHolder(current);
      if (holder && isRunning(holder, me)) throw new DataDirInUseError(dataDir, holder);
      takeOver(dataDir, path, current, me);
    }
    throw new Error(`could not take ${path}: it keeps changing`);
  } finally {
    unlinkSync(staged);
  }
}

/**
 * Throws DataDirInUseError when a live process holds DATA_DIR. Only an early check, so a start
 * beside a running Postdeck is refused before seconds of loading: `lockDataDir` decides.
 */
export function assertDataDirFree(dataDir: string): void {
  const text = readText(join(dataDir, LOCK_FILE));
  const holder = text === undefined ? undefined : parseHolder(text);
  if (holder && isRunning(holder, currentProcess())) throw new DataDirInUseError(dataDir, holder);
}

/**
 * Removes a stale lock. Only one process at a time may do so (the `.takeover` file, itself taken
 * with link), and only if the lock still holds what was found stale: otherwise two processes that
 * both saw the same stale lock could each remove the other's fresh one.
 */
function takeOver(dataDir: string, path: string, staleText: string, me: LockHolder): void {
  const guard = `${path}.takeover`;
  const staged = `${guard}.${me.nonce}`;
  writeFileSync(staged, JSON.stringify(me), { mode: 0o600 });
  try {
    if (!tryLink(staged, guard)) {
      const guardText = readText(guard);
      const other = guardText === undefined ? undefined : parseHolder(guardText);
      if (other && isRunning(other, me)) throw new DataDirInUseError(dataDir, other);
      // A process killed in the middle of a take-over: remove its guard and let the caller retry.
      if (guardText !== undefined) removeIfContains(guard, guardText);
      return;
    }
    try {
      if (readText(path) === staleText) unlinkSync(path);
    } finally {
      unlinkSync(guard);
    }
  } finally {
    unlinkSync(staged);
  }
}

function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function removeIfContains(path: string, text: string): void {
  if (readText(path) !== text) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A lock file that is not ours (unreadable, hand-edited) names nobody and is taken over. */
function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return undefined;
    return {
      pid: value.pid,
      host: value.host,
      bootId: value.bootId,
      startTicks: value.startTicks,
      startedAt: String(value.startedAt ?? 'at an unknown time'),
      command: String(value.command ?? 'unknown command'),
      nonce: String(value.nonce ?? ''),
    };
  } catch {
    return undefined;
  }
}

/** Whether the holder may still be running; a holder on another host cannot be checked, so it is. */
export function isRunning(holder: LockHolder, me: LockHolder): boolean {
  if (holder.host !== me.host) return true;
  if (holder.bootId && me.bootId && holder.bootId !== me.bootId) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = procStat(holder.pid);
  if (stat === undefined) return true; // no /proc (not Linux): the pid is all there is
  // A killed process not yet reaped by its parent still answers kill(pid, 0).
  if (stat.state === 'Z') return false;
  return holder.startTicks === undefined || stat.startTicks === holder.startTicks;
}

/** State and start time from /proc/<pid>/stat; the command name may hold spaces and parentheses. */
function procStat(pid: number): { state: string; startTicks: string } | undefined {
  const text = readOptional(`/proc/${pid}/stat`);
  if (text === undefined) return undefined;
  // Fields after the command's closing parenthesis start at field 3 (state); starttime is field 22.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTicks = fields[19];
  return state && startTicks ? { state, startTicks } : undefined;
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function currentProcess(): LockHolder {
  const cwd = process.cwd();
  const args = [...process.execArgv, ...process.argv.slice(1)].map((arg) =>
    arg.startsWith(`${cwd}${sep}`) ? relative(cwd, arg) : arg,
  );
  const command = `node ${args.join(' ')}`.replace(/\s+/g, ' ');
  return {
    pid: process.pid,
    host: hostname(),
    bootId: readOptional('/proc/sys/kernel/random/boot_id')?.trim(),
    startTicks: procStat(process.pid)?.startTicks,
    startedAt: new Date().toISOString(),
    command: `${command.length > 160 ? `${command.slice(0, 160)}…` : command} in ${cwd}`,
    nonce: randomUUID(),
  };
}

/**
 * For entry points (server, seed): a refusal because another process holds DATA_DIR ends this
 * process with `message(error)` alone, as a stack trace would only bury it; any other error is
 * rethrown. Use it before the modules load (`checkDataDirFree`) and around start-up.
 */
export function exitWhenDataDirInUse(message: (error: DataDirInUseError) => string) {
  return (error: unknown): never => {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(message(error));
    process.exit(1);
  };
}

/** Refuses at once, before the server's modules load (seconds on a busy machine), on the embedded database. */
export function checkDataDirFree(
  config: { databaseUrl?: string | undefined; dataDir: string },
  refuse: (error: unknown) => never,
): void {
  if (config.databaseUrl) return;
  try {
    assertDataDirFree(config.dataDir);
  } catch (error) {
    refuse(error);
  }
}
