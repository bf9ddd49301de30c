import { PERIOD_PATTERN, RevenueActualSource, regionName, tariffCreateSchema, tariffEditSchema } from '@pv/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { revenues, revenueSettings, statRevenueMonthly, statRevenueRegionMonthly, stations, tariffs } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t as translateKey } from '../../http/messages.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import { keywordMatch } from '../../resources/query.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, agentTree } from '../scope.ts';
import { stationScope } from '../station/resource.ts';

type Row = Record<string, unknown>;

const periodValue = z.string().regex(PERIOD_PATTERN, { error: 'validation.period' });

/** actual ÷ estimate to 4 decimals (null without an estimate). */
export const ratioSql = (kwh: SQL, est: SQL) => sql`case when ${est} > 0 then round(${kwh} / ${est}, 4) end`;
/** below the threshold, compared exactly: actual × 100 < pct × estimate */
export const underSql = (kwh: SQL, est: SQL, pct: SQL) => sql`(${est} > 0 and ${kwh} * 100 < ${pct} * ${est})`;
/** the threshold as a scalar subquery */
export const THRESHOLD = sql`(select underperform_pct from revenue_settings where id = 1)`;

export async function threshold(tx: Queryable) {
  const [row] = await tx.select().from(revenueSettings);
  return row ?? { id: 1, underperform_pct: '80.0', version: 1, updated_by: null, updated_at: new Date() };
}

/**
 * Revenue rows a caller may see: all; the agent tree; department and self = the stations they may
 * see (stationScope), since nobody creates a revenue row by hand.
 */
export function revenueScope(auth: AuthContext): SQL | undefined {
  switch (auth.scope) {
    case 'all':
      return undefined;
    case 'agent':
      return auth.agentId === null ? sql`false` : sql`${revenues.agent_id} in ${agentTree(auth.agentId)}`;
    default:
      return sql`${revenues.station_id} in (select ${stations.id} from ${stations} where ${stationScope(auth)})`;
  }
}

const R = '"revenues"';
const extraColumns = {
  station_code: sql<string | null>`(select s.code from stations s where s.id = ${sql.raw(R)}."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = ${sql.raw(R)}."station_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = ${sql.raw(R)}."agent_id")`,
  maintenance_no: sql<string | null>`(select m.order_no from maintenance_orders m where m.id = ${sql.raw(R)}."maintenance_id")`,
  maintenance_status: sql<string | null>`(select m.status from maintenance_orders m where m.id = ${sql.raw(R)}."maintenance_id")`,
};

const counterColumns = (t: typeof statRevenueRegionMonthly | typeof statRevenueMonthly) => ({
  period: t.period,
  period_gte: t.period,
  period_lte: t.period,
  province_code: t.province_code,
  city_code: t.city_code,
  settled: t.settled,
  under_performing: t.under_performing,
});

