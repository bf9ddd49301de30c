/**
 * The statistics endpoints (issue 6) over HTTP on loopback, each beside the naive full-scan SQL it
 * replaces (the same numbers counted from the base tables), measured in the same run. The endpoints
 * read the trigger-kept rollups (packages/server/src/modules/statistic/rollup.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, query } from '@pv/server/src/db/client.ts';
import { drive, ms, summarize, type Summary } from './stats.ts';

export interface StatCase {
  name: string;
  path: string;
  body: Record<string, unknown>;
  http: Summary;
  /** the full-scan SQL the rollups replace (null: no rollup involved, e.g. the events feed) */
  naive: Summary | null;
}

export interface StatisticsOptions {
  base: string;
  /** an admin token (scope `all`) */
  token: string;
  db: Db;
  /** requests per endpoint (default 200) */
  requests?: number;
  /** naive-SQL runs per endpoint (default 20: they take seconds at scale) */
  naiveRequests?: number;
  /** a token of an agent user: adds the agent-scope cases */
  agentToken?: string;
}

const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const DAY = sql.raw(`(created_at AT TIME ZONE 'Asia/Shanghai')::date`);

export async function benchStatistics(o: StatisticsOptions): Promise<StatCase[]> {
  const requests = o.requests ?? 200;
  const naiveRequests = o.naiveRequests ?? 20;
  const today = chinaToday();
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const month = { period: 'month' };
  const year = { period: 'year' };

  // naive equivalents: the same numbers counted from the base tables on every call
  const homepageNaive = sql`select
      (select count(*) from customers) as customers,
      (select count(*) filter (where stage = 'formal') from customers) as formal,
      (select sum(capacity_kwp) filter (where status <> 'terminated') from stations) as signed_kwp,
      (select sum(capacity_kwp) filter (where status in ('grid_connected','operating')) from stations) as grid_kwp,
      (select count(*) from customers where ${DAY} between ${monthStart} and ${today}) as new_customers,
      (select count(*) from stations where status <> 'terminated' and ${DAY} between ${monthStart} and ${today}) as new_stations,
      (select count(*) from stations where (grid_at AT TIME ZONE 'Asia/Shanghai')::date between ${monthStart} and ${today}) as new_grid,
      (select count(*) filter (where status = 'pending_dispatch') from work_orders) as to_dispatch,
      (select count(*) filter (where overdue) from work_orders) as overdue`;
  const cases: Array<{ name: string; path: string; body: Record<string, unknown>; naive: SQL | null; token?: string }> = [
    { name: 'homepage (month)', path: 'statistic/homepage', body: month, naive: homepageNaive },
    { name: 'welcome', path: 'statistic/welcome', body: {}, naive: homepageNaive },
    {
      name: 'user_line (year, by month)',
      path: 'statistic/user_line',
      body: year,
      naive: sql`select date_trunc('month', ${DAY}) as m, count(*), count(*) filter (where signed_at is not null) from customers where ${DAY} between ${yearStart} and ${today} group by 1`,
    },
    { name: 'user_data', path: 'statistic/user_data', body: {}, naive: sql`select stage, status, count(*) from customers group by 1, 2 union all select status, '', count(*) from stations group by 1` },
    {
      name: 'user_area',
      path: 'statistic/user_area',
      body: {},
      naive: sql`with c as (select province_code, count(*) n from customers group by 1), s as (select province_code, count(*) n, sum(capacity_kwp) kwp from stations group by 1)
                 select * from c full join s using (province_code)`,
    },
    {
      name: 'industry_data (year)',
      path: 'statistic/industry_data',
      body: year,
      naive: sql`select date_trunc('month', ${DAY}), sum(capacity_kwp) from stations where ${DAY} between ${yearStart} and ${today} group by 1
                 union all select date_trunc('month', grid_at), sum(capacity_kwp) from stations where grid_at >= ${yearStart}::date group by 1`,
    },
    {
      name: 'industry_customer_data (year)',
      path: 'statistic/industry_customer_data',
      body: year,
      // the cohort: this year's customers and whether each has signed, has a station built, one grid-connected
      naive: sql`select count(*), count(*) filter (where c.signed_at is not null),
                        count(*) filter (where c.signed_at is not null and exists (select 1 from stations s where s.customer_id = c.id and s.status <> 'terminated' and coalesce(s.built_at, s.grid_at) is not null)),
                        count(*) filter (where c.signed_at is not null and exists (select 1 from stations s where s.customer_id = c.id and s.status <> 'terminated' and s.grid_at is not null))
                 from customers c where ${DAY} between ${yearStart} and ${today}`,
    },
    {
      name: 'industry_construction_data (year)',
      path: 'statistic/industry_construction_data',
      body: year,
      naive: sql`select (select count(*) from work_orders where status not in ('completed','cancelled')),
                        (select count(*) filter (where result = 'approved') from self_audits where reviewed_at >= ${yearStart}::date),
                        (select count(*) from self_audits a cross join lateral jsonb_array_elements(a.items) e where a.result = 'rejected' and a.reviewed_at >= ${yearStart}::date and e.value ->> 'result' = 'fail')`,
    },
    {
      name: 'industry_team_data (year)',
      path: 'statistic/industry_team_data',
      body: year,
      naive: sql`select w.team_id, count(*), sum(s.capacity_kwp) from work_orders w join stations s on s.id = w.station_id
                 where w.team_id is not null and w.dispatched_at >= ${yearStart}::date group by 1 order by 3 desc nulls last limit 100`,
    },
    {
      name: 'industry_team_data (year, one province)',
      path: 'statistic/industry_team_data',
      body: { ...year, province_code: '370000' },
      naive: sql`select w.team_id, count(*), sum(s.capacity_kwp) from work_orders w join stations s on s.id = w.station_id
                 where w.team_id is not null and w.province_code = '370000' and w.dispatched_at >= ${yearStart}::date group by 1 order by 3 desc nulls last limit 100`,
    },
    { name: 'events (feed, indexed, no rollup)', path: 'statistic/events', body: {}, naive: null },
    {
      name: 'target/index_data (month)',
      path: 'target/index_data',
      body: month,
      naive: sql`select (select count(*) from customers where ${DAY} between ${monthStart} and ${today}), (select sum(capacity_kwp) from stations where ${DAY} between ${monthStart} and ${today})`,
    },
  ];
  if (o.agentToken) {
    cases.push({ name: 'homepage (month), agent user', path: 'statistic/homepage', body: month, naive: null, token: o.agentToken });
    cases.push({ name: 'user_line (year), agent user', path: 'statistic/user_line', body: year, naive: null, token: o.agentToken });
    cases.push({ name: 'industry_customer_data (year), agent user', path: 'statistic/industry_customer_data', body: year, naive: null, token: o.agentToken });
    cases.push({ name: 'industry_construction_data (year), agent user', path: 'statistic/industry_construction_data', body: year, naive: null, token: o.agentToken });
    cases.push({ name: 'industry_team_data (year), agent user', path: 'statistic/industry_team_data', body: year, naive: null, token: o.agentToken });
  }

  const out: StatCase[] = [];
  for (const c of cases) {
    const callApi = async () => {
      const res = await fetch(`${o.base}/api/system/${c.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token ?? o.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
      });
      const body = (await res.json()) as { code: number; msg: string };
      if (body.code !== 200) throw new Error(`${c.path}: ${body.code} ${body.msg}`);
    };
    for (let i = 0; i < 10; i++) await callApi(); // warm caches and JIT
    const http = await drive(requests, 1, callApi);
    let naive: Summary | null = null;
    if (c.naive) {
      const q = c.naive;
      await query(o.db, q);
      const run = await drive(naiveRequests, 1, async () => void (await query(o.db, q)));
      naive = summarize(run.samples, run.wallMs);
    }
    out.push({ name: c.name, path: c.path, body: c.body, http: summarize(http.samples, http.wallMs), naive });
  }
  return out;
}

/** The cases as markdown table rows (header included). */
export function statisticsTable(cases: StatCase[]): string[] {
  return [
    '| endpoint | HTTP p50 | HTTP p95 | naive full-scan SQL p50 | naive p95 |',
    '|---|---|---|---|---|',
    ...cases.map((c) => `| ${c.name} | ${ms(c.http.p50)} | **${ms(c.http.p95)}** | ${c.naive ? ms(c.naive.p50) : '—'} | ${c.naive ? ms(c.naive.p95) : '—'} |`),
  ];
}
