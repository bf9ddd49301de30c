import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { backupTar } from './archive.ts';
import type { BackupControl, BackupStart, BackupStop } from './pgdata.ts';

/**
 * The backup archive made in a worker thread (GET /api/system/backup; routes.ts starts it): the files
 * are read, hashed, packed and gzipped here, on this thread's own event loop, so the server's users —
 * whose queries keep its main thread busy (PGlite runs them there) — do not slow the copy down, nor it
 * them. The database's side (pg_backup_start / pg_backup_stop) runs on the main thread, asked by
 * message. The gzip output goes to the main thread in 1 MiB pieces, at most CREDITS ahead of what the
 * reply has taken.
 */
export interface WorkerInput {
  dataDir: string;
  /** the PGlite data folder */
  dir: string;
  level: number;
}

/** Messages from this thread */
export type FromWorker =
  | { type: 'call'; id: number; op: 'start' | 'stop' | 'abort'; label?: string }
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'end' }
  | { type: 'error'; message: string };
/** and to it */
export type ToWorker = { type: 'result'; id: number; value?: unknown; error?: string } | { type: 'credit' };

/** Pieces in flight towards the reply. */
export const CREDITS = 8;

const port = parentPort!;
const input = workerData as WorkerInput;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let seq = 0;
let credits = CREDITS;
let creditWaiter: (() => void) | null = null;

port.on('message', (m: ToWorker) => {
  if (m.type === 'credit') {
    credits++;
    creditWaiter?.();
    creditWaiter = null;
    return;
  }
  const call = pending.get(m.id);
  pending.delete(m.id);
  if (m.error) call?.reject(new Error(m.error));
  else call?.resolve(m.value);
});

const ask = <T>(op: 'start' | 'stop' | 'abort', label?: string) =>
  new Promise<T>((resolve, reject) => {
    const id = ++seq;
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    port.postMessage({ type: 'call', id, op, label } satisfies FromWorker);
  });

const control: BackupControl = {
  dir: input.dir,
  start: (label) => ask<BackupStart>('start', label),
  stop: () => ask<BackupStop>('stop'),
  abort: () => ask<void>('abort'),
};

const toMain = new Writable({
  highWaterMark: 1,
  write(chunk: Buffer, _enc, done) {
    const send = () => {
      credits--;
      port.postMessage({ type: 'chunk', data: chunk } satisfies FromWorker);
      done();
    };
    if (credits > 0) send();
    else creditWaiter = send;
  },
});

pipeline(Readable.from(backupTar(input.dataDir, control)), createGzip({ level: input.level, chunkSize: 1024 * 1024 }), toMain).then(
  () => port.postMessage({ type: 'end' } satisfies FromWorker),
  (err: unknown) => port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies FromWorker),
);
