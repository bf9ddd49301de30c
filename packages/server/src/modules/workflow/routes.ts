import { WorkflowDefinitionStatus, workflowErrorMessage, workflowMoveSchema, workflowPublishSchema, workflowVersionQuery } from '@pv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, loadOne } from '../../resources/service.ts';
import { findEvent, findRecordType, registryInfo } from '../../lifecycle/records.ts';
import { fileServiceOf } from '../file/service.ts';
import { workflowInstanceRoutes } from './instances.ts';
import { GraphInvalid, disableIn, enableIn, getVersion, listVersions, publishIn, workflowResource as def } from './definitions.ts';

const W = '/api/system/workflow';
const recordTypeLabel = { label: (v: string | null | undefined, lang: 'zh' | 'en') => findRecordType(v)?.label[lang] ?? String(v ?? '') };
const eventLabel = { label: (v: string | null | undefined, lang: 'zh' | 'en') => findEvent(v)?.event.label[lang] ?? String(v ?? '') };

/**
 * /api/system/workflow/*: process definitions (issue 16). The generic index/get_info/add/edit/del
 * (del: never-published drafts only), publish (server-side validation; a refused publish answers
 * 400 with every error pinned to its node or edge in data.errors), disable/enable, the published
 * versions (immutable), one version's graph, the list as .xlsx, the change log.
 */
export function workflowRoutes(app: FastifyInstance, deps: Deps) {
  workflowDefinitionRoutes(app, deps);
  workflowInstanceRoutes(app, deps);
}

function workflowDefinitionRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def);
  const show = (id: number, req: FastifyRequest) => getRecord(db, def, id, authOf(req), req.lang);

  app.get(
    `${W}/registry`,
    {
      // whoever sees processes (the record pages' 流程 panels, the instance list, the designer's users)
      config: { permission: 'workflow_instance:index' },
      schema: doc('workflow', 'The record types a process can run on and the business events, as the modules declared them: labels (zh and en), fields with their labels and kinds, date fields, named actions with their parameters, who may not act (segregation of duties), the page link; for whoever may see process instances', { returns: '{record_types, events}' }),
    },
    async () => ok(registryInfo()),
  );

  app.post(
    `${W}/publish`,
    {
      config: { permission: 'workflow:publish' },
      schema: doc('workflow', '发布 {id, version, note?}: the draft is validated on the server (download nodes with an xlsx template: the uploaded file must be a workbook naming only the record’s fields) and copied into a new immutable version with a copy of each template; 400 with data.errors [{nodeId|edgeId, code, params, message}] when it cannot run', { body: workflowPublishSchema, returns: 'the definition' }),
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const { id, version, note } = parse(workflowPublishSchema, req.body ?? {});
      try {
        const fileService = fileServiceOf(deps);
        const row = await db.transaction((tx) => publishIn(tx, id, version, note, actorOf(req), (file) => fileService.bytes(file)));
        return ok(await show(row.id, req));
      } catch (err) {
        if (!(err instanceof GraphInvalid)) throw err;
        const errors = err.errors.map((e) => ({ ...e, message: workflowErrorMessage(e, req.lang) }));
        return reply.status(400).send({ code: 400, msg: err.message_(req.lang), data: { errors } });
      }
    },
  );
  for (const [name, what, run] of [
    ['disable', '停用 {id, version}: no new instance starts; running ones go on', disableIn],
    ['enable', '启用 {id, version}: starts again on its latest published version', enableIn],
  ] as const) {
    app.post(`${W}/${name}`, { config: { permission: `workflow:${name}` }, schema: doc('workflow', what, { body: workflowMoveSchema, returns: 'the definition' }) }, async (req) => {
      const { id, version } = parse(workflowMoveSchema, req.body ?? {});
      const row = await db.transaction((tx) => run(tx, id, version, actorOf(req)));
      return ok(await show(row.id, req));
    });
  }
  app.get(
    `${W}/versions`,
    { config: { permission: 'workflow:get_info' }, schema: doc('workflow', 'The published versions (?id=), newest first, with how many instances each runs → {list,total}', { querystring: idQuery }) },
    async (req) => {
      const { id } = parse(idQuery, req.query);
      await loadOne(db, def, id, authOf(req));
      return ok(await listVersions(db, id));
    },
  );
  app.get(
    `${W}/version`,
    { config: { permission: 'workflow:get_info' }, schema: doc('workflow', 'One published version (?id=&version=) with its graph (compare two side by side)', { querystring: workflowVersionQuery }) },
    async (req) => {
      const { id, version } = parse(workflowVersionQuery, req.query);
      await loadOne(db, def, id, authOf(req));
      return ok(await getVersion(db, id, version));
    },
  );
  excelRoutes(app, deps, {
    exportPermission: 'workflow:export',
    exportSpec: {
      def,
      title: ['流程定义', 'workflows'],
      columns: [
        col.text('key', 20, ['标识', 'Key']),
        col.text('name', 20, ['名称', 'Name']),
        col.enumOf('record_type', recordTypeLabel, 12, ['业务记录', 'Record type']),
        col.enumOf('event', eventLabel, 24, ['触发事件', 'Event']),
        col.number('published_version', 8, ['最新版本', 'Latest version']),
        col.enumOf('status', WorkflowDefinitionStatus, 10, ['状态', 'Status']),
        col.text('updated_by_name', 10, ['更新人', 'Updated by']),
        col.dateTime('updated_at', 18, ['更新时间', 'Updated at']),
      ],
    },
  });
}
