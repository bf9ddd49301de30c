import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * An online copy of PGlite's data folder, the way PostgreSQL's own base backups are made
 * (pg_backup_start / pg_backup_stop, "low-level base backup"): the files are read while the database
 * keeps answering reads AND writes; pages that change during the copy are put right when the copy is
 * opened, by replaying the WAL written meanwhile (full-page images are forced during a backup), up to
 * the point pg_backup_stop named. Nothing is held in memory and nothing waits but the checkpoint that
 * starts the backup. PGlite keeps its folder on disk through Emscripten's NODEFS (plain files), so
 * the files can be read by this process or by another one (`pnpm backup` reads them itself).
 */
export interface BackupStart {
  /** the WAL position the copy starts from */
  lsn: string;
  /** the WAL segment holding it: the first one the copy needs */
  walFile: string;
}

export interface BackupStop {
  lsn: string;
  /** the last WAL segment the copy needs */
  walFile: string;
  /** to be written as backup_label in the copy: recovery starts from the checkpoint it names */
  labelfile: string;
}

export interface BackupControl {
  /** the data folder (DATA_DIR/pglite) */
  dir: string;
  start(label: string): Promise<BackupStart>;
  stop(): Promise<BackupStop>;
  /** ends a backup whose copy failed (nothing is kept) */
  abort(): Promise<void>;
}

/** The backup functions of the embedded database. One backup at a time (PostgreSQL allows one per session). */
export function pgliteBackupControl(client: PGlite, dir: string): BackupControl {
  let running = false;
  return {
    dir,
    async start(label) {
      if (running) throw new Error('a backup is already running');
      // fast: an immediate checkpoint (in PGlite's one backend; the only moment statements wait)
      const { rows } = await client.query<{ lsn: string; wal_file: string }>(`select lsn::text as lsn, pg_walfile_name(lsn) as wal_file from pg_backup_start($1, true) as lsn`, [label]);
      running = true;
      return { lsn: rows[0]!.lsn, walFile: rows[0]!.wal_file };
    },
    async stop() {
      const { rows } = await client.query<{ lsn: string; wal_file: string; labelfile: string }>(
        `select lsn::text as lsn, pg_walfile_name(lsn) as wal_file, labelfile from pg_backup_stop(false)`,
      );
      running = false;
      return { lsn: rows[0]!.lsn, walFile: rows[0]!.wal_file, labelfile: rows[0]!.labelfile };
    },
    async abort() {
      if (!running) return;
      running = false;
      await client.query(`select pg_backup_stop(false)`).catch(() => {});
    },
  };
}

/**
 * What a base backup leaves out of the data folder (PostgreSQL's basebackup rules): files the server
 * recreates at start, runtime state, and the WAL folder's content, which is copied after the stop and
 * only from the segments the copy needs. The folders themselves are kept (the server wants them).
 */
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'pg_internal.init']);
const EMPTY_DIRS = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot']);

export interface FolderEntry {
  /** path inside the data folder, with / */
  path: string;
  kind: 'dir' | 'file';
  size: number;
}

/** The data folder's folders and files as a base backup copies them, in a stable order (WAL segments excluded). */
export async function* dataFolder(dir: string, rel = ''): AsyncGenerator<FolderEntry> {
  let entries: Dirent[];
  try {
    entries = (await readdir(join(dir, rel), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // a folder dropped meanwhile (DROP DATABASE)
    throw err;
  }
  for (const e of entries) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    // the WAL folder keeps its sub-folders (archive_status, summaries), empty like the runtime ones
    const contentSkipped = EMPTY_DIRS.has(rel) || rel.startsWith('pg_wal');
    if (e.isDirectory()) {
      yield { path, kind: 'dir', size: 0 };
      if (path === 'pg_wal' || !(EMPTY_DIRS.has(path) || contentSkipped)) yield* dataFolder(dir, path);
    } else if (e.isFile() && !contentSkipped && !SKIP_FILES.has(e.name) && !e.name.startsWith('pgsql_tmp')) {
      const size = await stat(join(dir, path)).then(
        (s) => s.size,
        (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? -1 : Promise.reject(err)),
      );
      if (size >= 0) yield { path, kind: 'file', size };
    }
  }
}

/** The WAL segments a copy needs: from the backup's start segment to its stop segment (same timeline). */
export async function walSegments(dir: string, from: string, to: string): Promise<FolderEntry[]> {
  const names = (await readdir(join(dir, 'pg_wal'))).filter((n) => /^[0-9A-F]{24}$/.test(n) && n >= from && n <= to).sort();
  if (names[0] !== from || names.at(-1) !== to) throw new Error(`the WAL the copy needs (${from} … ${to}) is not all in ${join(dir, 'pg_wal')}`);
  return Promise.all(names.map(async (n) => ({ path: `pg_wal/${n}`, kind: 'file' as const, size: (await stat(join(dir, 'pg_wal', n))).size })));
}
