import {
  matterAssignSchema,
  matterBatchAssignSchema,
  matterCloseSchema,
  matterRejectSchema,
  matterReplySchema,
} from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendExport } from '../../excel/export.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { historyRoutes } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import { fileServiceOf } from '../file/service.ts';
import { MatterActions } from './actions.ts';
import { matterExportOf } from './excel.ts';
import { matterResourceOf } from './resource.ts';

const TAG = 'matter';
const idQuery = z.object({ id: z.number() });

/**
 * /api/system/matter/*: the generic index/get_info/add/edit/del (filters type, status, channel,
 * station_id, customer_id, agent_id, handler_id, province_code, created_at_gte/lte, q), the lifecycle
 * actions assign / batch_assign / reply / close / reject, the reply thread, the attachments,
 * history / timeline and the Excel export.
 */
export function matterRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const files = fileServiceOf(deps);
  const def = matterResourceOf(files);
  const actions = new MatterActions(db, def, files);
  const base = '/api/system/matter';
  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def, { entity: 'matter' });
  const present = (id: number, req: FastifyRequest) => getRecord(db, def, id, authOf(req), req.lang);
  /** The handler's message reaches their open console at once (after commit). */
  const push = (message: { id: number; recipient_id: number }) =>
    app.realtime?.pubsub.publish({ kind: 'message', id: message.id, recipient_id: message.recipient_id }).catch((err) => app.log.error({ err }, 'publish'));

  app.post(
    `${base}/assign`,
    { config: { permission: 'matter:assign' }, schema: doc(TAG, 'Assign a handler (an enabled user): 待处理/处理中 → 处理中, assigned_at; the handler gets a message', { body: matterAssignSchema, returns: 'the matter' }) },
    async (req) => {
      const { row, message } = await actions.assign(req.body ?? {}, authOf(req), actorOf(req));
      await push(message);
      return ok(await present(row.id as number, req));
    },
  );
  app.post(
    `${base}/batch_assign`,
    { config: { permission: 'matter:assign' }, schema: doc(TAG, 'Assign many matters to one handler, all or nothing; one message to the handler', { body: matterBatchAssignSchema, returns: '{ids}' }) },
    async (req) => {
      const { rows, message } = await actions.batchAssign(req.body ?? {}, authOf(req), actorOf(req));
      await push(message);
      return ok({ ids: rows.map((r) => r.id) });
    },
  );
  app.post(
    `${base}/reply`,
    {
      config: { permission: 'matter:reply' },
      schema: doc(TAG, 'Reply in the thread (the first reply moves 待处理 → 处理中); audio_file_id from POST /upload, file_ids from file/upload?owner_type=matter', { body: matterReplySchema, returns: 'the matter' }),
    },
    async (req) => {
      await actions.reply(req.body ?? {}, authOf(req), actorOf(req));
      return ok(await present((req.body as { id: number }).id, req));
    },
  );
  app.post(
    `${base}/close`,
    { config: { permission: 'matter:close' }, schema: doc(TAG, 'Close with a result (required) and an optional satisfaction 1–5: → 已办结, handled_at', { body: matterCloseSchema, returns: 'the matter' }) },
    async (req) => ok(await present((await actions.close(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/reject`,
    { config: { permission: 'matter:reject' }, schema: doc(TAG, 'Reject with a reason: → 已驳回, handled_at', { body: matterRejectSchema, returns: 'the matter' }) },
    async (req) => ok(await present((await actions.reject(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.get(
    `${base}/replies`,
    {
      config: { permission: 'matter:get_info' },
      schema: doc(TAG, 'The reply thread, oldest first: author (staff/owner, name), content, voice note and attachments as files with signed links → {list,total}', { querystring: idQuery }),
    },
    async (req) => ok(await actions.replies(req.query, authOf(req))),
  );
  app.get(
    `${base}/files`,
    { config: { permission: 'matter:get_info' }, schema: doc(TAG, "The matter's own attachments (photos, PDFs) with signed links → {list,total}", { querystring: idQuery }) },
    async (req) => ok(await actions.attachments(req.query, authOf(req))),
  );
  app.get(
    `${base}/handlers`,
    { config: { permission: 'matter:index' }, schema: doc(TAG, 'Who can handle a matter (enabled admins and users whose roles grant matter:reply), q = name → {list:[{id, username, full_name, name}], total}', { querystring: z.object({ q: z.string().optional() }) }) },
    async (req) => ok(await actions.handlers(req.query)),
  );
  const exportSpec = matterExportOf(def);
  const filters = z.object(Object.fromEntries(Object.keys(def.filters).map((k) => [k, z.string().optional()])));
  app.get(
    `${base}/export`,
    {
      config: { permission: 'matter:export' },
      schema: doc(TAG, 'Export the list as .xlsx (streamed): the same sort, order, q and filters as index', {
        querystring: z.object({ sort: z.string().optional(), order: z.enum(['ASC', 'DESC']).optional(), q: z.string().optional() }).extend(filters.shape),
        returns: 'an .xlsx file',
      }),
    },
    (req, reply) => sendExport(reply, db, exportSpec, req.query as Record<string, unknown>, authOf(req), req.lang),
  );
}
