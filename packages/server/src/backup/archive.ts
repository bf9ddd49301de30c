import { createHash } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { LOCK_FILE } from './lock.ts';
import { type BackupControl, dataFolder, walSegments } from './pgdata.ts';
import { END_OF_ARCHIVE, entryHeader, entryPadding, readTar } from './tar.ts';

/**
 * The backup archive of an embedded-database install (a .tar.gz; `tar tzf` lists it):
 *   manifest.json            what it is, when it was made
 *   database/pgdata/…        the PGlite data folder as an online base backup copies it (pgdata.ts): its
 *                            folders and files, the WAL segments written during the copy, and the
 *                            backup_label that makes the copy replay them when it is first opened
 *   files/<path>             the rest of DATA_DIR: uploads, the generated secrets
 *   checksums.json           size and SHA-256 of every file entry above; a restore refuses an archive without it
 * The database is copied first, the files after: a file the copied database refers to was written
 * before its row was committed, so it is in the archive. Format 1 (before issue 29) held the folder as
 * one PGlite dumpDataDir tar (database/pglite.tar); restores still read it.
 */
export const BACKUP_FORMAT = 2;
const FORMATS = [1, 2];
/** format 1: PGlite's own dump of the folder */
export const DATABASE_ENTRY = 'database/pglite.tar';
/** format 2: the folder's files */
export const PGDATA_PREFIX = 'database/pgdata/';

export interface Manifest {
  format: number;
  product: 'pv-ops-console';
  database: 'pglite';
  created: string;
}

type Sums = Record<string, { size: number; sha256: string }>;

export class BackupError extends Error {}

/** Read size of the copy: big enough that a busy event loop still moves data at disk speed. */
const CHUNK = 1024 * 1024;

/** DATA_DIR's files a backup carries: all but the database folder, the lock and dot-files (temporaries, earlier restores). */
async function* dataFiles(dataDir: string, rel = ''): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = (await readdir(join(dataDir, rel), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    if (e.name.startsWith('.') || (!rel && (e.name === 'pglite' || e.name === LOCK_FILE))) continue;
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* dataFiles(dataDir, path);
    else if (e.isFile()) yield path;
  }
}

async function* entry(name: string, chunks: AsyncIterable<Uint8Array> | Buffer, size: number, sums: Sums): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  yield entryHeader({ name, size });
  let written = 0;
  for await (const chunk of Buffer.isBuffer(chunks) ? [chunks] : chunks) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    hash.update(piece);
    written += piece.length;
    yield piece;
  }
  if (written !== size) throw new BackupError(`${name}: ${written} bytes written, ${size} announced`);
  yield entryPadding(size);
  sums[name] = { size, sha256: hash.digest('hex') };
}

/**
 * `size` bytes of a file, read in CHUNK pieces. A data file may change while it is read (the database
 * keeps writing): the size taken when it was listed is what the tar header announced, so a file that
 * grew is cut there and one that shrank is padded with zeros — the WAL replayed when the copy is
 * opened rewrites every page changed since the backup started.
 */
async function* fileChunks(path: string, size: number): AsyncGenerator<Buffer> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    for (let left = size; left > 0; left -= CHUNK) yield Buffer.alloc(Math.min(CHUNK, left)); // removed meanwhile (a dropped table)
    return;
  }
  try {
    let left = size;
    while (left > 0) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, left));
      const { bytesRead } = await handle.read(buf, 0, buf.length, size - left);
      if (bytesRead === 0) {
        yield Buffer.alloc(left);
        return;
      }
      left -= bytesRead;
      yield bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/**
 * The uncompressed tar of a backup, as a stream of chunks of at most CHUNK bytes. `control` runs the
 * database's side of the online copy (pg_backup_start / pg_backup_stop, pgdata.ts); its data folder
 * is read here, file by file: memory stays flat whatever the database's size.
 */
