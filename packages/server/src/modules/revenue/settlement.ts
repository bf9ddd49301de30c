import { type Lang, meterOrStation, type SettlementRow, settlementRowSchema, settlementRowShape } from '@pv/contract';
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { stations } from '../../db/schema/index.ts';
import type { ImportResult, ImportSpec, RowError } from '../../excel/import.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import type { AuthContext } from '../auth/context.ts';
import { stationScope } from '../station/resource.ts';
import type { Actor } from '../system/syslog.ts';
import { chinaMonth, estimateInsert, monthEndInstant } from './estimate.ts';
import { ratioSql, revenueResource, THRESHOLD, underSql } from './resource.ts';

/**
 * The grid company's settlement sheet (结算单) → actual revenue, all or nothing
 * (docs/DECISIONS.md "Tariffs and revenue"). Rows are checked by the contract's schema (the generic
 * import), then every row at once in SQL: the station by meter number or station code (within the
 * caller's data scope), connected in that month, not twice in the file, and against what is stored —
 * a row equal to the stored actuals is left alone (importing a sheet twice changes nothing and says
 * so), a different one is refused (a correction is a named action). With no problem, one transaction
 * makes the missing estimates, writes the actuals and a system-log entry per row, set-based.
 */

/** Rows per settlement sheet (a province's monthly sheet can be large; 100 000 rows import in seconds). */
export const SETTLEMENT_MAX_ROWS = 100_000;
export const SETTLEMENT_MAX_BYTES = 20 * 1024 * 1024;

