import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { parseArgs } from 'node:util';
import { dataDirOf } from '../config.ts';
import { openDb } from '../db/client.ts';
import { backupTar, restoreBackup, type Unpacked, unpackBackup } from '../backup/archive.ts';
import { dataDirOwner, lockDataDir, type DataDirOwner } from '../backup/lock.ts';
import type { BackupControl } from '../backup/pgdata.ts';
import { BACKUP_KEY_HEADER, DEFAULT_GZIP_LEVEL } from '../backup/routes.ts';

/**
 * Backup and restore of an embedded-database install (DATA_DIR: the PGlite folder, uploads, secrets).
 *   pnpm backup --out <file.tar.gz>     while the server runs (asks it) or not (reads the folder)
 *   pnpm restore --from <file.tar.gz>   with the server stopped; the old content is moved aside
 *   pnpm backup --verify <file.tar.gz>  reads an archive through and checks every checksum
 * PostgreSQL installs back up with pg_dump instead (README "Backup and restore").
 */
const USAGE = `usage:
  pnpm backup --out <file.tar.gz> [--level 0-9]
                                        back up DATA_DIR (with a server running, it is asked for the database's backup
                                        mode and the folder is copied by this command; without one the folder is read);
                                        gzip level 1 by default
  pnpm backup --verify <file.tar.gz>    check an archive: every entry against its checksum
  pnpm restore --from <file.tar.gz>     restore into DATA_DIR (stop the server first; the old content is kept in DATA_DIR/.before-restore-<time>)`;

class UsageError extends Error {}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    out: { type: 'string' },
    from: { type: 'string' },
    verify: { type: 'string' },
    force: { type: 'boolean', default: false },
    level: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

/** Relative paths from where pnpm was started (the repository root for `pnpm backup`), not from packages/server. */
const userPath = (path: string) => resolve(process.env.INIT_CWD || process.cwd(), path);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const databaseSize = (database: Unpacked['database']) => ('dump' in database ? database.dump.size : database.bytes);

/** Writes the archive (gzip at --level) to `file`: the database side is `control`, the files are read here. */
async function writeArchive(dataDir: string, control: BackupControl, file: string) {
  const level = values.level === undefined ? DEFAULT_GZIP_LEVEL : Number(values.level);
  if (!Number.isInteger(level) || level < 0 || level > 9) throw new UsageError('--level is a gzip level, 0 (none) to 9');
  await pipeline(Readable.from(backupTar(dataDir, control)), createGzip({ level, chunkSize: 1024 * 1024 }), createWriteStream(file, { mode: 0o600 }));
}

/**
 * The running server's database side over HTTP: a session keeps its backup mode open while this process
 * copies the data folder itself (the server only starts and stops it: its load does not slow the copy,
 * nor does the copy its memory). If this process dies, the session's connection closes and the server
 * ends the backup mode.
 */
