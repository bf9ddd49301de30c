import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * The embedded database may be opened by one process only (PGlite has no lock of its own: two
 * servers on one folder corrupt it). DATA_DIR/server.lock names the process that has the folder —
 * a server, or the backup/restore command working offline — and where a server listens, so the
 * backup command knows whether to ask the running server or to read the folder itself.
 */
export const LOCK_FILE = 'server.lock';

export interface DataDirOwner {
  pid: number;
  /** what holds it: 'server' or the command's name */
  role: string;
  /** where the server listens (null until it does, and for commands) */
  port: number | null;
  host: string | null;
  /** the process's start time from /proc (Linux), so a reused pid does not look like the owner */
  started: string | null;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly owner: DataDirOwner,
    dataDir: string,
  ) {
    super(`${dataDir} is in use by ${owner.role === 'server' ? 'a running server' : `\`${owner.role}\``} (pid ${owner.pid}${owner.port ? `, port ${owner.port}` : ''})`);
  }
}

function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after "(comm)": state is the 3rd field of the line, starttime the 22nd
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: DataDirOwner): boolean {
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(owner.pid);
  return !(owner.started && started && started !== owner.started);
}

function readLock(file: string): DataDirOwner | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
    return typeof value.pid === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** The live process holding `dataDir`, or null (no lock, or a stale one left by a killed process). */
export function dataDirOwner(dataDir: string): DataDirOwner | null {
  const owner = readLock(join(dataDir, LOCK_FILE));
  return owner && isAlive(owner) ? owner : null;
}

export interface DataDirLock {
  /** records where the server now listens */
  listening(port: number, host: string): void;
  release(): void;
}

/**
 * Takes `dataDir` for this process, or throws DataDirBusyError naming the live owner. A lock whose
 * process is gone is taken over. Created by hard-linking a complete temporary file (link refuses an
 * existing name), so two processes starting together cannot both win.
 */
export function lockDataDir(dataDir: string, role: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  let owner: DataDirOwner = { pid: process.pid, role, port: null, host: null, started: processStart(process.pid) };
  const write = (target: string) => writeFileSync(target, JSON.stringify(owner) + '\n', { mode: 0o600 });
  for (let attempt = 0; ; attempt++) {
    const tmp = join(dataDir, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
    write(tmp);
    try {
      linkSync(tmp, file);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const current = readLock(file);
      if (current && isAlive(current)) throw new DataDirBusyError(current, dataDir);
      if (attempt > 2) throw err;
      rmSync(file, { force: true }); // stale: its process is gone
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  return {
    listening(port, host) {
      owner = { ...owner, port, host };
      const tmp = join(dataDir, `.${LOCK_FILE}.${process.pid}.update`);
      write(tmp);
      renameSync(tmp, file); // in one step: a reader sees the old content or the new
    },
    release() {
      if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
