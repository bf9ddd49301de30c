import { deleteSchema, getInfoSchema, listQuerySchema, updateFieldSchema } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, authOf, type Deps, input } from '../http/deps.ts';
import { ok } from '../http/errors.ts';
import { deleteQueryDoc, doc } from '../http/openapi.ts';
import { parse } from '../http/validate.ts';
import type { GenericOp, ResourceDef } from './define.ts';
import { parseIds } from './query.ts';
import { createRecord, deleteRecords, editRecord, getRecord, listRecords, updateField } from './service.ts';

const ALL_OPS: GenericOp[] = ['index', 'get_info', 'add', 'edit', 'del', 'update_field'];

/** Registers the generic routes of a declared resource under /api/system/<name>/. */
export function resourceRoutes(app: FastifyInstance, { db }: Deps, def: ResourceDef) {
  const base = `/api/system/${def.name}`;
  const ops = new Set(def.ops ?? ALL_OPS);
  const perm = (op: string) => ({ permission: `${def.permission}:${op}` });
  const tag = def.name;

  if (ops.has('index')) {
    const filters = z.object(Object.fromEntries(Object.keys(def.filters).map((k) => [k, z.string().optional()])));
    app.get(
      `${base}/index`,
      {
        config: perm('index'),
        schema: doc(tag, `List ${def.name}: page, limit, sort (${Object.keys(def.sorts).join(', ')}), order, q, filters`, {
          querystring: listQuerySchema.extend(filters.shape),
          returns: '{list, total}',
        }),
      },
      async (req) => ok(await listRecords(db, def, req.query as Record<string, unknown>, authOf(req), req.lang)),
    );
  }
  if (ops.has('get_info')) {
    app.get(`${base}/get_info`, { config: perm('get_info'), schema: doc(tag, `One ${def.name} by id`, { querystring: getInfoSchema }) }, async (req) => {
      const { id } = parse(getInfoSchema, req.query);
      return ok(await getRecord(db, def, id, authOf(req), req.lang));
    });
  }
  if (ops.has('add') && def.createSchema) {
    app.post(`${base}/add`, { config: perm('add'), schema: doc(tag, `Create a ${def.name}`, { body: def.createSchema }) }, async (req) =>
      ok(await createRecord(db, def, req.body ?? {}, authOf(req), actorOf(req), req.lang)),
    );
  }
  if (ops.has('edit') && def.editSchema) {
    app.post(
      `${base}/edit`,
      { config: perm('edit'), schema: doc(tag, `Edit a ${def.name}: send id, the version you read and the changed fields; a stale version gets 409`, { body: def.editSchema }) },
      async (req) => ok(await editRecord(db, def, req.body ?? {}, authOf(req), actorOf(req), req.lang)),
    );
  }
  if (ops.has('del')) {
    const handler = async (req: FastifyRequest) => {
      const body = parse(deleteSchema, input(req));
      const ids = 'id' in body ? [body.id] : parseIds(body.ids);
      return ok({ ids: await deleteRecords(db, def, ids, authOf(req), actorOf(req)) });
    };
    app.get(`${base}/del`, { config: perm('del'), schema: doc(tag, `Delete: ?id=1 or ?ids=1,2,3 → {ids}`, { querystring: deleteQueryDoc }) }, handler);
    app.post(`${base}/del`, { config: perm('del'), schema: doc(tag, `Delete: {id} or {ids: [..] | "1,2"} → {ids}`, { body: deleteSchema }) }, handler);
  }
  if (ops.has('update_field')) {
    app.post(
      `${base}/update_field`,
      { config: perm('update_field'), schema: doc(tag, `Change one whitelisted field (${Object.keys(def.quickFields).join(', ')})`, { body: updateFieldSchema }) },
      async (req) => ok(await updateField(db, def, parse(updateFieldSchema, input(req)), authOf(req), actorOf(req), req.lang)),
    );
  }
}