function serverControl(dataDir: string, owner: DataDirOwner): BackupControl {
  const keyFile = join(dataDir, 'backup-key');
  if (!existsSync(keyFile)) throw new UsageError(`${keyFile} is missing: restart the server once so that it creates it`);
  const key = readFileSync(keyFile, 'utf8').trim();
  const host = !owner.host || owner.host === '0.0.0.0' || owner.host === '::' ? '127.0.0.1' : owner.host;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${owner.port}/api/system/backup`;
  const refused = async (res: Response) => {
    const text = await res.text();
    let msg = text;
    try {
      msg = (JSON.parse(text) as { msg?: string }).msg ?? text;
    } catch {
      /* not the API's envelope */
    }
    return new UsageError(`the server (${base}) refused: ${res.status} ${msg}`);
  };
  let session: { id: string; reader: ReadableStreamDefaultReader<Uint8Array> } | null = null;
  return {
    dir: join(dataDir, 'pglite'),
    async start() {
      const res = await fetch(`${base}/session`, { headers: { [BACKUP_KEY_HEADER]: key } });
      if (res.status !== 200 || !res.body) throw await refused(res);
      const reader = res.body.getReader();
      let text = '';
      while (!text.includes('\n')) {
        const { done, value } = await reader.read();
        if (done) throw new UsageError('the server ended the backup session at once');
        text += Buffer.from(value).toString('utf8');
      }
      const first = JSON.parse(text.slice(0, text.indexOf('\n'))) as { id: string; lsn: string; wal_file: string };
      session = { id: first.id, reader };
      // keep reading the session's heartbeats until it ends (its end is not awaited)
      void (async () => {
        for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return;
      })();
      return { lsn: first.lsn, walFile: first.wal_file };
    },
    async stop() {
      if (!session) throw new Error('no backup session');
      const res = await fetch(`${base}/stop`, { method: 'POST', headers: { [BACKUP_KEY_HEADER]: key, 'content-type': 'application/json' }, body: JSON.stringify({ id: session.id }) });
      if (res.status !== 200) throw await refused(res);
      const { data } = (await res.json()) as { data: { lsn: string; wal_file: string; labelfile: string } };
      session = null;
      return { lsn: data.lsn, walFile: data.wal_file, labelfile: data.labelfile };
    },
    async abort() {
      // closing the session ends the server's backup mode
      await session?.reader.cancel().catch(() => {});
      session = null;
    },
  };
}

/** Reads the folder itself, holding its lock so that no server starts meanwhile. */
async function backupOffline(dataDir: string, file: string) {
  if (!existsSync(join(dataDir, 'pglite'))) throw new UsageError(`${dataDir} holds no embedded database (no pglite folder)`);
  const lock = lockDataDir(dataDir, 'pnpm backup');
  try {
    const handle = await openDb({ dataDir, migrate: false });
    try {
      await writeArchive(dataDir, handle.backup!, file);
    } finally {
      await handle.close();
    }
  } finally {
    lock.release();
  }
  return 'from the folder (no server was running)';
}

/** Reads an archive through: every checksum, the manifest; nothing is written. */
const verify = (file: string) => unpackBackup(createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(createGunzip({ chunkSize: 1024 * 1024 })), null);

async function backup(dataDir: string) {
  if (!values.out) throw new UsageError('--out <file.tar.gz> is required');
  const out = userPath(values.out);
  const rel = relative(dataDir, out);
  if (!rel.startsWith('..') && !isAbsolute(rel)) throw new UsageError(`${out} is inside DATA_DIR (${dataDir}): it would be backed up with the next backup; write it elsewhere`);
  if (existsSync(out) && !values.force) throw new UsageError(`${out} exists (--force replaces it)`);
  mkdirSync(resolve(out, '..'), { recursive: true });
  const partial = `${out}.partial`;
  const started = performance.now();
  const owner = dataDirOwner(dataDir);
  let how: string;
  try {
    if (owner && owner.role !== 'server') throw new UsageError(`${dataDir} is in use by \`${owner.role}\` (pid ${owner.pid}); try again when it has finished`);
    if (owner && !owner.port) throw new UsageError(`the server (pid ${owner.pid}) is still starting; try again in a moment`);
    if (owner) {
      await writeArchive(dataDir, serverControl(dataDir, owner), partial);
      how = `from the running server (pid ${owner.pid})`;
    } else {
      how = await backupOffline(dataDir, partial);
    }
    const written = performance.now();
    const { files, database } = await verify(partial);
    renameSync(partial, out);
    const size = databaseSize(database);
    const seconds = (t: number) => ((t - started) / 1000).toFixed(1);
    console.log(
      `Backup written ${how}: ${out}\n` +
        `  ${mib(statSync(out).size)} compressed; database ${mib(size)}, ${files.length} files; ` +
        `written in ${seconds(written)} s (${((size / 1e6) / ((written - started) / 1000)).toFixed(0)} MB/s of database), checked, ${seconds(performance.now())} s in all`,
    );
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

async function restore(dataDir: string) {
  if (!values.from) throw new UsageError('--from <file.tar.gz> is required');
  const from = userPath(values.from);
  if (!existsSync(from)) throw new UsageError(`${from} does not exist`);
  mkdirSync(dataDir, { recursive: true });
  // refuses, naming the owner, while a server or another command has the folder
  const lock = lockDataDir(dataDir, 'pnpm restore');
  try {
    const started = Date.now();
    const result = await restoreBackup(createReadStream(from, { highWaterMark: 1024 * 1024 }).pipe(createGunzip({ chunkSize: 1024 * 1024 })), dataDir);
    console.log(
      [
        `Restored ${from} (made ${result.manifest.created}) into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.users} users, ${result.files} files.`,
        result.previous ? `  The previous content was moved to ${result.previous} (delete it when the restored data looks right).` : '',
        `  Start the server: it applies any newer migrations to the restored database.`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  } finally {
    lock.release();
  }
}

async function main() {
  if (values.help || !command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  if (process.env.DATABASE_URL) throw new UsageError('DATABASE_URL is set: this install keeps its data in PostgreSQL — back it up with pg_dump and restore with pg_restore (README "Backup and restore")');
  const dataDir = dataDirOf(process.env);
  if (command === 'backup' && values.verify) {
    const { manifest, files, database } = await verify(userPath(values.verify));
    console.log(`${values.verify}: a backup made ${manifest.created} (format ${manifest.format}); database ${mib(databaseSize(database))}, ${files.length} files; every checksum matches`);
  } else if (command === 'backup') await backup(dataDir);
  else if (command === 'restore') await restore(dataDir);
  else throw new UsageError(`unknown command ${command}\n${USAGE}`);
}

main().catch((err: unknown) => {
  // every failure is told in one line: a damaged archive, a busy folder, a refusal of the server
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