/** /api/system/revenue/*: index / get_info; actuals change only through the import and the correct action. */
export const revenueResource = defineResource({
  name: 'revenue',
  permission: 'revenue',
  table: revenues,
  ops: ['index', 'get_info'],
  sorts: {
    id: revenues.id,
    period: revenues.period,
    estimated_kwh: revenues.estimated_kwh,
    estimated_amount: revenues.estimated_amount,
    actual_kwh: revenues.actual_kwh,
    actual_amount: revenues.actual_amount,
    ratio: revenues.ratio,
    capacity_kwp: revenues.capacity_kwp,
    settled_at: revenues.settled_at,
    station_code: sortBy(extraColumns.station_code),
    agent_name: sortBy(extraColumns.agent_name),
  },
  defaultSort: { field: 'period', order: 'DESC' },
  filters: {
    id: { column: revenues.id, op: 'eq', schema: filterValue.id, multi: true },
    station_id: { column: revenues.station_id, op: 'eq', schema: filterValue.id, multi: true },
    period: { column: revenues.period, op: 'eq', schema: periodValue, multi: true },
    ...range('period', revenues.period, periodValue),
    province_code: { column: revenues.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: revenues.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: revenues.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    agent_id: { column: revenues.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    settled: { column: revenues.settled, op: 'eq', schema: filterValue.bool },
    under_performing: { column: revenues.under_performing, op: 'eq', schema: filterValue.bool },
    actual_source: { column: revenues.actual_source, op: 'eq', schema: filterValue.enumOf(RevenueActualSource.values) },
    meter_no: { column: revenues.meter_no, op: 'eq', schema: z.string().max(32) },
    // the station's code (its start or end), name (contains) or meter number (exact): through the
    // stations' own search indexes (keywordMatch), then revenues by station — never a scan of the revenue rows
    keyword: {
      column: revenues.station_id,
      op: 'eq',
      schema: z.string().trim().min(1).max(64),
      where: ([v]) => {
        const q = String(v);
        return sql`${revenues.station_id} in (select ${stations.id} from ${stations} where ${keywordMatch(stations.code, q)} or ${stations.meter_no} = ${q} or ${keywordMatch(stations.name, q)})`;
      },
    },
  },
  search: [],
  counters: agentRegionCounters(
    { table: statRevenueRegionMonthly, n: statRevenueRegionMonthly.n, columns: counterColumns(statRevenueRegionMonthly) },
    { table: statRevenueMonthly, n: statRevenueMonthly.n, columns: counterColumns(statRevenueMonthly), agent: statRevenueMonthly.agent_id },
  ),
  quickFields: {},
  scope: revenueScope,
  extraColumns,
  present: (row) => plainRow(row),
});

/**
 * /api/system/tariff/*: the provinces' benchmark prices. Shared reference data (no data scope);
 * overlapping periods of a province are refused by the database (tariffs_no_overlap) and reported
 * with the period they overlap.
 */
export const tariffResource = defineResource({
  name: 'tariff',
  permission: 'tariff',
  table: tariffs,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: tariffCreateSchema,
  editSchema: tariffEditSchema,
  sorts: { id: tariffs.id, province_code: tariffs.province_code, effective_from: tariffs.effective_from, price: tariffs.price, updated_at: tariffs.updated_at },
  defaultSort: { field: 'province_code', order: 'ASC' },
  filters: {
    id: { column: tariffs.id, op: 'eq', schema: filterValue.id, multi: true },
    province_code: { column: tariffs.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    // in force on a day: effective_from ≤ day ≤ effective_to (or open)
    active_on: {
      column: tariffs.effective_from,
      op: 'eq',
      schema: filterValue.day,
      where: ([d]) => sql`(${tariffs.effective_from} <= ${d}::date and (${tariffs.effective_to} is null or ${tariffs.effective_to} >= ${d}::date))`,
    },
  },
  search: [],
  quickFields: {},
  scope: () => undefined,
  extraColumns: {
    used: sql<number>`(select count(*)::int from revenues r where r.tariff_id = "tariffs"."id")`,
  },
  present: (row) => plainRow(row),
  async prepareCreate(input: Row, ctx) {
    await refuseOverlap(ctx.tx, input, null);
    return { ...input, created_by: ctx.auth.userId };
  },
  async prepareEdit(input: Row, before: Row, ctx) {
    // estimates keep the price and hours they used: a tariff in use changes only its end (not before
    // the last month it priced) and its remark; a new price is a new tariff from the next month
    const [use] = await query<{ n: number; last: string | null }>(ctx.tx, sql`select count(*)::int as n, max(period) as last from revenues where tariff_id = ${before.id as number}`);
    if (Number(use?.n ?? 0) > 0) {
      const changed = ['province_code', 'price', 'effective_from', 'utilisation_hours'].filter((k) => k in input && String(input[k] ?? '') !== String(before[k] ?? ''));
      if (changed.length) throw tariffError('error.tariff_in_use_edit', before, { n: Number(use!.n) });
      const to = input.effective_to as string | null | undefined;
      if (to && use!.last && to < `${use!.last}-28`) throw tariffError('error.tariff_end_before_used', before, { month: use!.last });
    }
    await refuseOverlap(ctx.tx, { ...before, ...input }, before.id as number);
    return input;
  },
  async beforeDelete(rows: Row[], ctx) {
    for (const r of rows) {
      const [u] = await query<{ n: number }>(ctx.tx, sql`select count(*)::int as n from revenues where tariff_id = ${r.id as number}`);
      if (Number(u?.n ?? 0) > 0) throw tariffError('error.tariff_in_use', r, { n: Number(u!.n) });
    }
  },
});

const tariffError = (key: string, r: Row, extra: Record<string, unknown> = {}) =>
  new ApiError(400, key, { ...extra, province: r.province_code, from: r.effective_from }, (lang) => {
    const msgs = { zh: '至今', en: 'open end' };
    const params = { ...extra, province: regionName(String(r.province_code), lang), from: r.effective_from, to: r.effective_to ?? msgs[lang] };
    return translateKey(key, lang, params);
  });

/**
 * Names the period a new or changed tariff would overlap (a clear message before the insert); the
 * exclusion constraint still decides under concurrency (app.ts maps its 23P01 to the same 400).
 */
async function refuseOverlap(tx: Queryable, v: Row, self: number | null) {
  const to = (v.effective_to as string | null | undefined) ?? null;
  const [hit] = await query<Row>(
    tx,
    sql`select province_code, effective_from::text as effective_from, effective_to::text as effective_to from tariffs
        where province_code = ${v.province_code as string} and ${self === null ? sql`true` : sql`id <> ${self}`}
          and daterange(effective_from, effective_to, '[]') && daterange(${v.effective_from as string}::date, ${to}::date, '[]')
        order by effective_from limit 1`,
  );
  if (hit) throw tariffError('error.tariff_overlap', hit);
}

export { tariffError };