export async function* backupTar(dataDir: string, control: BackupControl): AsyncGenerator<Buffer> {
  const sums: Sums = {};
  const created = new Date().toISOString();
  const manifest: Manifest = { format: BACKUP_FORMAT, product: 'pv-ops-console', database: 'pglite', created };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  yield* entry('manifest.json', manifestBytes, manifestBytes.length, sums);
  const start = await control.start(`pv-ops-console ${created}`);
  let stopped = false;
  try {
    for await (const e of dataFolder(control.dir)) {
      if (e.kind === 'dir') yield entryHeader({ name: PGDATA_PREFIX + e.path, size: 0, dir: true });
      else yield* entry(PGDATA_PREFIX + e.path, fileChunks(join(control.dir, e.path), e.size), e.size, sums);
    }
    const stop = await control.stop();
    stopped = true;
    for (const e of await walSegments(control.dir, start.walFile, stop.walFile)) yield* entry(PGDATA_PREFIX + e.path, fileChunks(join(control.dir, e.path), e.size), e.size, sums);
    const label = Buffer.from(stop.labelfile);
    yield* entry(`${PGDATA_PREFIX}backup_label`, label, label.length, sums);
  } finally {
    if (!stopped) await control.abort();
  }
  for await (const path of dataFiles(dataDir)) {
    const size = await stat(join(dataDir, path)).then(
      (st) => st.size,
      (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? -1 : Promise.reject(err)), // deleted since the listing
    );
    if (size >= 0) yield* entry(`files/${path}`, fileChunks(join(dataDir, path), size), size, sums);
  }
  const sumBytes = Buffer.from(JSON.stringify(sums, null, 2) + '\n');
  yield entryHeader({ name: 'checksums.json', size: sumBytes.length });
  yield sumBytes;
  yield entryPadding(sumBytes.length);
  yield END_OF_ARCHIVE;
}

/** A path inside files/ (or the data folder: `dotted`, its own names may start with a dot) that stays inside the folder it is restored to. */
function safeRelative(path: string, dotted = false): string {
  const rel = normalize(path);
  if (!rel || rel.startsWith('..') || rel.startsWith(sep) || rel.split(sep).some((part) => part === '..' || part === '.' || (!dotted && part.startsWith('.')))) {
    throw new BackupError(`the archive holds an unsafe path: ${path}`);
  }
  return rel;
}

async function collect(data: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): Promise<Array<Buffer<ArrayBuffer>>> {
  const chunks: Array<Buffer<ArrayBuffer>> = [];
  for await (const chunk of data) {
    hash.update(chunk);
    chunks.push(Buffer.from(chunk));
  }
  return chunks;
}

export interface Unpacked {
  manifest: Manifest;
  /** format 1: PGlite's dump of the folder (to load); format 2: the folder was written to `target`/pglite */
  database: { dump: Blob } | { folder: string | null; bytes: number };
  /** files/ paths written under the target folder */
  files: string[];
}

/** Streams `data` into `file` (or only through `hash` when there is no target). */
async function writeEntry(data: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>, file: string | null) {
  const hashed = (async function* () {
    for await (const chunk of data) {
      hash.update(chunk);
      yield chunk;
    }
  })();
  if (!file) {
    for await (const _ of hashed) void _;
    return;
  }
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await pipeline(hashed, createWriteStream(file, { mode: 0o600 }));
}

/**
 * Reads a backup (the uncompressed tar stream) into `target`: files/ entries become files there, a
 * format-2 database its pglite/ folder (null: everything is only checked). Every file entry is checked
 * against checksums.json; a damaged, truncated or foreign archive throws BackupError. Memory stays
 * flat (a format-1 archive's database dump is the exception: PGlite loads it from memory).
 */
