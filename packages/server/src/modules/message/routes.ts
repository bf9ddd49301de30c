import { deleteSchema, getInfoSchema, listQuerySchema, myMessageListSchema, NOTIFY_DEFAULT_LIMIT, notifySchema, paths, updateFieldSchema } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { deleteQueryDoc, doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import type { Realtime } from '../../realtime/routes.ts';
import { parseIds } from '../../resources/query.ts';
import { createRecord, deleteRecords, editRecord, getRecord, listRecords, updateField } from '../../resources/service.ts';
import { messageResource as def } from './resource.ts';
import { clearAll, listMine, markRead, notifyList } from './service.ts';

const TAG = 'message';
const perm = (op: string) => ({ permission: `message:${op}` });
const MINE = { permission: '' };

/**
 * /api/system/message/* (SPEC.md §7). Two audiences:
 * - management (message:* permissions): index, get_info, add, edit, del, update_field over every
 *   message — validated, versioned (a stale edit gets 409) and written to the system log;
 * - every signed-in user: get_message_list, get_notify and clear_all_meg over their own messages
 *   only (addressed to them or to everyone), with a read state per user.
 * A new message is published on the realtime bus after it is committed, and pushed to the open
 * consoles of its recipients; read, clear, edit and delete publish new unread counts.
 */
export function messageRoutes(app: FastifyInstance, { db }: Deps, realtime: Realtime) {
  const publish = (event: Parameters<Realtime['pubsub']['publish']>[0]) => realtime.pubsub.publish(event).catch((err) => app.log.error({ err }, 'publish'));
  const filters = z.object(Object.fromEntries(Object.keys(def.filters).map((k) => [k, z.string().optional()])));

  app.get(
    paths.message('index'),
    {
      config: perm('index'),
      schema: doc(
        TAG,
        'Manage: list every message (any recipient). page, limit, sort (id, created_at, title, level, type), order, q (title/content), filters type, level, sender_id, recipient_id (0 = to everyone), created_at_gte/lte',
        { querystring: listQuerySchema.extend(filters.shape), returns: '{list: [{id, title, content, type, level, link, sender_id, sender_name, recipient_id (null = everyone), recipient_name, read_count, version, created_at}], total}' },
      ),
    },
    async (req) => ok(await listRecords(db, def, req.query as Record<string, unknown>, authOf(req), req.lang)),
  );

  app.get(paths.message('get_info'), { config: perm('get_info'), schema: doc(TAG, 'Manage: one message by id (any recipient)', { querystring: getInfoSchema }) }, async (req) => {
    const { id } = parse(getInfoSchema, req.query);
    return ok(await getRecord(db, def, id, authOf(req), req.lang));
  });

  app.post(
    paths.message('add'),
    {
      config: perm('add'),
      schema: doc(TAG, 'Manage: send a message to one user (recipient_id) or to everyone (recipient_id null or omitted); the sender is the caller. Pushed at once to the recipients\' open consoles.', {
        body: def.createSchema,
        returns: 'the message',
      }),
    },
    async (req) => {
      const created = await createRecord(db, def, req.body ?? {}, authOf(req), actorOf(req), req.lang);
      await publish({ kind: 'message', id: created.id as number, recipient_id: (created.recipient_id as number | null) ?? null });
      return ok(created);
    },
  );

  app.post(
    paths.message('edit'),
    {
      config: perm('edit'),
      schema: doc(TAG, 'Manage: correct a message (title, content, type, level, link); send id and the version you read — a stale version gets 409. The recipient is fixed.', {
        body: def.editSchema,
      }),
    },
    async (req) => {
      const updated = await editRecord(db, def, req.body ?? {}, authOf(req), actorOf(req), req.lang);
      await publish({ kind: 'unread', user_id: (updated.recipient_id as number | null) ?? null });
      return ok(updated);
    },
  );

  const del = async (req: FastifyRequest) => {
    const body = parse(deleteSchema, input(req));
    const ids = 'id' in body ? [body.id] : parseIds(body.ids);
    const deleted = await deleteRecords(db, def, ids, authOf(req), actorOf(req));
    // deleted messages may have been unread by anyone: everyone connected gets a fresh count
    await publish({ kind: 'unread', user_id: null });
    return ok({ ids: deleted });
  };
  app.get(paths.message('del'), { config: perm('del'), schema: doc(TAG, 'Manage: delete ?id=1 or ?ids=1,2,3 → {ids} (read states go with them)', { querystring: deleteQueryDoc }) }, del);
  app.post(paths.message('del'), { config: perm('del'), schema: doc(TAG, 'Manage: delete {id} or {ids} → {ids}', { body: deleteSchema }) }, del);

  app.post(
    paths.message('update_field'),
    { config: perm('update_field'), schema: doc(TAG, 'Manage: change one field of a message: type or level', { body: updateFieldSchema }) },
    async (req) => {
      const updated = await updateField(db, def, parse(updateFieldSchema, input(req)), authOf(req), actorOf(req), req.lang);
      await publish({ kind: 'unread', user_id: (updated.recipient_id as number | null) ?? null });
      return ok(updated);
    },
  );

  app.get(
    paths.message('get_message_list'),
    {
      config: MINE,
      schema: doc(TAG, "Mine: the caller's own messages (addressed to them or to everyone), newest first. page, limit (≤100), read (1 read / 0 unread), type, q", {
        querystring: myMessageListSchema,
        returns: '{list: [{id, title, content, type, level, link, sender_name, broadcast, read, read_at, created_at}], total, unread}',
      }),
    },
    async (req) => {
      const auth = authOf(req);
      const q = parse(myMessageListSchema, req.query);
      return ok(await listMine(db, auth.userId, { ...q, read: q.read ?? undefined, lang: req.lang }));
    },
  );

  app.post(
    paths.message('get_notify'),
    {
      config: { ...MINE, refs: { ids: 'own' } },
      schema: doc(
        TAG,
        `Mine, for the top-bar bell: optionally mark ids read (ids of other people's messages are ignored), then return the unread count and the latest \`limit\` (default ${NOTIFY_DEFAULT_LIMIT}) messages not cleared`,
        { body: notifySchema, returns: '{unread, list, marked}' },
      ),
    },
    async (req) => {
      const auth = authOf(req);
      const body = parse(notifySchema, input(req) ?? {});
      const marked = body.ids?.length ? await markRead(db, auth.userId, body.ids) : 0;
      if (marked) await publish({ kind: 'unread', user_id: auth.userId });
      return ok({ ...(await notifyList(db, auth.userId, body.limit ?? NOTIFY_DEFAULT_LIMIT, req.lang)), marked });
    },
  );

  app.get(
    paths.message('clear_all_meg'),
    { config: MINE, schema: doc(TAG, "Mine: mark all the caller's messages read and clear them from the bell (they stay in the message centre, read) → {cleared, unread: 0}") },
    async (req) => {
      const auth = authOf(req);
      const cleared = await clearAll(db, auth.userId);
      if (cleared) await publish({ kind: 'unread', user_id: auth.userId });
      return ok({ cleared, unread: 0 });
    },
  );
}
