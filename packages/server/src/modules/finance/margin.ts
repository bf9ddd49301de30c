import { type Lang, LeaseStatus, MARGIN_WALK, regionName, type RentMargin, type RentMarginRow, rentMarginSchema } from '@pv/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import type { CellStyle, CellValue } from '../../excel/xlsx.ts';
import { parse } from '../../http/validate.ts';
import type { AuthContext } from '../auth/context.ts';
import { chinaDate } from '../inspection/generate.ts';
import { leaseContractResource } from '../lease/resource.ts';
import { agentTree } from '../scope.ts';
import { checkAgentFilter, monthLastDay, monthRange, shiftMonth } from './report.ts';

/**
 * 收益与租金 per leased station (rent_bill/margin): one row per lease contract that bills (履行中,
 * 已到期, 已终止), newest first, paged over the contracts' own indexes ((created_at, id), (province,
 * created_at, id), (city, …), (agent, …)). For the rows of a page only: the station's revenue months
 * inside the range and inside the contract's days (unique (station_id, period)), and the contract's
 * bills due in the range (unique (contract_id, period)) — a page reads its 20 contracts' rows, never
 * the revenue or bill tables as a whole. The total comes from the contract counters
 * (lease_contract_counts*), or counts the scoped contracts for department and self scopes.
 *
 * "Rent above revenue" is judged per contract while walking in that order: a request reads at most
 * MARGIN_WALK contracts from its cursor and stops at a full page, and says where the next one goes on
 * (`next_cursor`; the total is not known: `total` null). So a request costs at most a window of
 * contracts however rare the flag is — docs/DECISIONS.md "Finance reports".
 */
const BILLING = sql`('active', 'expired', 'terminated')`;

type Input = z.output<typeof rentMarginSchema>;
export interface MarginPlan {
  input: Input;
  gte: string;
  lte: string;
  /** conditions over lease_contracts (not aliased: the resource's scope names its columns) */
  where: SQL;
  /** the select list and joins for a contract row with its revenue and rent */
  from: SQL;
  flag: SQL;
}

export async function planMargin(db: Db, raw: unknown, auth: AuthContext, now = new Date()): Promise<MarginPlan> {
  const input = parse(rentMarginSchema, raw ?? {});
  const last = shiftMonth(chinaDate(now).slice(0, 7), 1);
  const [gte, lte] = monthRange(input.month_gte, input.month_lte, () => [shiftMonth(last, 11), last]);
  await checkAgentFilter(db, auth, input.agent_id);
  const conds: SQL[] = [sql`lease_contracts.status in ${BILLING}`];
  const scope = leaseContractResource.scope?.(auth);
  if (scope) conds.push(scope);
  if (input.province_code) conds.push(sql`lease_contracts.province_code = ${input.province_code}`);
  if (input.city_code) conds.push(sql`lease_contracts.city_code = ${input.city_code}`);
  if (input.agent_id) conds.push(sql`lease_contracts.agent_id = ${input.agent_id}::int`);
  const from = sql`
    from lease_contracts
    cross join lateral (
      select count(*)::int as months, (count(*) filter (where r.settled))::int as settled_months,
             coalesce(sum(r.estimated_amount), 0) as estimated_amount,
             coalesce(sum(r.actual_amount) filter (where r.settled), 0) as actual_amount,
             coalesce(sum(case when r.settled then r.actual_amount else coalesce(r.estimated_amount, 0) end), 0) as revenue
      from revenues r
      where r.station_id = lease_contracts.station_id and r.period >= ${gte} and r.period <= ${lte}
        and r.period >= to_char(lease_contracts.start_date, 'YYYY-MM') and r.period <= to_char(coalesce(lease_contracts.terminate_date, lease_contracts.end_date), 'YYYY-MM')) rv
    cross join lateral (
      select count(*)::int as bills, coalesce(sum(b.amount_payable), 0) as rent_payable,
             coalesce(sum(b.amount_payable) filter (where b.status = 'paid'), 0) as rent_paid
      from rent_bills b
      where b.contract_id = lease_contracts.id and b.status <> 'cancelled' and b.due_date >= ${`${gte}-01`}::date and b.due_date <= ${monthLastDay(lte)}::date) rb`;
  // no alias: the resource's scope names the table's columns
  const where = sql.join(conds, sql` and `);
  return { input, gte, lte, where: sql`${where}`, from, flag: sql`rb.rent_payable > rv.revenue` };
}

