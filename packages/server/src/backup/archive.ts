import { createHash } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { LOCK_FILE } from './lock.ts';
import { END_OF_ARCHIVE, entryHeader, entryPadding, readTar } from './tar.ts';

/**
 * The backup archive of an embedded-database install (a .tar.gz; `tar tzf` lists it):
 *   manifest.json         what it is, when it was made
 *   database/pglite.tar   the PGlite data folder as PGlite's own dumpDataDir writes it
 *   files/<path>          the rest of DATA_DIR: uploads, the generated secrets
 *   checksums.json        size and SHA-256 of every entry above; a restore refuses an archive without it
 * The database is dumped first, the files after: a file the dumped database refers to was written
 * before its row was committed, so it is in the archive.
 */
export const BACKUP_FORMAT = 1;
export const DATABASE_ENTRY = 'database/pglite.tar';

export interface Manifest {
  format: number;
  product: 'pv-ops-console';
  database: 'pglite';
  created: string;
}

type Sums = Record<string, { size: number; sha256: string }>;

export class BackupError extends Error {}

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

/** A Blob's bytes chunk by chunk (through its reader: a web stream is not async-iterable in every lib setting). */
async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * The uncompressed tar of a backup, as a stream of chunks. `dumpDatabase` gives a consistent copy of
 * the PGlite data folder (taken under PGlite's own lock, so queries wait for it but nothing fails).
 */
export async function* backupTar(dataDir: string, dumpDatabase: () => Promise<Blob>): AsyncGenerator<Buffer> {
  const sums: Sums = {};
  const manifest: Manifest = { format: BACKUP_FORMAT, product: 'pv-ops-console', database: 'pglite', created: new Date().toISOString() };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  yield* entry('manifest.json', manifestBytes, manifestBytes.length, sums);
  const database = await dumpDatabase();
  yield* entry(DATABASE_ENTRY, blobChunks(database), database.size, sums);
  for await (const path of dataFiles(dataDir)) {
    // read whole (uploads are at most tens of MiB): the size in the header is then the size sent
    const bytes = await readFile(join(dataDir, path)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null; // deleted since the listing
      throw err;
    });
    if (bytes) yield* entry(`files/${path}`, bytes, bytes.length, sums);
  }
  const sumBytes = Buffer.from(JSON.stringify(sums, null, 2) + '\n');
  yield entryHeader({ name: 'checksums.json', size: sumBytes.length });
  yield sumBytes;
  yield entryPadding(sumBytes.length);
  yield END_OF_ARCHIVE;
}

/** A path inside files/ that stays inside the folder it is restored to. */
function safeRelative(path: string): string {
  const rel = normalize(path);
  if (!rel || rel.startsWith('..') || rel.startsWith(sep) || rel.split(sep).some((part) => part === '..' || part.startsWith('.'))) {
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
  database: Blob;
  /** files/ paths written under the target folder */
  files: string[];
}

/**
 * Reads a backup (the uncompressed tar stream) into `target`: files/ entries become files there (null:
 * only checked), the database comes back as PGlite's dump. Every entry is checked against checksums.json; a damaged,
 * truncated or foreign archive throws BackupError.
 */
export async function unpackBackup(tar: AsyncIterable<Buffer>, target: string | null): Promise<Unpacked> {
  // what the callback finds (an object: assignments inside the callback are not narrowed away)
  const found: { manifest?: Manifest; database?: Array<Buffer<ArrayBuffer>>; sums?: Sums } = {};
  const seen: Sums = {};
  const files: string[] = [];
  await readTar(tar, async (name, size, data) => {
    if (found.sums) throw new BackupError(`an entry after checksums.json: ${name}`);
    const hash = createHash('sha256');
    if (name === 'checksums.json') {
      found.sums = JSON.parse(Buffer.concat(await collect(data, hash)).toString('utf8')) as Sums;
      return;
    }
    if (name === 'manifest.json') {
      const value = JSON.parse(Buffer.concat(await collect(data, hash)).toString('utf8')) as Manifest;
      if (value.product !== 'pv-ops-console' || value.database !== 'pglite') throw new BackupError('this is not a backup of this product’s embedded database');
      if (value.format !== BACKUP_FORMAT) throw new BackupError(`backup format ${value.format} is not known to this version (it reads ${BACKUP_FORMAT})`);
      found.manifest = value;
    } else if (!found.manifest) {
      throw new BackupError('the archive does not start with manifest.json: not a backup of this product');
    } else if (name === DATABASE_ENTRY) {
      found.database = await collect(data, hash);
    } else if (name.startsWith('files/')) {
      const rel = safeRelative(name.slice('files/'.length));
      if (target) {
        const file = join(target, rel);
        await mkdir(dirname(file), { recursive: true });
        await pipeline(
          (async function* () {
            for await (const chunk of data) {
              hash.update(chunk);
              yield chunk;
            }
          })(),
          createWriteStream(file, { mode: 0o600 }),
        );
      } else {
        for await (const chunk of data) hash.update(chunk);
      }
      files.push(rel);
    } else {
      throw new BackupError(`unexpected entry in the archive: ${name}`);
    }
    seen[name] = { size, sha256: hash.digest('hex') };
  });
  const { manifest, database, sums } = found;
  if (!manifest || !sums) throw new BackupError('the archive is incomplete: no checksums.json at its end');
  if (!database) throw new BackupError('the archive holds no database');
  for (const name of new Set([...Object.keys(sums), ...Object.keys(seen)])) {
    const want = sums[name];
    const got = seen[name];
    if (!want || !got || want.size !== got.size || want.sha256 !== got.sha256) throw new BackupError(`${name} does not match its checksum: the archive is damaged`);
  }
  return { manifest, database: new Blob(database), files };
}

/** Opens `dir` as a PGlite data folder loaded from `dump`, checks it answers, closes it. */
async function loadDatabase(dir: string, dump: Blob): Promise<number> {
  const pg = new PGlite({ dataDir: dir, loadDataDir: dump, extensions: { pg_trgm } });
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
    users = await loadDatabase(join(staging, 'pglite'), unpacked.database);
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
