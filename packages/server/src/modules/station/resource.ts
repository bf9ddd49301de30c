import { GridMode, GridVoltage, StationStatus, stationCreateSchema, stationEditSchema } from '@pv/contract';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { customers, products, stationCounts, stationCountsRegion, stations, workOrders } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { NUMBER_PREFIX, nextNumber } from '../../lifecycle/numbers.ts';
import { defineResource, range, filterValue, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { checkRegion } from '../customer/resource.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, ownershipScope } from '../scope.ts';


/**
 * Stations a caller may see: the usual agent / department / self scope; with the self scope also
 * the stations of work orders dispatched to the caller (a team member reads the station it builds).
 */
export function stationScope(auth: AuthContext) {
  const base = ownershipScope(auth, { agent: stations.agent_id, createdBy: stations.created_by });
  if (auth.scope !== 'self') return base;
  return sql`(${base} or ${stations.id} in (select w.station_id from work_orders w where w.team_id = ${auth.userId}))`;
}

const extraColumns = {
  customer_name: sql<string | null>`(select c.name from customers c where c.id = "stations"."customer_id")`,
  customer_phone: sql<string | null>`(select c.phone from customers c where c.id = "stations"."customer_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = "stations"."agent_id")`,
  product_name: sql<string | null>`(select p.name from products p where p.id = "stations"."product_id")`,
  doc_count: sql<number>`(select count(*)::int from files f where f.owner_type = 'station_doc' and f.owner_id = "stations"."id")`,
};

/** A station's customer must exist and be formal (signed); region and agent come from it when not given. */
async function customerOf(tx: Queryable, customerId: number) {
  const [c] = await tx
    .select({ id: customers.id, name: customers.name, stage: customers.stage, agent_id: customers.agent_id, province_code: customers.province_code, city_code: customers.city_code, district_code: customers.district_code, address: customers.address, lng: customers.lng, lat: customers.lat })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!c) throw new ApiError(400, 'error.station_customer_not_found', { id: customerId });
  if (c.stage !== 'formal') throw new ApiError(400, 'error.station_customer_not_formal', { name: c.name });
  return c;
}

/** /api/system/station/*: the generic index/get_info/add/edit/del; the lifecycle actions are in actions.ts. */
export const stationResource = defineResource({
  name: 'station',
  permission: 'station',
  table: stations,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: stationCreateSchema,
  editSchema: stationEditSchema,
  sorts: {
    id: stations.id,
    code: stations.code,
    name: stations.name,
    capacity_kwp: stations.capacity_kwp,
    status: stations.status,
    province_code: stations.province_code,
    created_at: stations.created_at,
    updated_at: stations.updated_at,
    grid_at: stations.grid_at,
    status_at: stations.status_at,
    // the list's joined columns (no index: sorted per request; the default stays created_at)
    customer_name: sortBy(extraColumns.customer_name),
    agent_name: sortBy(extraColumns.agent_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: stations.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: stations.status, op: 'eq', schema: filterValue.enumOf(StationStatus.values), multi: true },
    frozen: { column: stations.frozen, op: 'eq', schema: filterValue.bool },
    province_code: { column: stations.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: stations.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: stations.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    agent_id: { column: stations.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    customer_id: { column: stations.customer_id, op: 'eq', schema: filterValue.id, multi: true },
    product_id: { column: stations.product_id, op: 'eq', schema: filterValue.id },
    grid_mode: { column: stations.grid_mode, op: 'eq', schema: filterValue.enumOf(GridMode.values) },
    grid_voltage: { column: stations.grid_voltage, op: 'eq', schema: filterValue.enumOf(GridVoltage.values) },
    ...range('capacity_kwp', stations.capacity_kwp, filterValue.number),
    ...range('created_at', stations.created_at, filterValue.date),
    ...range('grid_at', stations.grid_at, filterValue.date),
  },
  search: [stations.code, stations.name, stations.address],
  counters: agentRegionCounters(
    { table: stationCountsRegion, n: stationCountsRegion.n, columns: { status: stationCountsRegion.status, province_code: stationCountsRegion.province_code, frozen: stationCountsRegion.frozen } },
    { table: stationCounts, n: stationCounts.n, columns: { status: stationCounts.status, province_code: stationCounts.province_code, frozen: stationCounts.frozen }, agent: stationCounts.agent_id },
  ),
  quickFields: {},
  scope: stationScope,
  extraColumns,
  present: (row) => plainRow(row),
  async prepareCreate(input, { auth, tx }) {
    const c = await customerOf(tx, input.customer_id as number);
    if (input.product_id != null) {
      const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.product_id as number));
      if (!p) throw new ApiError(400, 'error.station_product_not_found', { id: input.product_id });
    }
    const fromCustomer = input.province_code == null;
    if (!fromCustomer) await checkRegion(input);
    return {
      ...input,
      province_code: input.province_code ?? c.province_code,
      city_code: fromCustomer ? c.city_code : (input.city_code ?? null),
      district_code: fromCustomer ? c.district_code : (input.district_code ?? null),
      address: input.address ?? c.address,
      lng: input.lng ?? c.lng,
      lat: input.lat ?? c.lat,
      agent_id: c.agent_id,
      code: await nextNumber(tx, NUMBER_PREFIX.station),
      status: 'survey_pending',
      status_at: new Date(),
      created_by: auth.userId,
    };
  },
  async prepareEdit(input, before, { tx }) {
    await checkRegion(input, before);
    if (input.product_id != null) {
      const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.product_id as number));
      if (!p) throw new ApiError(400, 'error.station_product_not_found', { id: input.product_id });
    }
    return input;
  },
  async beforeDelete(rows, { tx }) {
    for (const r of rows) {
      const [n] = await tx.select({ n: count() }).from(workOrders).where(eq(workOrders.station_id, r.id as number));
      if (Number(n?.n ?? 0) > 0) throw new ApiError(400, 'error.station_in_use', { code: r.code, orders: n!.n });
    }
  },
});
