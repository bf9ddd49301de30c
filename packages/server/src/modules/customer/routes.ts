import { customerConvertSchema, customerLoseSchema, followUpCreateSchema } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { historyRoutes } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import { addFollowUp, convert, listFollowUps, lose, maskLogged, survey, surveySchema } from './actions.ts';
import { customerExcelRoutes } from './excel.ts';
import { customerExtraRoutes } from './extras.ts';
import { customerResource } from './resource.ts';

/** /api/system/customer/*: the generic routes plus the lifecycle actions. */
export function customerRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  resourceRoutes(app, deps, customerResource);
  customerExcelRoutes(app, deps);
  customerExtraRoutes(app, deps);
  const base = '/api/system/customer';
  const present = async (id: number, req: Parameters<typeof authOf>[0]) => getRecord(db, customerResource, id, authOf(req), req.lang);

  app.post(
    `${base}/follow_up`,
    { config: { permission: 'customer:follow_up' }, schema: doc('customer', 'Add a follow-up record (status new → following)', { body: followUpCreateSchema }) },
    async (req) => ok(await addFollowUp(db, req.body ?? {}, authOf(req), actorOf(req))),
  );
  app.get(
    `${base}/follow_ups`,
    {
      config: { permission: 'customer:get_info' },
      schema: doc('customer', 'Follow-up records of a customer, newest first → {list,total}', { querystring: z.object({ customer_id: z.number() }) }),
    },
    async (req) => ok(await listFollowUps(db, req.query, authOf(req))),
  );
  app.post(
    `${base}/survey`,
    { config: { permission: 'customer:survey' }, schema: doc('customer', 'Mark as surveyed (new/following → surveyed)', { body: surveySchema }) },
    async (req) => ok(await present((await survey(db, req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/convert`,
    { config: { permission: 'customer:convert' }, schema: doc('customer', 'Convert an intentional customer to formal (keeps id and history)', { body: customerConvertSchema }) },
    async (req) => ok(await present((await convert(db, req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/lose`,
    { config: { permission: 'customer:lose' }, schema: doc('customer', 'Mark as lost, with a reason', { body: customerLoseSchema }) },
    async (req) => ok(await present((await lose(db, req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  historyRoutes(app, deps, customerResource, { entity: 'customer', mask: maskLogged });
}
