import { MatterChannel, MatterStatus, MatterType, matterCreateSchema, matterEditSchema } from '@pv/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { customers, matters, stations } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { recordTransition } from '../../lifecycle/engine.ts';
import { NUMBER_PREFIX, nextNumber } from '../../lifecycle/numbers.ts';
import { defineResource, range, filterValue } from '../../resources/define.ts';
import type { FileService } from '../file/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';
import { ownershipScope } from '../scope.ts';
import { illegalMatterAction } from './labels.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';


type Row = Record<string, unknown>;

/**
 * The station and customer of a matter must agree: a station given alone brings its customer, a
 * station given with a customer must belong to that customer. Agent and province come from the
 * station, else from the customer (so the lists filter and scope on the matters table alone).
 */
export async function resolveParties(tx: Queryable, stationId: number | null | undefined, customerId: number | null | undefined) {
  let station: { id: number; code: string; customer_id: number | null; agent_id: number | null; province_code: string } | undefined;
  if (stationId != null) {
    [station] = await tx
      .select({ id: stations.id, code: stations.code, customer_id: stations.customer_id, agent_id: stations.agent_id, province_code: stations.province_code })
      .from(stations)
      .where(eq(stations.id, stationId));
    if (!station) throw new ApiError(400, 'error.matter_station_not_found', { id: stationId });
    if (customerId != null && station.customer_id !== customerId) throw new ApiError(400, 'error.matter_station_customer', { code: station.code });
  }
  const wantedCustomer = customerId ?? station?.customer_id ?? null;
  let customer: { id: number; agent_id: number | null; province_code: string } | undefined;
  if (wantedCustomer != null) {
    [customer] = await tx.select({ id: customers.id, agent_id: customers.agent_id, province_code: customers.province_code }).from(customers).where(eq(customers.id, wantedCustomer));
    if (!customer) throw new ApiError(400, 'error.matter_customer_not_found', { id: wantedCustomer });
  }
  return {
    station_id: station?.id ?? null,
    customer_id: customer?.id ?? null,
    agent_id: station ? station.agent_id : (customer?.agent_id ?? null),
    province_code: station ? station.province_code : (customer?.province_code ?? null),
  };
}

/** Read-only columns of the lists and the detail page. */
const extraColumns = {
  customer_name: sql<string | null>`(select c.name from customers c where c.id = "matters"."customer_id")`,
  station_code: sql<string | null>`(select s.code from stations s where s.id = "matters"."station_id")`,
  handler_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = "matters"."handler_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = "matters"."agent_id")`,
  reply_count: sql<number>`(select count(*)::int from matter_replies r where r.matter_id = "matters"."id")`,
  last_reply_at: sql<Date | string | null>`(select max(r.created_at) from matter_replies r where r.matter_id = "matters"."id")`,
};

/**
 * /api/system/matter/*: 光E宝 matters. The generic index/get_info/add/edit/del with the lifecycle
 * actions beside them (actions.ts). `files` binds uploaded attachments on create.
 */
/** agent tree / department / self = created it or handles it */
const matterScope = (auth: AuthContext) => ownershipScope(auth, { agent: matters.agent_id, createdBy: matters.created_by, owner: matters.handler_id });

/** What the matter lifecycle needs of the resource (its table and data scope), without the file service the full declaration takes. */
export const matterRecords = { name: 'matter', table: matters, scope: matterScope };

export function matterResourceOf(files: FileService) {
  return defineResource({
    name: 'matter',
    permission: 'matter',
    table: matters,
    ops: ['index', 'get_info', 'add', 'edit', 'del'],
    createSchema: matterCreateSchema,
    editSchema: matterEditSchema,
    sorts: {
      id: matters.id,
      matter_no: matters.matter_no,
      created_at: matters.created_at,
      updated_at: matters.updated_at,
      status: matters.status,
      type: matters.type,
      channel: matters.channel,
      assigned_at: matters.assigned_at,
      handled_at: matters.handled_at,
      satisfaction: matters.satisfaction,
    },
    defaultSort: { field: 'created_at', order: 'DESC' },
    filters: {
      id: { column: matters.id, op: 'eq', schema: filterValue.id, multi: true },
      type: { column: matters.type, op: 'eq', schema: filterValue.enumOf(MatterType.values), multi: true },
      status: { column: matters.status, op: 'eq', schema: filterValue.enumOf(MatterStatus.values), multi: true },
      channel: { column: matters.channel, op: 'eq', schema: filterValue.enumOf(MatterChannel.values), multi: true },
      station_id: { column: matters.station_id, op: 'eq', schema: filterValue.id },
      customer_id: { column: matters.customer_id, op: 'eq', schema: filterValue.id },
      agent_id: { column: matters.agent_id, op: 'eq', schema: filterValue.id, multi: true },
      handler_id: { column: matters.handler_id, op: 'eq', schema: filterValue.id, multi: true },
      province_code: { column: matters.province_code, op: 'eq', schema: z.string().max(6), multi: true },
      ...range('created_at', matters.created_at, filterValue.date),
    },
    search: [matters.matter_no, matters.title, matters.contact_phone],
    quickFields: {},
    scope: matterScope,
    extraColumns,
    present: (row) => plainRow(row),
    async prepareCreate(input, { auth, tx }) {
      const { file_ids: _files, ...values } = input;
      const parties = await resolveParties(tx, input.station_id as number | null | undefined, input.customer_id as number | null | undefined);
      return {
        ...values,
        ...parties,
        matter_no: await nextNumber(tx, NUMBER_PREFIX.matter),
        status: 'pending',
        created_by: auth.userId,
      };
    },
    async afterCreate(created, input, { auth, tx }) {
      await files.attach(tx, (input.file_ids as number[] | undefined) ?? [], 'matter', created.id as number, auth);
      await recordTransition(tx, { userId: auth.userId, username: auth.username, ip: null }, {
        entity: 'matter',
        entityId: created.id as number,
        action: 'add',
        from: null,
        to: 'pending',
        data: { channel: created.channel },
      });
      await raiseWorkflowEvent(tx, 'matter.created', created.id as number, { userId: auth.userId, username: auth.username, ip: null });
    },
    async prepareEdit(input: Row, before: Row) {
      // a closed or rejected matter keeps what it said when it was handled
      if (before.status === 'closed' || before.status === 'rejected') throw illegalMatterAction(before.status as string, 'edit');
      return input;
    },
  });
}

export type MatterResource = ReturnType<typeof matterResourceOf>;