/** A period cell: 2026-05, 2026/5, 2026.05, 202605, 2026年5月, or an Excel date serial (a date cell). */
export function parsePeriod(text: string): unknown {
  const v = text.trim();
  let m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?(?:[-/.]\d{1,2}日?)?$/.exec(v) ?? /^(\d{4})(\d{2})$/.exec(v);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}`;
  m = /^(\d{5})(\.\d+)?$/.exec(v);
  if (m) {
    // days since 1899-12-30 (Excel's 1900 system)
    const d = new Date(Date.UTC(1899, 11, 30) + Number(m[1]) * 86400_000);
    return d.toISOString().slice(0, 7);
  }
  return v;
}

const label = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);

interface Checked {
  row: number;
  meter: string | null;
  code: string | null;
  period: string;
  kwh: string;
  amount: string;
  sid: number | null;
  meter_sid: number | null;
  meter_station: string | null;
  code_sid: number | null;
  first_row: number;
  station_code: string | null;
  earning: boolean | null;
  grid_at: string | null;
  settled: boolean | null;
  stored_kwh: string | null;
  stored_amount: string | null;
}

/** A settlement row as the import applies it: the station resolved by `resolveSettlement`. */
const appliedRowSchema = z.object({ ...settlementRowShape, station_id: z.number().int().positive().optional() }).refine(meterOrStation, { error: 'validation.meter_or_station', path: ['meter_no'] });
type AppliedRow = z.infer<typeof appliedRowSchema>;

/**
 * Every row that passes the schema, checked at once in SQL: the station by meter number or code
 * (within the caller's data scope), connected in that month, not twice in the file, and what is
 * stored for it. Rows in order; problems reported in the caller's language; a good row gets its
 * station_id (rows the schema refuses are left to it, so one report names every problem).
 */
export async function resolveSettlement(db: Db, rows: { row: number; raw: Record<string, unknown> }[], auth: AuthContext, lang: Lang): Promise<RowError[]> {
  const scope = stationScope(auth);
  const visible = (id: SQL) => (scope ? sql`${id} in (select ${stations.id} from ${stations} where ${scope})` : sql`true`);
  const parsed = new Map<number, SettlementRow>();
  for (const r of rows) {
    const p = settlementRowSchema.safeParse(r.raw);
    if (p.success) parsed.set(r.row, p.data);
  }
  if (!parsed.size) return [];
  const payload = [...parsed].map(([row, r]) => ({ row, meter: r.meter_no || null, code: r.station_code || null, period: r.period, kwh: r.kwh, amount: r.amount }));
  const checked = await query<Checked>(
    db,
    sql`with x as (select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x("row" int, meter text, code text, period text, kwh numeric, amount numeric)),
        m as (
          select x.*, sm.id as meter_sid, sm.code as meter_station, sc.id as code_sid, coalesce(sm.id, sc.id) as sid
          from x
          left join stations sm on x.meter is not null and sm.meter_no = x.meter and ${visible(sql`sm.id`)}
          left join stations sc on x.code is not null and sc.code = x.code and ${visible(sql`sc.id`)}),
        d as (select m.*, min(m."row") over (partition by coalesce(m.sid, -m."row"), m.period) as first_row from m)
        select d."row", d.meter, d.code, d.period, d.kwh::text as kwh, d.amount::text as amount, d.sid, d.meter_sid, d.meter_station, d.code_sid, d.first_row,
               s.code as station_code, s.status in ('grid_connected', 'operating') as earning, s.grid_at::text as grid_at,
               r.settled, r.actual_kwh::text as stored_kwh, r.actual_amount::text as stored_amount
        from d left join stations s on s.id = d.sid
        left join revenues r on r.station_id = d.sid and r.period = d.period
        order by d."row"`,
  );
  const current = chinaMonth(new Date());
  const errors: RowError[] = [];
  const raw = new Map(rows.map((r) => [r.row, r.raw]));
  for (const c of checked) {
    const err = (zh: string, en: string, key: string, params: Record<string, unknown>) => errors.push({ row: c.row, column: label(lang, zh, en), message: t(key, lang, params) });
    const p = parsed.get(c.row)!;
    if (c.meter && c.meter_sid == null) err('电表号', 'Meter no.', 'error.revenue_unknown_meter', { meter: c.meter });
    else if (c.code && c.code_sid == null && !c.meter) err('电站编码', 'Station code', 'error.revenue_unknown_station', { code: c.code });
    else if (c.code && c.meter_sid != null && c.code_sid !== c.meter_sid) err('电站编码', 'Station code', 'error.revenue_meter_station_mismatch', { meter: c.meter, station: c.meter_station, code: c.code });
    else if (c.period >= current) err('结算周期', 'Period', 'error.revenue_period_future', { period: c.period });
    else if (!c.earning || !c.grid_at || new Date(c.grid_at) >= monthEndInstant(c.period)) err('结算周期', 'Period', 'error.revenue_not_connected', { code: c.station_code, period: c.period });
    else if (c.first_row !== c.row) err('电表号', 'Meter no.', 'error.revenue_duplicate_in_file', { row: c.first_row });
    // both sides are numeric(14,2) text ("1234.50": the schema normalised the cell), so text equality is exact
    else if (c.settled && (c.stored_kwh !== p.kwh || c.stored_amount !== p.amount))
      err('上网电量', 'Energy', 'error.revenue_already_settled', { code: c.station_code, period: c.period, kwh: c.stored_kwh, amount: c.stored_amount });
    else raw.get(c.row)!.station_id = Number(c.sid);
  }
  return errors;
}

/**
 * The write, in one transaction and set-based: estimates for months not estimated yet, then the
 * actuals of every row not settled, with a system-log entry each. Rows already settled with the
 * same numbers are counted as unchanged. If anything moved since the check (settled by someone
 * else meanwhile), nothing is kept.
 */
export async function applySettlement(db: Db, rows: { row: number; input: Record<string, unknown> }[], auth: AuthContext, actor: Actor, lang: Lang): Promise<ImportResult> {
  const json = JSON.stringify(rows.map(({ input }) => {
    const r = input as AppliedRow;
    return { sid: r.station_id, period: r.period, meter: r.meter_no || null, kwh: r.kwh, amount: r.amount };
  }));
  const x = sql`jsonb_to_recordset(${json}::jsonb) as x(sid int, period text, meter text, kwh numeric, amount numeric)`;
  return db.transaction(async (tx) => {
    // months not estimated yet (a sheet ahead of the job): their estimates first
    // (only the pairs without a row: the rest would be computed just to conflict)
    await tx.execute(
      sql`with ins as (${estimateInsert(sql`select x.sid, x.period from ${x} where not exists (select 1 from revenues r where r.station_id = x.sid and r.period = x.period)`)}) select count(*) from ins`,
    );
    const [done] = await query<{ written: number; unchanged: number; logged: number }>(
      tx,
      sql`with x as (select * from ${x}),
          u as (update revenues r set meter_no = coalesce(x.meter, (select s.meter_no from stations s where s.id = x.sid)),
                  actual_kwh = x.kwh, actual_amount = x.amount, actual_source = 'import', settled = true,
                  settled_at = now(), settled_by = ${auth.userId}::int,
                  ratio = ${ratioSql(sql`x.kwh`, sql`r.estimated_kwh`)},
                  under_performing = ${underSql(sql`x.kwh`, sql`r.estimated_kwh`, THRESHOLD)},
                  version = r.version + 1, updated_at = now()
                from x where r.station_id = x.sid and r.period = x.period and not r.settled
                returning r.id, r.station_id, r.period, r.meter_no, r.actual_kwh, r.actual_amount, r.estimated_kwh, r.ratio, r.under_performing),
          l as (insert into sys_log (user_id, username, ip, action, resource, record_id, after)
                select ${actor.userId}::int, ${actor.username}, ${actor.ip}, 'import', ${revenueResource.name}, u.id, to_jsonb(u) from u returning 1)
          select (select count(*) from u)::int as written, (select count(*) from l)::int as logged,
                 (select count(*) from x join revenues r on r.station_id = x.sid and r.period = x.period
                   where r.settled and r.actual_kwh = x.kwh and r.actual_amount = x.amount)::int as unchanged`,
    );
    const written = Number(done?.written ?? 0);
    const unchanged = Number(done?.unchanged ?? 0);
    // the statement's snapshot: `unchanged` counts rows settled before it, `written` the rest
    if (written + unchanged !== rows.length) throw new ApiError(409, 'error.revenue_import_changed');
    const message = written ? t('revenue.import_done', lang, { imported: written, unchanged }) : t('revenue.import_unchanged', lang, { n: unchanged });
    return { imported: written, unchanged, message };
  });
}

/** The settlement import: the generic Excel machinery (headers zh/en, per-row errors) with a set-based apply. */
export const settlementImport: ImportSpec = {
  def: revenueResource,
  templateTitle: ['结算单导入模板', 'settlement import template'],
  maxRows: SETTLEMENT_MAX_ROWS,
  maxBytes: SETTLEMENT_MAX_BYTES,
  columns: [
    { key: 'meter_no', label: ['电表号', 'Meter no.'], example: '370100012345' },
    { key: 'station_code', label: ['电站编码', 'Station code'], example: 'PV20261101000001' },
    { key: 'period', label: ['结算周期', 'Period'], required: true, parse: parsePeriod, example: '2026-10' },
    { key: 'kwh', label: ['上网电量(千瓦时)', 'Energy (kWh)'], required: true, example: '1234.50' },
    { key: 'amount', label: ['结算金额(元)', 'Amount (yuan)'], required: true, example: '487.51' },
  ],
  schema: appliedRowSchema,
  resolve: resolveSettlement,
  applyAll: applySettlement,
};