const SELECT = sql`
  select lease_contracts.id as contract_id, lease_contracts.contract_no, lease_contracts.status as contract_status, lease_contracts.station_id,
         (select s.code from stations s where s.id = lease_contracts.station_id) as station_code,
         (select s.name from stations s where s.id = lease_contracts.station_id) as station_name,
         (select c.name from customers c where c.id = lease_contracts.customer_id) as customer_name,
         lease_contracts.agent_id, (select a.name from agents a where a.id = lease_contracts.agent_id) as agent_name,
         lease_contracts.province_code, lease_contracts.city_code,
         rv.months, rv.settled_months, rv.estimated_amount::numeric(20,2)::text as estimated_amount, rv.actual_amount::numeric(20,2)::text as actual_amount,
         rv.revenue::numeric(20,2)::text as revenue, rb.bills, rb.rent_payable::numeric(20,2)::text as rent_payable, rb.rent_paid::numeric(20,2)::text as rent_paid,
         (rv.revenue - rb.rent_payable)::numeric(20,2)::text as margin,
         lease_contracts.created_at::text as __key`;

/** The total of the list without the flag: the contract counters (all / agent scopes), else a count. */
async function total(db: Db, plan: MarginPlan, auth: AuthContext): Promise<number> {
  const { input } = plan;
  const conds: SQL[] = [sql`x.status in ${BILLING}`];
  if (input.province_code) conds.push(sql`x.province_code = ${input.province_code}`);
  if (input.city_code) conds.push(sql`x.city_code = ${input.city_code}`);
  if (input.agent_id) conds.push(sql`x.agent_id = ${input.agent_id}::int`);
  if (auth.scope === 'all' || auth.scope === 'agent') {
    if (auth.scope === 'agent') conds.push(auth.agentId === null ? sql`false` : sql`x.agent_id in ${agentTree(auth.agentId)}`);
    const table = sql.raw(auth.scope === 'all' && !input.agent_id ? 'lease_contract_counts_region' : 'lease_contract_counts');
    const [r] = await query<{ n: number }>(db, sql`select coalesce(sum(x.n), 0)::bigint::int as n from ${table} x where ${sql.join(conds, sql` and `)}`);
    return Number(r?.n ?? 0);
  }
  const [r] = await query<{ n: number }>(db, sql`select count(*)::int as n from lease_contracts where ${plan.where}`);
  return Number(r?.n ?? 0);
}

const strip = (rows: (RentMarginRow & { __key?: string })[]) => rows.map(({ __key: _, ...r }) => r as RentMarginRow);

export async function rentMargin(db: Db, raw: unknown, auth: AuthContext, now = new Date()): Promise<RentMargin> {
  const plan = await planMargin(db, raw, auth, now);
  const limit = plan.input.limit ?? 20;
  const page = plan.input.page ?? 1;
  const order = sql`order by lease_contracts.created_at desc, lease_contracts.id desc`;
  if (plan.input.rent_above_revenue !== true) {
    // the page's contracts first (an index walk), then revenue and rent for those alone: joined before
    // the sort, an agent's thousand contracts each summed their months to keep twenty (0.8 s at 2 M)
    const pageIds = sql`select lease_contracts.id from lease_contracts where ${plan.where} ${order} limit ${limit + 1}::int offset ${(page - 1) * limit}::int`;
    const rows = await query<RentMarginRow & { __key?: string }>(db, sql`${SELECT} ${plan.from} where lease_contracts.id in (${pageIds}) ${order}`);
    return { month_gte: plan.gte, month_lte: plan.lte, list: strip(rows.slice(0, limit)), total: await total(db, plan, auth), has_more: rows.length > limit, next_cursor: null, walked: 0 };
  }
  // the flag: walk at most MARGIN_WALK contracts from the cursor (the contracts' own index order),
  // judge each, stop at a full page; the reply says where to go on
  const at = plan.input.cursor ? splitCursor(plan.input.cursor) : null;
  const after = at ? sql` and (lease_contracts.created_at, lease_contracts.id) < (${at.key}::timestamptz, ${at.id}::int)` : sql``;
  const [w] = await query<{ n: number; key: string | null; id: number | null }>(
    db,
    sql`with w as (select lease_contracts.id, lease_contracts.created_at from lease_contracts where ${plan.where}${after} ${order} limit ${MARGIN_WALK}::int)
        select (select count(*)::int from w) as n, x.created_at::text as key, x.id from (select * from w order by created_at, id limit 1) x right join (select 1) one on true`,
  );
  const walkedAll = Number(w?.n ?? 0);
  if (!walkedAll || !w?.key) return { month_gte: plan.gte, month_lte: plan.lte, list: [], total: null, has_more: false, next_cursor: null, walked: 0 };
  const rows = await query<RentMarginRow & { __key: string }>(
    db,
    sql`${SELECT} ${plan.from} where ${plan.where}${after} and (lease_contracts.created_at, lease_contracts.id) >= (${w.key}::timestamptz, ${w.id}::int) and ${plan.flag}
        ${order} limit ${limit + 1}::int`,
  );
  if (rows.length > limit) {
    const last = rows[limit - 1]!;
    return { month_gte: plan.gte, month_lte: plan.lte, list: strip(rows.slice(0, limit)), total: null, has_more: true, next_cursor: `${last.__key}_${last.contract_id}`, walked: walkedAll };
  }
  const more = walkedAll >= MARGIN_WALK;
  return { month_gte: plan.gte, month_lte: plan.lte, list: strip(rows), total: null, has_more: more, next_cursor: more ? `${w.key}_${w.id}` : null, walked: walkedAll };
}

