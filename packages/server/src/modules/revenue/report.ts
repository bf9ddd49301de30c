import { type Lang, regionName, type RevenueReport, type RevenueReportRow, revenueReportSchema } from '@pv/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { ApiError, outOfScope } from '../../http/errors.ts';
import { chinaMonth, previousMonth } from './estimate.ts';
import { parse } from '../../http/validate.ts';
import type { AuthContext } from '../auth/context.ts';
import { agentTree } from '../scope.ts';
import { rollupRelation } from '../statistic/rollup.ts';
import type { CellStyle, CellValue } from '../../excel/xlsx.ts';
import { revenueScope } from './resource.ts';

/**
 * 收益报表: revenue per month × province (or × city within a province), from the revenue rollups
 * (statistic/rollup.ts) — a few hundred rows, never the revenue table: the `all` scope reads
 * stat_revenue_region_monthly, the agent scope (or an agent filter) stat_revenue_monthly, department
 * and self scopes the same numbers recomputed from the rows they may see. Sums are exact numerics.
 */
export async function revenueReport(db: Db, raw: unknown, auth: AuthContext): Promise<RevenueReport> {
  const input = parse(revenueReportSchema, raw);
  const last = previousMonth(chinaMonth(new Date()));
  const lte = input.period_lte ?? last;
  let gte = input.period_gte ?? lte;
  if (!input.period_gte) for (let i = 0; i < 11; i++) gte = previousMonth(gte);
  const q = { ...input, period_gte: gte, period_lte: lte };
  if (auth.scope === 'agent' && q.agent_id) {
    const [mine] = await query<{ ok: boolean }>(db, sql`select ${q.agent_id}::int in ${agentTree(auth.agentId ?? 0)} as ok`);
    if (!mine?.ok) throw outOfScope(q.agent_id);
  }
  if (q.period_gte > q.period_lte) throw new ApiError(400, 'error.invalid_params', {}, (lang) => (lang === 'zh' ? '结束月份不能早于开始月份' : 'The last month cannot be before the first one'));
  const conds: SQL[] = [sql`x.period >= ${q.period_gte}`, sql`x.period <= ${q.period_lte}`];
  if (q.province_code) conds.push(sql`x.province_code = ${q.province_code}`);
  let rel: SQL;
  if (auth.scope === 'all' && !q.agent_id) rel = sql.raw('stat_revenue_region_monthly');
  else if (auth.scope === 'all' || auth.scope === 'agent') {
    rel = sql.raw('stat_revenue_monthly');
    if (auth.scope === 'agent') conds.push(auth.agentId === null ? sql`false` : sql`x.agent_id in ${agentTree(auth.agentId)}`);
    if (q.agent_id) conds.push(sql`x.agent_id = ${q.agent_id}::int`);
  } else {
    rel = rollupRelation('stat_revenue_monthly', revenueScope(auth) ?? null);
    if (q.agent_id) conds.push(sql`x.agent_id = ${q.agent_id}::int`);
  }
  const level = q.province_code ? 'city' : 'province';
  const region = sql.raw(level === 'city' ? 'x.city_code' : 'x.province_code');
  const measures = sql`coalesce(sum(x.n), 0)::int as stations, coalesce(sum(x.n) filter (where x.settled), 0)::int as settled,
    coalesce(sum(x.n) filter (where x.under_performing), 0)::int as under_performing,
    coalesce(sum(x.estimated_kwh), 0)::numeric(20,2)::text as estimated_kwh, coalesce(sum(x.estimated_amount), 0)::numeric(20,2)::text as estimated_amount,
    coalesce(sum(x.actual_kwh), 0)::numeric(20,2)::text as actual_kwh, coalesce(sum(x.actual_amount), 0)::numeric(20,2)::text as actual_amount,
    coalesce(sum(x.estimated_kwh) filter (where x.settled), 0)::numeric(20,2)::text as settled_estimated_kwh,
    case when sum(x.estimated_kwh) filter (where x.settled) > 0 then round(sum(x.actual_kwh) / sum(x.estimated_kwh) filter (where x.settled), 4)::text end as ratio`;
  const where = sql.join(conds, sql` and `);
  const rows = await query<RevenueReportRow>(db, sql`select x.period, ${region} as region_code, ${measures} from ${rel} x where ${where} group by 1, 2 having sum(x.n) > 0 order by 1, 2`);
  const [totals] = await query<RevenueReport['totals']>(db, sql`select ${measures} from ${rel} x where ${where}`);
  return { level, period_gte: q.period_gte, period_lte: q.period_lte, rows, totals: totals!, estimate: true };
}

/** The report as sheet rows (header first): regions by name, amounts as numbers with the money style. */
export function reportSheet(report: RevenueReport, lang: Lang): { rows: CellValue[][]; styles: (CellStyle | undefined)[] } {
  const zh = lang === 'zh';
  const header = zh
    ? ['月份', report.level === 'city' ? '城市' : '省份', '电站数', '已结算', '偏低', '估算电量(千瓦时)', '估算收益(元)', '实际电量(千瓦时)', '实际收益(元)', '实际/估算']
    : ['Month', report.level === 'city' ? 'City' : 'Province', 'Stations', 'Settled', 'Under-performing', 'Estimated (kWh)', 'Estimated (yuan)', 'Actual (kWh)', 'Actual (yuan)', 'Actual / estimate'];
  const line = (period: string, region: string, r: Omit<RevenueReportRow, 'period' | 'region_code'>): CellValue[] => [
    period,
    region,
    r.stations,
    r.settled,
    r.under_performing,
    Number(r.estimated_kwh),
    Number(r.estimated_amount),
    Number(r.actual_kwh),
    Number(r.actual_amount),
    r.ratio === null ? null : Number(r.ratio),
  ];
  const rows = [header, ...report.rows.map((r) => line(r.period, r.region_code ? regionName(r.region_code, lang) : '-', r)), line(zh ? '合计' : 'Total', '', report.totals)];
  return { rows, styles: [undefined, undefined, undefined, undefined, undefined, 'decimal', 'money', 'decimal', 'money', 'decimal'] };
}
