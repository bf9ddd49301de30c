import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (avatars for now). Keys are opaque, unguessable names chosen by the
 * caller ([A-Za-z0-9._-], no slashes); the content type is kept beside the bytes.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** The bytes as a stream with their length, so a large file (an app package) is served without holding it in memory. */
export interface StoredStream {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface Storage {
  put(key: string, data: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** optional: a stream of the bytes (readers fall back to get() without it) */
  openStream?(key: string): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * A fresh unguessable key: 128 random bits as 32 hex digits, then `.ext`. Hex, not base64url, because
 * base64url may start with '-' or '_', which KEY refuses (one upload in 32 failed that way).
 */
export function newObjectKey(ext: string): string {
  return checkKey(`${randomBytes(16).toString('hex')}.${ext}`);
}

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

async function toBuffer(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Files under `dir`: `<key>` holds the bytes, `<key>.type` the content type. */
export class DiskStorage implements Storage {
  constructor(readonly dir: string) {}

  async put(key: string, data: Buffer | Readable, contentType: string) {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, checkKey(key)), await toBuffer(data));
    await writeFile(join(this.dir, `${key}.type`), contentType);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!KEY.test(key) || key.includes('..') || key.endsWith('.type')) return null;
    try {
      const [body, contentType] = await Promise.all([readFile(join(this.dir, key)), readFile(join(this.dir, `${key}.type`), 'utf8')]);
      return { body, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async openStream(key: string): Promise<StoredStream | null> {
    if (!KEY.test(key) || key.includes('..') || key.endsWith('.type')) return null;
    try {
      const [info, contentType] = await Promise.all([stat(join(this.dir, key)), readFile(join(this.dir, `${key}.type`), 'utf8')]);
      return { stream: createReadStream(join(this.dir, key)), size: info.size, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string) {
    checkKey(key);
    await rm(join(this.dir, key), { force: true });
    await rm(join(this.dir, `${key}.type`), { force: true });
  }
}

/** In memory, for tests and for a server without DATA_DIR (uploads vanish on restart). */
export class MemoryStorage implements Storage {
  private readonly objects = new Map<string, StoredObject>();

  async put(key: string, data: Buffer | Readable, contentType: string) {
    this.objects.set(checkKey(key), { body: await toBuffer(data), contentType });
  }

  async get(key: string) {
    return this.objects.get(key) ?? null;
  }

  async delete(key: string) {
    this.objects.delete(key);
  }
}

/** DATA_DIR/uploads on disk, or memory when there is no data folder. */
export function createStorage(dataDir: string | null): Storage {
  return dataDir ? new DiskStorage(join(dataDir, 'uploads')) : new MemoryStorage();
}
