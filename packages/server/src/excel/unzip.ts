import { Inflate } from 'fflate';

/**
 * The one way an uploaded zip (an .xlsx: imports, bank results, partners' sheets, workflow templates)
 * is opened (docs/DECISIONS.md "Uploaded workbooks"). The central directory is read from the end of
 * the file, so any part can be read on its own and in any order; a part is inflated as a stream, a
 * small slice of compressed bytes at a time, so that no single step can produce more than a few MiB
 * however well the data compresses, and the inflated bytes are counted against a budget the caller
 * gives: past it, or past the size the directory declared, reading stops with a ZipLimitError before
 * the memory grows. Nothing here trusts a declared size for an allocation.
 */

export class ZipFormatError extends Error {}

/** More inflated bytes than the budget allows (a zip bomb, or a workbook far larger than any upload should be). */
export class ZipLimitError extends Error {
  constructor(readonly limit: number) {
    super(`inflates to more than ${limit} bytes`);
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  compressedSize: number;
  /** what the directory declares; a part inflating to more is refused */
  size: number;
  /** where the compressed bytes start */
  start: number;
}

/** Inflated bytes still allowed, shared by every part read for one upload. */
export interface InflateBudget {
  readonly limit: number;
  left: number;
}
export const inflateBudget = (limit: number): InflateBudget => ({ limit, left: limit });

/** Compressed bytes handed to the inflater per step: deflate expands at most ~1,032×, so ≤ ~8 MiB out per step. */
const STEP = 8 * 1024;
/** Stored parts are handed on in slices of this size. */
const STORED_SLICE = 64 * 1024;

const u16 = (d: Uint8Array, at: number) => d[at]! | (d[at + 1]! << 8);
const u32 = (d: Uint8Array, at: number) => (d[at]! | (d[at + 1]! << 8) | (d[at + 2]! << 16) | (d[at + 3]! << 24)) >>> 0;
const u64 = (d: Uint8Array, at: number) => u32(d, at) + u32(d, at + 4) * 2 ** 32;
const names = new TextDecoder('utf-8');

/** The parts of a zip by name, from its central directory (zip64 too). Throws ZipFormatError for anything else. */
export function zipEntries(data: Uint8Array): Map<string, ZipEntry> {
  const fail = (why: string): never => {
    throw new ZipFormatError(why);
  };
  // the end-of-central-directory record: 22 bytes plus a comment of at most 65,535
  let eocd = -1;
  for (let i = data.length - 22; i >= 0 && i >= data.length - 22 - 0xffff; i--) {
    if (u32(data, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail('no central directory');
  let count = u16(data, eocd + 10);
  let cdOffset = u32(data, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) {
    // zip64: the locator sits right before the record and points at the zip64 record
    const locator = eocd - 20;
    if (locator < 0 || u32(data, locator) !== 0x07064b50) fail('no zip64 locator');
    const record = u64(data, locator + 8);
    if (record + 56 > data.length || u32(data, record) !== 0x06064b50) fail('no zip64 record');
    count = u64(data, record + 32);
    cdOffset = u64(data, record + 48);
  }
  const entries = new Map<string, ZipEntry>();
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || u32(data, at) !== 0x02014b50) fail('bad central directory');
    const flags = u16(data, at + 8);
    const method = u16(data, at + 10);
    let compressedSize = u32(data, at + 20);
    let size = u32(data, at + 24);
    const nameLength = u16(data, at + 28);
    const extraLength = u16(data, at + 30);
    const commentLength = u16(data, at + 32);
    let local = u32(data, at + 42);
    if (at + 46 + nameLength + extraLength > data.length) fail('bad central directory');
    const name = names.decode(data.subarray(at + 46, at + 46 + nameLength));
    // zip64 sizes and offset, in that order, for the fields that overflowed
    for (let e = at + 46 + nameLength, end = e + extraLength; e + 4 <= end; e += 4 + u16(data, e + 2)) {
      if (u16(data, e) !== 0x0001) continue;
      let f = e + 4;
      if (size === 0xffffffff) {
        size = u64(data, f);
        f += 8;
      }
      if (compressedSize === 0xffffffff) {
        compressedSize = u64(data, f);
        f += 8;
      }
      if (local === 0xffffffff) local = u64(data, f);
    }
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) fail(`${name} is encrypted`);
    if (method !== 0 && method !== 8) fail(`${name}: compression ${method}`);
    if (local + 30 > data.length || u32(data, local) !== 0x04034b50) fail(`${name}: bad local header`);
    const start = local + 30 + u16(data, local + 26) + u16(data, local + 28);
    if (start + compressedSize > data.length) fail(`${name}: truncated`);
    if (!name.endsWith('/')) entries.set(name, { name, method, compressedSize, size, start });
  }
  return entries;
}

/**
 * A part's inflated bytes, chunk by chunk (each at most a few MiB), counted against `budget`:
 * ZipLimitError past it, ZipFormatError past the declared size or for a broken deflate stream.
 */
export function* inflateEntry(data: Uint8Array, entry: ZipEntry, budget: InflateBudget): Generator<Uint8Array> {
  if (entry.size > budget.left) throw new ZipLimitError(budget.limit);
  const compressed = data.subarray(entry.start, entry.start + entry.compressedSize);
  let produced = 0;
  const count = (n: number) => {
    produced += n;
    budget.left -= n;
    if (budget.left < 0) throw new ZipLimitError(budget.limit);
    if (produced > entry.size) throw new ZipFormatError(`${entry.name} inflates to more than it declares`);
  };
  if (entry.method === 0) {
    for (let i = 0; i < compressed.length; i += STORED_SLICE) {
      const slice = compressed.subarray(i, i + STORED_SLICE);
      count(slice.length);
      yield slice;
    }
    return;
  }
  let out: Uint8Array[] = [];
  const inflater = new Inflate((chunk) => {
    count(chunk.length);
    if (chunk.length) out.push(chunk);
  });
  for (let i = 0; i < compressed.length || i === 0; i += STEP) {
    try {
      inflater.push(compressed.subarray(i, i + STEP), i + STEP >= compressed.length);
    } catch (err) {
      if (err instanceof ZipLimitError || err instanceof ZipFormatError) throw err;
      throw new ZipFormatError(`${entry.name}: ${(err as Error).message}`);
    }
    const ready = out;
    out = [];
    yield* ready;
  }
}

/** A whole (small) part, within the budget. */
export function inflateWhole(data: Uint8Array, entry: ZipEntry, budget: InflateBudget): Uint8Array {
  const chunks = [...inflateEntry(data, entry, budget)];
  if (chunks.length === 1) return chunks[0]!;
  const whole = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    whole.set(c, at);
    at += c.length;
  }
  return whole;
}

/** Every part of a zip (a workflow template is rewritten whole), all of them together within `limit` inflated bytes. */
export function unzipLimited(data: Uint8Array, limit: number): Record<string, Uint8Array> {
  const budget = inflateBudget(limit);
  const files: Record<string, Uint8Array> = {};
  for (const [name, entry] of zipEntries(data)) files[name] = inflateWhole(data, entry, budget);
  return files;
}
