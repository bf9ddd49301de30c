import { UPLOAD_LIMITS, stationDocDeleteSchema, stationDocUploadQuery, stationMoveSchema, stationReasonSchema } from '@pv/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { files } from '../../db/schema/index.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { acceptRawBodies } from '../../http/raw-body.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, loadOne } from '../../resources/service.ts';
import { withPending } from '../workflow/public.ts';
import { fileNameOf } from '../file/routes.ts';
import { fileServiceOf, uploadTooLarge } from '../file/service.ts';
import { writeLog } from '../system/syslog.ts';
import { StationActions } from './actions.ts';
import { stationExcelRoutes } from './excel.ts';
import { stationResource as def } from './resource.ts';

const TAG = 'station';

/**
 * /api/system/station/*: the generic index/get_info/add/edit/del, the station's own lifecycle
 * buttons, its PDF documents (the pdfs screen), history / timeline and Excel export / import.
 */
export function stationRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const actions = new StationActions(db);
  const fileService = fileServiceOf(deps);
  const base = '/api/system/station';
  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def, { entity: 'station' });
  stationExcelRoutes(app, deps);
  const present = (id: number, req: FastifyRequest) => getRecord(db, def, id, authOf(req), req.lang);

  const moves = {
    finish_survey: '待踏勘 → 方案设计',
    finish_design: '方案设计 → 待施工; opens the construction order (施工派单, 待派单)',
    operate: '已并网 → 运维中',
  } as const;
  for (const [action, what] of Object.entries(moves) as [keyof typeof moves, string][]) {
    app.post(
      `${base}/${action}`,
      { config: { permission: `station:${action}` }, schema: doc(TAG, `${what}. Refused on a frozen station or from another state`, { body: stationMoveSchema, returns: 'the station' }) },
      async (req) => ok(await present((await actions.move(action, req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
    );
  }
  app.post(
    `${base}/terminate`,
    { config: { permission: 'station:terminate' }, schema: doc(TAG, '终止 with a reason (final); its open work orders are cancelled with the same reason', { body: stationReasonSchema, returns: 'the station' }) },
    async (req) => ok(await present((await actions.terminate(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/freeze`,
    { config: { permission: 'station:freeze' }, schema: doc(TAG, '冻结 with a reason: the station and its work orders and self-audits refuse every transition until unfrozen', { body: stationReasonSchema, returns: 'the station' }) },
    async (req) => {
      const row = await actions.setFrozen(true, req.body ?? {}, authOf(req), actorOf(req));
      return ok(withPending(row, await present(row.id as number, req)));
    },
  );
  app.post(
    `${base}/unfreeze`,
    { config: { permission: 'station:unfreeze' }, schema: doc(TAG, '解冻', { body: stationMoveSchema, returns: 'the station' }) },
    async (req) => ok(await present((await actions.setFrozen(false, req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );

  app.get(
    `${base}/docs`,
    { config: { permission: 'station:get_info' }, schema: doc(TAG, "The station's PDF documents (contract, design, grid certificate, other) with signed links → {list,total}", { querystring: idQuery }) },
    async (req) => {
      const { id } = parse(idQuery, req.query);
      await loadOne(db, def, id, authOf(req));
      const list = await fileService.list(db, 'station_doc', id);
      return ok({ list, total: list.length });
    },
  );
  app.register(async (scoped) => {
    acceptRawBodies(scoped, UPLOAD_LIMITS.pdf.maxBytes, () => uploadTooLarge(UPLOAD_LIMITS.pdf.maxBytes));
    scoped.post(
      `${base}/upload_doc`,
      {
        config: { permission: 'station:upload_doc' },
        schema: doc(TAG, 'Upload a PDF document of the station: the PDF itself is the body (?id=&doc_type=contract|design|grid_certificate|other, name in ?name= or X-File-Name); PDF only, ≤ 20 MiB → the file', {
          querystring: stationDocUploadQuery,
        }),
      },
      async (req) => {
        const q = parse(stationDocUploadQuery, req.query);
        const auth = authOf(req);
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const row = await db.transaction(async (tx) => {
          await loadOne(tx, def, q.id, auth, { lock: true });
          const stored = await fileService.store(tx, { ownerType: 'station_doc', ownerId: q.id, docType: q.doc_type, name: fileNameOf(req, 'document.pdf'), declaredType: String(req.headers['content-type'] ?? ''), body }, auth, actorOf(req));
          await writeLog(tx, actorOf(req), { action: 'upload_doc', resource: 'station', recordId: q.id, after: { file_id: stored.id, name: stored.name, doc_type: q.doc_type } });
          return stored;
        });
        return ok(fileService.present(row));
      },
    );
  });
  app.post(
    `${base}/del_doc`,
    { config: { permission: 'station:del_doc' }, schema: doc(TAG, 'Delete one document of the station', { body: stationDocDeleteSchema, returns: '{id}' }) },
    async (req) => {
      const input = parse(stationDocDeleteSchema, req.body ?? {});
      const auth = authOf(req);
      const actor = actorOf(req);
      const cleanup = await db.transaction(async (tx) => {
        await loadOne(tx, def, input.id, auth, { lock: true });
        const [row] = await tx.select().from(files).where(and(eq(files.id, input.file_id), eq(files.owner_type, 'station_doc'), eq(files.owner_id, input.id)));
        if (!row) throw new ApiError(404, 'error.station_doc_not_found', { id: input.file_id });
        await writeLog(tx, actor, { action: 'del_doc', resource: 'station', recordId: input.id, before: { file_id: row.id, name: row.name, doc_type: row.doc_type } });
        return fileService.remove(tx, row, actor);
      });
      await cleanup();
      return ok({ id: input.file_id });
    },
  );
}
