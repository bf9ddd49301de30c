/**
 * A small streaming tar (POSIX ustar, with pax headers for long names and big sizes) — what the
 * backup archive needs and nothing more: regular files and folders. `tar tzf backup.tar.gz` and
 * `tar xzf` read what this writes.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  name: string;
  size: number;
  /** a folder: size 0, the name without its trailing slash */
  dir?: boolean;
  mtime?: Date;
  mode?: number;
}

function field(buf: Buffer, offset: number, length: number, value: string) {
  buf.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function octal(buf: Buffer, offset: number, length: number, value: number) {
  field(buf, offset, length, value.toString(8).padStart(length - 1, '0') + '\0');
}

function header(name: string, size: number, mtime: Date, mode: number, type: '0' | '5' | 'x'): Buffer {
  const h = Buffer.alloc(BLOCK);
  field(h, 0, 100, name);
  octal(h, 100, 8, mode);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, Math.min(size, MAX_OCTAL_SIZE));
  octal(h, 136, 12, Math.floor(mtime.getTime() / 1000));
  h.fill(' ', 148, 156); // the checksum counts its own field as spaces
  h.write(type, 156);
  field(h, 257, 6, 'ustar\0');
  field(h, 263, 2, '00');
  let sum = 0;
  for (const byte of h) sum += byte;
  field(h, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return h;
}

/** One pax record: "<length> <key>=<value>\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bytes = Buffer.byteLength(body);
  let length = bytes + String(bytes).length;
  if (String(length).length !== String(bytes).length) length = bytes + String(length).length;
  return `${length}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The header block(s) of an entry: a pax header first when the name or the size does not fit ustar. */
export function entryHeader(entry: TarEntry): Buffer {
  const mtime = entry.mtime ?? new Date();
  const mode = entry.mode ?? (entry.dir ? 0o700 : 0o600);
  const name = entry.dir ? `${entry.name}/` : entry.name;
  const pax = (Buffer.byteLength(name) > 100 ? paxRecord('path', name) : '') + (entry.size > MAX_OCTAL_SIZE ? paxRecord('size', String(entry.size)) : '');
  const own = header(Buffer.byteLength(name) > 100 ? name.slice(-100) : name, entry.dir ? 0 : entry.size, mtime, mode, entry.dir ? '5' : '0');
  if (!pax) return own;
  const paxBody = Buffer.from(pax);
  return Buffer.concat([header('PaxHeader', paxBody.length, mtime, 0o644, 'x'), paxBody, padding(paxBody.length), own]);
}

/** What ends an entry's data: zeros up to the next block. */
export const entryPadding = padding;

/** The end of the archive: two zero blocks. */
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export class TarFormatError extends Error {}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  private ended = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number) {
    while (this.buffered.length < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next.value]) : next.value;
    }
  }

  async take(n: number): Promise<Buffer | null> {
    await this.fill(n);
    if (this.buffered.length === 0 && this.ended) return null;
    if (this.buffered.length < n) throw new TarFormatError('the archive ends in the middle of an entry');
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      await this.fill(1);
      if (this.buffered.length === 0) throw new TarFormatError('the archive ends in the middle of an entry');
      const piece = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }
}

function readString(h: Buffer, offset: number, length: number): string {
  const raw = h.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function readOctal(h: Buffer, offset: number, length: number): number {
  const text = readString(h, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('a tar header has a bad number');
  return text ? parseInt(text, 8) : 0;
}

function checksumOk(h: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum === readOctal(h, 148, 8);
}

function parsePax(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let text = body.toString('utf8');
  while (text.length) {
    const space = text.indexOf(' ');
    const length = Number(text.slice(0, space));
    if (!(space > 0 && length > 0)) throw new TarFormatError('a bad pax header');
    const record = text.slice(space + 1, length - 1);
    const eq = record.indexOf('=');
    out[record.slice(0, eq)] = record.slice(eq + 1);
    text = text.slice(length);
  }
  return out;
}

/**
 * Reads a tar stream entry by entry; `onEntry` must consume `data` fully before returning. Regular
 * files and folders only: anything else (links, devices) is refused, so an archive cannot place a link.
 * A folder's name comes without its trailing slash, with `dir` set and no data.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: { name: string; size: number; dir: boolean }, data: AsyncGenerator<Buffer>) => Promise<void>,
): Promise<void> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  for (;;) {
    const h = await reader.take(BLOCK);
    if (!h) throw new TarFormatError('the archive has no end marker (truncated?)');
    if (h.every((b) => b === 0)) return;
    if (!checksumOk(h)) throw new TarFormatError('a tar header checksum is wrong (damaged archive)');
    const type = String.fromCharCode(h[156]!);
    const size = pax.size ? Number(pax.size) : readOctal(h, 124, 12);
    const prefix = readString(h, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100));
    pax = {};
    if (type === 'x') {
      const body = size ? await reader.take(size) : Buffer.alloc(0);
      pax = parsePax(body ?? Buffer.alloc(0));
    } else if (type === '0' || type === '\0' || type === '5') {
      const data = reader.stream(size);
      const dir = type === '5';
      await onEntry({ name: dir ? name.replace(/\/+$/, '') : name, size, dir }, data);
      for await (const _ of data) void _; // whatever the callback left unread
    } else {
      throw new TarFormatError(`the archive holds an entry that is not a file: ${name}`);
    }
    await reader.take(padding(size).length);
  }
}
