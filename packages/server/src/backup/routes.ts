import { randomUUID, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { numeric, ResponseCode } from '@pv/contract';
import type { Deps } from '../http/deps.ts';
import { ApiError, ok } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { parse } from '../http/validate.ts';
import { writeLog } from '../modules/system/syslog.ts';
import type { BackupControl } from './pgdata.ts';
import type { FromWorker, ToWorker, WorkerInput } from './worker.ts';

export const BACKUP_KEY_HEADER = 'x-backup-key';

/** gzip level of the archive: 1 by default (about 120 MB/s of input on one core here, against 50 at level 6, for a few per cent in size) */
export const DEFAULT_GZIP_LEVEL = 1;

function sameKey(given: unknown, key: string | null): boolean {
  if (!key || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

const levelSchema = z.strictObject({ level: numeric(z.number().int().min(0).max(9)).optional() });
const stopSchema = z.strictObject({ id: z.uuid() });

/**
 * The online backup of an embedded-database install (see archive.ts and pgdata.ts). Everything here
 * wants the data folder's key (X-Backup-Key, the content of DATA_DIR/backup-key): it is readable only
 * by whoever can read the data folder — which holds the database anyway — so a cron job needs no
 * account. One backup at a time. On PostgreSQL the database is backed up with pg_dump (README).
 *
 * - GET /api/system/backup: the whole archive as .tar.gz, streamed (for a backup taken from elsewhere),
 *   made by a worker thread so that a busy server still sends it at disk speed.
 * - GET /api/system/backup/session + POST /api/system/backup/stop: what `pnpm backup` uses on the
 *   server's own host. The session starts the database's backup mode and stays open while the command
 *   copies the data folder itself, at disk speed and in its own process, whatever load this server is
 *   under; stop ends it and returns the label the copy needs. A session whose connection closes before
 *   stop (the command died) ends the backup mode.
 */
/** The worker's module: the TypeScript source under tsx (dev, tests), dist/backup-worker.js in the build. */
const workerModule = () => new URL(import.meta.url.endsWith('.ts') ? './worker-dev.mjs' : './backup-worker.js', import.meta.url);

/**
 * The archive made by a worker thread (worker.ts), as a stream for the reply. This thread runs only the
 * database's side of the copy and writes the worker's 1 MiB pieces to the reply, returning a credit for
 * each once the reply has taken it. A failure half-way destroys the stream (the client sees a cut-off
 * archive, never a complete-looking one); a client that goes away stops the worker and the backup mode.
 */
function archiveInWorker(control: BackupControl, input: WorkerInput, onError: (err: Error) => void): PassThrough {
  const worker = new Worker(workerModule(), { workerData: input });
  const body = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
  let ended = false;
  const fail = (err: Error) => {
    if (ended) return;
    ended = true;
    onError(err);
    body.destroy(err);
    void worker.terminate();
    void control.abort();
  };
  worker.on('message', (m: FromWorker) => {
    if (m.type === 'chunk') {
      const credit = () => worker.postMessage({ type: 'credit' } satisfies ToWorker);
      if (body.write(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength))) credit();
      else body.once('drain', credit);
    } else if (m.type === 'call') {
      const op = m.op === 'start' ? control.start(m.label ?? 'backup') : m.op === 'stop' ? control.stop() : control.abort();
      op.then(
        (value) => worker.postMessage({ type: 'result', id: m.id, value } satisfies ToWorker),
        (err: unknown) => worker.postMessage({ type: 'result', id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies ToWorker),
      );
    } else if (m.type === 'end') {
      ended = true;
      body.end();
      void worker.terminate();
    } else {
      fail(new Error(m.message));
    }
  });
  worker.on('error', fail);
  body.on('close', () => {
    if (!ended) fail(new Error('the client went away'));
  });
  return body;
}

export function backupRoutes(app: FastifyInstance, deps: Deps, control: BackupControl | undefined) {
  let running: 'archive' | { id: string } | null = null;
  /** how each open session's stream ends when it is stopped */
  const sessionEnd = new Map<string, () => void>();

  const begin = async (req: FastifyRequest): Promise<BackupControl> => {
    if (!sameKey(req.headers[BACKUP_KEY_HEADER], deps.config.backupKey)) throw new ApiError(ResponseCode.unauthorized, 'error.backup_key');
    if (!control || !deps.config.dataDir) throw new ApiError(ResponseCode.conflict, 'error.backup_postgres');
    if (running) throw new ApiError(ResponseCode.conflict, 'error.backup_running');
    await writeLog(deps.db, { userId: null, username: 'backup', ip: req.ip }, { action: 'backup', resource: 'system' });
    return control;
  };
  const keyed = { public: true } as const;

  app.get(
    '/api/system/backup',
    {
      config: keyed,
      schema: doc('system', `Online backup of the embedded database and the data folder as .tar.gz (?level= gzip 0–9, default ${DEFAULT_GZIP_LEVEL}); header ${BACKUP_KEY_HEADER} = the content of DATA_DIR/backup-key (on the server's host \`pnpm backup\` is faster). 409 on PostgreSQL (use pg_dump) or while another backup runs`, { querystring: levelSchema }),
    },
    async (req, reply) => {
      const { level } = parse(levelSchema, req.query);
      const ctl = await begin(req);
      running = 'archive';
      const started = Date.now();
      const done = () => {
        if (running !== 'archive') return;
        running = null;
        req.log.info({ ms: Date.now() - started }, 'backup sent');
      };
      const body = archiveInWorker(ctl, { dataDir: deps.config.dataDir!, dir: ctl.dir, level: level ?? DEFAULT_GZIP_LEVEL }, (err) => req.log.error(err, 'backup failed'));
      body.on('close', done);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="pv-backup-${stamp}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/system/backup/session',
    {
      config: keyed,
      schema: doc(
        'system',
        `Starts the database's backup mode for \`pnpm backup\`, which copies DATA_DIR/pglite itself: one JSON line {id, lsn, wal_file}, then a newline every 10 s while the session lasts. Closing the connection before POST /api/system/backup/stop ends the backup mode. Header ${BACKUP_KEY_HEADER}.`,
        { returns: 'application/x-ndjson' },
      ),
    },
    async (req, reply) => {
      const ctl = await begin(req);
      const id = randomUUID();
      running = { id };
      let start;
      try {
        start = await ctl.start(`pnpm backup ${new Date().toISOString()}`);
      } catch (err) {
        running = null;
        throw err;
      }
      const body = new PassThrough();
      body.write(JSON.stringify({ id, lsn: start.lsn, wal_file: start.walFile }) + '\n');
      const beat = setInterval(() => body.write('\n'), 10_000);
      reply.raw.on('close', () => {
        clearInterval(beat);
        sessionEnd.delete(id);
        // the command went away without stopping: end the backup mode
        if (running && typeof running === 'object' && running.id === id) {
          running = null;
          req.log.warn('backup session closed before stop: backup mode ended');
          void ctl.abort();
        }
      });
      sessionEnd.set(id, () => {
        clearInterval(beat);
        body.end();
      });
      return reply.header('content-type', 'application/x-ndjson').header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/api/system/backup/stop',
    {
      config: keyed,
      schema: doc('system', `Ends the backup mode a session started; returns {lsn, wal_file, labelfile} (the copy's backup_label). Header ${BACKUP_KEY_HEADER}.`, { body: stopSchema }),
    },
    async (req) => {
      if (!sameKey(req.headers[BACKUP_KEY_HEADER], deps.config.backupKey)) throw new ApiError(ResponseCode.unauthorized, 'error.backup_key');
      const { id } = parse(stopSchema, req.body);
      if (!control || !running || typeof running !== 'object' || running.id !== id) throw new ApiError(ResponseCode.conflict, 'error.backup_no_session');
      const stop = await control.stop();
      running = null;
      sessionEnd.get(id)?.();
      sessionEnd.delete(id);
      return ok({ lsn: stop.lsn, wal_file: stop.walFile, labelfile: stop.labelfile });
    },
  );
}
