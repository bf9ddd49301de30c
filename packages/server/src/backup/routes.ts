import { timingSafeEqual } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@pv/contract';
import type { Deps } from '../http/deps.ts';
import { ApiError } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { writeLog } from '../modules/system/syslog.ts';
import { backupTar } from './archive.ts';

export const BACKUP_KEY_HEADER = 'x-backup-key';

function sameKey(given: unknown, key: string | null): boolean {
  if (!key || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/system/backup — the online backup of an embedded-database install, streamed as .tar.gz
 * (see archive.ts). Asked by `pnpm backup` with the data folder's key (X-Backup-Key): the key file
 * is readable only by whoever can read the data folder — which holds the database anyway — so the
 * command needs no account. One backup at a time (the database copy is held in memory while sent).
 * On PostgreSQL the database is backed up with pg_dump (README "Backup and restore").
 */
export function backupRoutes(app: FastifyInstance, deps: Deps, dumpDatabase: (() => Promise<Blob>) | undefined) {
  let running = false;
  app.get(
    '/api/system/backup',
    {
      config: { public: true },
      schema: doc('system', `Online backup of the embedded database and the data folder as .tar.gz; header ${BACKUP_KEY_HEADER} = the content of DATA_DIR/backup-key (use \`pnpm backup\`). 409 on PostgreSQL (use pg_dump) or while another backup runs`),
    },
    async (req, reply) => {
      if (!sameKey(req.headers[BACKUP_KEY_HEADER], deps.config.backupKey)) throw new ApiError(ResponseCode.unauthorized, 'error.backup_key');
      if (!dumpDatabase || !deps.config.dataDir) throw new ApiError(ResponseCode.conflict, 'error.backup_postgres');
      if (running) throw new ApiError(ResponseCode.conflict, 'error.backup_running');
      running = true;
      const started = Date.now();
      const done = () => {
        if (!running) return;
        running = false;
        req.log.info({ ms: Date.now() - started }, 'backup sent');
      };
      await writeLog(deps.db, { userId: null, username: 'backup', ip: req.ip }, { action: 'backup', resource: 'system' });
      const body = createGzip({ level: 6 });
      // a failure half-way destroys the reply: the client sees a cut-off archive, never a complete-looking one
      pipeline(Readable.from(backupTar(deps.config.dataDir, dumpDatabase)), body, (err) => {
        if (err) req.log.error(err, 'backup failed');
        done();
      });
      body.on('close', done);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="pv-backup-${stamp}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