export async function unpackBackup(tar: AsyncIterable<Buffer>, target: string | null): Promise<Unpacked> {
  // what the callback finds (an object: assignments inside the callback are not narrowed away)
  const found: { manifest?: Manifest; dump?: Array<Buffer<ArrayBuffer>>; folderBytes: number; folder: boolean; sums?: Sums } = { folderBytes: 0, folder: false };
  const seen: Sums = {};
  const files: string[] = [];
  await readTar(tar, async ({ name, size, dir }, data) => {
    if (found.sums) throw new BackupError(`an entry after checksums.json: ${name}`);
    const hash = createHash('sha256');
    if (name === 'checksums.json') {
      found.sums = JSON.parse(Buffer.concat(await collect(data, hash)).toString('utf8')) as Sums;
      return;
    }
    if (name === 'manifest.json') {
      const value = JSON.parse(Buffer.concat(await collect(data, hash)).toString('utf8')) as Manifest;
      if (value.product !== 'pv-ops-console' || value.database !== 'pglite') throw new BackupError('this is not a backup of this product’s embedded database');
      if (!FORMATS.includes(value.format)) throw new BackupError(`backup format ${value.format} is not known to this version (it reads ${FORMATS.join(' and ')})`);
      found.manifest = value;
    } else if (!found.manifest) {
      throw new BackupError('the archive does not start with manifest.json: not a backup of this product');
    } else if (name === DATABASE_ENTRY && found.manifest.format === 1) {
      found.dump = await collect(data, hash);
    } else if (name.startsWith(PGDATA_PREFIX) && found.manifest.format === 2) {
      const rel = safeRelative(name.slice(PGDATA_PREFIX.length), true);
      found.folder = true;
      const path = target ? join(target, 'pglite', rel) : null;
      if (dir) {
        if (path) await mkdir(path, { recursive: true, mode: 0o700 });
        return;
      }
      await writeEntry(data, hash, path);
      found.folderBytes += size;
    } else if (name.startsWith('files/') && !dir) {
      const rel = safeRelative(name.slice('files/'.length));
      if (rel.split(sep)[0] === 'pglite') throw new BackupError(`the archive holds an unsafe path: ${name}`);
      await writeEntry(data, hash, target ? join(target, rel) : null);
      files.push(rel);
    } else {
      throw new BackupError(`unexpected entry in the archive: ${name}`);
    }
    seen[name] = { size, sha256: hash.digest('hex') };
  });
  const { manifest, dump, sums } = found;
  if (!manifest || !sums) throw new BackupError('the archive is incomplete: no checksums.json at its end');
  if (!dump && !found.folder) throw new BackupError('the archive holds no database');
  for (const name of new Set([...Object.keys(sums), ...Object.keys(seen)])) {
    const want = sums[name];
    const got = seen[name];
    if (!want || !got || want.size !== got.size || want.sha256 !== got.sha256) throw new BackupError(`${name} does not match its checksum: the archive is damaged`);
  }
  const database = dump ? { dump: new Blob(dump) } : { folder: target ? join(target, 'pglite') : null, bytes: found.folderBytes };
  return { manifest, database, files };
}

/**
 * Opens the restored database and checks it answers; closes it. A format-2 folder replays the WAL of
 * its copy on this first opening (PostgreSQL's recovery from its backup_label); a format-1 dump is
 * loaded into `dir`.
 */
async function openRestored(dir: string, dump: Blob | null): Promise<number> {
  const pg = new PGlite({ dataDir: dir, ...(dump ? { loadDataDir: dump } : {}), extensions: { pg_trgm, btree_gist } });
  try {
    const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from users');
    return rows[0]?.n ?? 0;
  } finally {
    await pg.close();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  files: number;
  users: number;
  /** where the data folder's previous content was moved (null: it was empty) */
  previous: string | null;
}

/**
 * Restores a backup into `dataDir` (no server may be running on it: the caller holds its lock).
 * Everything is unpacked and the database opened in a staging folder inside DATA_DIR first; only
 * then is the old content moved aside to DATA_DIR/.before-restore-<time> and the new content moved
 * in (renames inside one folder, so this also works when DATA_DIR is a mounted volume). A bad archive
 * leaves DATA_DIR as it was.
 */
export async function restoreBackup(tar: AsyncIterable<Buffer>, dataDir: string): Promise<RestoreResult> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = join(dataDir, `.restore-${stamp}`);
  await mkdir(staging, { recursive: true });
  let unpacked: Unpacked;
  let users: number;
  try {
    unpacked = await unpackBackup(tar, staging);
    users = await openRestored(join(staging, 'pglite'), 'dump' in unpacked.database ? unpacked.database.dump : null);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  const current = (await readdir(dataDir)).filter((name) => !name.startsWith('.') && name !== LOCK_FILE);
  let previous: string | null = null;
  if (current.length) {
    previous = join(dataDir, `.before-restore-${stamp}`);
    await mkdir(previous);
    for (const name of current) await rename(join(dataDir, name), join(previous, name));
  }
  for (const name of await readdir(staging)) await rename(join(staging, name), join(dataDir, name));
  await rmdir(staging);
  return { manifest: unpacked.manifest, files: unpacked.files.length, users, previous };
}