const splitCursor = (cursor: string) => {
  const i = cursor.lastIndexOf('_');
  return { key: cursor.slice(0, i), id: Number(cursor.slice(i + 1)) };
};

/** Every row of the list (the page and limit ignored), in keyset batches of 1,000. */
export async function* marginBatches(db: Db, plan: MarginPlan): AsyncGenerator<RentMarginRow[]> {
  const flagged = plan.input.rent_above_revenue === true;
  let cursor: { key: string; id: number } | null = null;
  for (;;) {
    const after: SQL = cursor ? sql` and (lease_contracts.created_at, lease_contracts.id) < (${cursor.key}::timestamptz, ${cursor.id}::int)` : sql``;
    const rows = await query<RentMarginRow & { __key: string }>(
      db,
      sql`${SELECT} ${plan.from} where ${plan.where}${after}${flagged ? sql` and ${plan.flag}` : sql``} order by lease_contracts.created_at desc, lease_contracts.id desc limit 1000`,
    );
    if (rows.length) yield strip(rows);
    if (rows.length < 1000) return;
    const last = rows.at(-1)!;
    cursor = { key: last.__key, id: last.contract_id };
  }
}

export const marginColumns = (lang: Lang): { label: string; width: number; style: CellStyle; value: (r: RentMarginRow) => CellValue }[] => {
  const zh = lang === 'zh';
  const num = (v: string) => Number(v);
  return [
    { label: zh ? '合同编号' : 'Contract no.', width: 20, style: 'plain', value: (r) => r.contract_no },
    { label: zh ? '合同状态' : 'Contract status', width: 10, style: 'plain', value: (r) => LeaseStatus.label(r.contract_status, lang) },
    { label: zh ? '电站编码' : 'Station code', width: 20, style: 'plain', value: (r) => r.station_code },
    { label: zh ? '电站名称' : 'Station', width: 20, style: 'plain', value: (r) => r.station_name },
    { label: zh ? '业主' : 'Owner', width: 12, style: 'plain', value: (r) => r.customer_name },
    { label: zh ? '省份' : 'Province', width: 12, style: 'plain', value: (r) => regionName(r.province_code, lang) },
    { label: zh ? '城市' : 'City', width: 12, style: 'plain', value: (r) => (r.city_code ? regionName(r.city_code, lang) : null) },
    { label: zh ? '代理商' : 'Agent', width: 16, style: 'plain', value: (r) => r.agent_name },
    { label: zh ? '收益月数' : 'Revenue months', width: 10, style: 'plain', value: (r) => r.months },
    { label: zh ? '已结算月数' : 'Settled months', width: 10, style: 'plain', value: (r) => r.settled_months },
    { label: zh ? '估算收益(元)' : 'Estimated (yuan)', width: 14, style: 'money', value: (r) => num(r.estimated_amount) },
    { label: zh ? '实际收益(元)' : 'Actual (yuan)', width: 14, style: 'money', value: (r) => num(r.actual_amount) },
    { label: zh ? '收益(实际优先)(元)' : 'Revenue, actual first (yuan)', width: 16, style: 'money', value: (r) => num(r.revenue) },
    { label: zh ? '租金账单数' : 'Rent bills', width: 10, style: 'plain', value: (r) => r.bills },
    { label: zh ? '应付租金(元)' : 'Rent payable (yuan)', width: 14, style: 'money', value: (r) => num(r.rent_payable) },
    { label: zh ? '已付租金(元)' : 'Rent paid (yuan)', width: 14, style: 'money', value: (r) => num(r.rent_paid) },
    { label: zh ? '收益减租金(元)' : 'Revenue − rent (yuan)', width: 16, style: 'money', value: (r) => num(r.margin) },
  ];
};
