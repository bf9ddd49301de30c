import { type Lang, regionName, type RentReport, type RentReportFigures, type RentReportRow, rentReportSchema } from '@pv/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import type { CellStyle, CellValue } from '../../excel/xlsx.ts';
import { ApiError, outOfScope } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import type { AuthContext } from '../auth/context.ts';
import { chinaDate } from '../inspection/generate.ts';
import { rentBillResource } from '../lease/resource.ts';
import { agentTree } from '../scope.ts';
import { rollupRelation } from '../statistic/rollup.ts';

/** The longest month range a report or the station list takes. */
export const MAX_MONTHS = 120;

/** Months from a to b inclusive ('YYYY-MM'). */
export const monthSpan = (a: string, b: string) => {
  const [ya, ma] = a.split('-').map(Number) as [number, number];
  const [yb, mb] = b.split('-').map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma) + 1;
};
/** 'YYYY-MM' n months before (negative: after). */
export function shiftMonth(month: string, back: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) - back;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}
/** The last day of a month ('YYYY-MM-DD'). */
export const monthLastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** A checked month range: default `defaults()`, at most MAX_MONTHS, first ≤ last. */
export function monthRange(gte: string | undefined, lte: string | undefined, defaults: () => [string, string]): [string, string] {
  const [dg, dl] = defaults();
  const last = lte ?? (gte && gte > dl ? shiftMonth(gte, -11) : dl);
  const first = gte ?? (lte ? shiftMonth(lte, 11) : dg);
  if (first > last) throw new ApiError(400, 'error.month_range_order');
  if (monthSpan(first, last) > MAX_MONTHS) throw new ApiError(400, 'error.month_range_long', { max: MAX_MONTHS });
  return [first, last];
}

/** An agent filter of an agent-scope caller must name its own agent tree. */
export async function checkAgentFilter(db: Db, auth: AuthContext, agentId: number | undefined) {
  if (auth.scope !== 'agent' || !agentId) return;
  const [mine] = await query<{ ok: boolean }>(db, sql`select ${agentId}::int in ${agentTree(auth.agentId ?? 0)} as ok`);
  if (!mine?.ok) throw outOfScope(agentId);
}

const UNPAID = sql`('pending', 'failed')`;
const money = (expr: string) => sql.raw(`coalesce(${expr}, 0)::numeric(20,2)::text`);
const count = (expr: string) => sql.raw(`coalesce(${expr}, 0)::bigint::int`);

/**
 * 租金报表: rent bills by the month they fall due × province (or × city within a province), from the
 * rollups (statistic/rollup.ts): the `all` scope reads stat_rent_region_monthly, an agent scope or
 * filter stat_rent_monthly, department and self scopes the same numbers recomputed from the bills
 * they may see. Overdue = 待支付 or 支付失败 with the due date before today (China): all of an earlier
 * month's unpaid bills, and within the current month the unpaid ones due before today (the daily
 * unpaid rollups). Sums are exact numerics, returned as decimal strings.
 */
