import { MENU_QUICK_FIELDS, VIEW_COMPONENTS, LAYOUT_COMPONENT, MENU_TREE_PERMISSIONS, menuIndexQuerySchema, updateFieldSchema } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, forbidden, ok } from '../../http/errors.ts';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, mutate } from '../../resources/service.ts';
import { can } from '../auth/context.ts';
import { ALL_PERMISSIONS } from '../auth/permissions.ts';
import { MENU_QUICK_SCHEMAS, menuResource, quickChange, quickValue } from './resource.ts';
import { checkList, contextOfUser, filterTree, loadMenuTree, toServerRoutes, visibleTree, withoutHidden } from './tree.ts';

export function menuRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  app.get(
    '/api/system/menu/index',
    {
      config: { permission: '' },
      schema: doc(
        'menu',
        'The route tree (SPEC.md §2 dynamic menu; meta flags as 1/0). No parameters: the tree the caller may see (permission, identity and status filtered). ' +
          'all=1: every entry incl. disabled, with id/parent_id/sort/permission/status/version (needs menu:index). admin_id=<user>: the tree that user sees (needs menu:index). ' +
          'hide=1: without hidden entries. filter=<keyword>: entries whose title/path/name contains it, with their ancestors. filter_checkout=1: a flat list {id,parent_id,name,path,full_path,title,depth,status}.',
        { querystring: menuIndexQuerySchema, returns: 'ServerRoute[] | MenuRecord[] (all=1) | MenuCheckItem[] (filter_checkout=1)' },
      ),
    },
    async (req) => {
      const q = parse(menuIndexQuerySchema, req.query);
      const auth = authOf(req);
      if ((q.all || q.admin_id !== undefined) && !can(auth, 'menu:index')) throw forbidden('menu:index');
      let tree = await loadMenuTree(db);
      if (!q.all) {
        const who = q.admin_id !== undefined ? await contextOfUser(db, q.admin_id) : auth;
        if (!who) throw new ApiError(404, 'error.menu_user_not_found', { id: q.admin_id });
        tree = visibleTree(who, tree);
      }
      if (q.hide) tree = withoutHidden(tree);
      if (q.filter) tree = filterTree(tree, q.filter);
      if (q.filter_checkout) return ok(checkList(tree));
      return ok(q.all ? tree : toServerRoutes(tree));
    },
  );

  app.get(
    '/api/system/menu/options',
    {
      config: { permission: 'menu:index' },
      schema: doc('menu', 'Choices of the menu form: components (Layout + view keys) and permission codes', {
        returns: '{components: string[], permissions: string[], quick_fields: string[]}',
      }),
    },
    async () =>
      ok({
        components: [LAYOUT_COMPONENT, ...VIEW_COMPONENTS],
        permissions: [...new Set([...ALL_PERMISSIONS, ...MENU_TREE_PERMISSIONS])].sort(),
        quick_fields: [...MENU_QUICK_FIELDS],
      }),
  );

  resourceRoutes(app, deps, menuResource);

  app.post(
    '/api/system/menu/update_field',
    {
      config: { permission: 'menu:update_field' },
      schema: doc('menu', `Change one field of an entry: ${MENU_QUICK_FIELDS.join(', ')} (flags 1/0; parent_id moves it, checked for cycles)`, {
        body: updateFieldSchema,
      }),
    },
    async (req) => {
      const body = parse(updateFieldSchema, input(req));
      const value = quickValue(MENU_QUICK_SCHEMAS, body);
      const auth = authOf(req);
      const updated = await mutate(db, menuResource, body.id, null, auth, actorOf(req), 'update_field', (before, tx) => quickChange(tx, before, body.field, value));
      return ok(await getRecord(db, menuResource, updated.id as number, auth, req.lang));
    },
  );
}