export async function rentReport(db: Db, raw: unknown, auth: AuthContext, now = new Date()): Promise<RentReport> {
  const input = parse(rentReportSchema, raw);
  const today = chinaDate(now);
  const current = today.slice(0, 7);
  const [gte, lte] = monthRange(input.month_gte, input.month_lte, () => [shiftMonth(current, 11), current]);
  await checkAgentFilter(db, auth, input.agent_id);

  const perAgent = auth.scope !== 'all' || !!input.agent_id;
  const scoped = auth.scope === 'department' || auth.scope === 'self';
  const baseFilter = scoped ? (rentBillResource.scope?.(auth) ?? null) : null;
  const monthly = scoped ? rollupRelation('stat_rent_monthly', baseFilter) : sql.raw(perAgent ? 'stat_rent_monthly' : 'stat_rent_region_monthly');
  const daily = scoped ? rollupRelation('stat_rent_unpaid_daily', baseFilter) : sql.raw(perAgent ? 'stat_rent_unpaid_daily' : 'stat_rent_unpaid_region_daily');

  const where = (monthExpr: SQL): SQL => {
    const conds: SQL[] = [sql`${monthExpr} >= ${gte}`, sql`${monthExpr} <= ${lte}`];
    if (input.province_code) conds.push(sql`x.province_code = ${input.province_code}`);
    if (auth.scope === 'agent') conds.push(auth.agentId === null ? sql`false` : sql`x.agent_id in ${agentTree(auth.agentId)}`);
    if (input.agent_id) conds.push(sql`x.agent_id = ${input.agent_id}::int`);
    return sql.join(conds, sql` and `);
  };
  // one relation of contributions: the monthly rows (their unpaid counted overdue when the month is over)
  // and, for the current month, the daily unpaid rows due before today
  const region = sql.raw(input.province_code ? 'x.city_code' : 'x.province_code');
  const parts = sql`
    select x.month, ${region} as region_code, x.status, x.n, x.amount_due, x.deduction, x.amount_payable,
           case when x.status in ${UNPAID} and x.month < ${current} then x.n else 0 end as od_n,
           case when x.status in ${UNPAID} and x.month < ${current} then x.amount_payable else 0 end as od_amount
    from ${monthly} x where ${where(sql`x.month`)}
    union all
    select ${current}, ${region}, null, 0, 0, 0, 0, x.n, x.amount_payable
    from ${daily} x where x.due_date >= ${`${current}-01`}::date and x.due_date < ${today}::date and ${where(sql`${current}::text`)}`;
  const measures = sql.join(
    [
      sql`${count("sum(u.n) filter (where u.status <> 'cancelled')")} as bills`,
      sql`${money("sum(u.amount_due) filter (where u.status <> 'cancelled')")} as amount_due`,
      sql`${money("sum(u.deduction) filter (where u.status <> 'cancelled')")} as deduction`,
      sql`${money("sum(u.amount_payable) filter (where u.status <> 'cancelled')")} as payable`,
      sql`${count("sum(u.n) filter (where u.status = 'paid')")} as paid_count`,
      sql`${money("sum(u.amount_payable) filter (where u.status = 'paid')")} as paid`,
      sql`${count("sum(u.n) filter (where u.status = 'failed')")} as failed_count`,
      sql`${money("sum(u.amount_payable) filter (where u.status = 'failed')")} as failed`,
      sql`${count("sum(u.n) filter (where u.status = 'paused')")} as paused_count`,
      sql`${money("sum(u.amount_payable) filter (where u.status = 'paused')")} as paused`,
      sql`${count("sum(u.n) filter (where u.status in ('pending', 'failed'))")} as unpaid_count`,
      sql`${money("sum(u.amount_payable) filter (where u.status in ('pending', 'failed'))")} as unpaid`,
      sql`${count('sum(u.od_n)')} as overdue_count`,
      sql`${money('sum(u.od_amount)')} as overdue`,
      sql.raw(
        "case when sum(u.amount_payable) filter (where u.status <> 'cancelled') > 0 then round(coalesce(sum(u.amount_payable) filter (where u.status = 'paid'), 0) / sum(u.amount_payable) filter (where u.status <> 'cancelled'), 4)::text end as paid_rate",
      ),
    ],
    sql`, `,
  );
  const rows = await query<RentReportRow>(
    db,
    sql`select u.month, u.region_code, ${measures} from (${parts}) u group by 1, 2
        having sum(u.n) filter (where u.status <> 'cancelled') > 0 or sum(u.od_n) > 0 order by 1, 2`,
  );
  const [totals] = await query<RentReportFigures>(db, sql`select ${measures} from (${parts}) u`);
  return { level: input.province_code ? 'city' : 'province', month_gte: gte, month_lte: lte, as_of: today, rows, totals: totals! };
}

/** The report as sheet rows (header first): regions by name, amounts as numbers with the money style. */
export function rentReportSheet(report: RentReport, lang: Lang): { rows: CellValue[][]; styles: CellStyle[]; widths: number[] } {
  const zh = lang === 'zh';
  const header = zh
    ? ['到期月份', report.level === 'city' ? '城市' : '省份', '账单数', '应付(元)', '已付笔数', '已付(元)', '支付失败笔数', '支付失败(元)', '暂停笔数', '暂停(元)', '逾期笔数', '逾期(元)', '支付率']
    : ['Due month', report.level === 'city' ? 'City' : 'Province', 'Bills', 'Payable (yuan)', 'Paid bills', 'Paid (yuan)', 'Failed bills', 'Failed (yuan)', 'Paused bills', 'Paused (yuan)', 'Overdue bills', 'Overdue (yuan)', 'Paid rate'];
  const line = (month: string, region: string, r: RentReportFigures): CellValue[] => [
    month,
    region,
    r.bills,
    Number(r.payable),
    r.paid_count,
    Number(r.paid),
    r.failed_count,
    Number(r.failed),
    r.paused_count,
    Number(r.paused),
    r.overdue_count,
    Number(r.overdue),
    r.paid_rate === null ? null : Number(r.paid_rate),
  ];
  const rows = [header, ...report.rows.map((r) => line(r.month, r.region_code ? regionName(r.region_code, lang) : '-', r)), line(zh ? '合计' : 'Total', '', report.totals)];
  return {
    rows,
    styles: ['plain', 'plain', 'plain', 'money', 'plain', 'money', 'plain', 'money', 'plain', 'money', 'plain', 'money', 'decimal'],
    widths: [10, 14, 10, 16, 10, 16, 12, 16, 10, 14, 10, 16, 10],
  };
}
