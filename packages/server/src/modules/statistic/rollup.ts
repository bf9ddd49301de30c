import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/**
 * Statistics rollups (migrations 0014_statistics_triggers and 0016_statistics_all_scope_triggers): tables of pre-aggregated numbers kept
 * exact by statement-level triggers on the base tables, so the statistics endpoints sum a few
 * hundred rows instead of scanning millions.
 *
 * Every rollup is described once here as "contributions": SELECTs over a relation `r` (a row set
 * of the base table with a sign column `k`, +1 for a new row and -1 for an old one). The same text
 * serves three uses:
 *   - the trigger bodies (r = the statement's transition tables),
 *   - `rebuildStatistics` and the migration's backfill (r = the whole base table, k = 1),
 *   - department / self data scopes (r = the base table filtered by the scope, k = 1), which the
 *     rollups cannot answer because they do not keep the creator.
 *
 * Days are China days (Asia/Shanghai). Terminated stations contribute nothing (a signed station
 * that is terminated leaves the signed numbers).
 */

export interface Rollup {
  table: string;
  source: 'customers' | 'stations' | 'work_orders' | 'self_audits';
  key: string[];
  measures: string[];
  /** SELECTs over `__R__ r` returning key columns then measures, in order */
  parts: string[];
}

const day = (col: string) => `(${col} AT TIME ZONE 'Asia/Shanghai')::date`;
const days = (to: string, from: string) => `(extract(epoch from (${to} - ${from})) / 86400)::numeric`;
const zeros = (n: number) => Array.from({ length: n }, () => '0').join(', ');

/** Daily flows per (day, province, city, agent): customers created / signed, stations signed / built / grid-connected with kWp and lead days. */
const FLOW_MEASURES = ['customers', 'customers_signed', 'sign_days', 'stations', 'stations_kwp', 'built', 'built_kwp', 'build_days', 'grid', 'grid_kwp', 'grid_days'];
const month = (col: string) => `date_trunc('month', ${col} AT TIME ZONE 'Asia/Shanghai')::date`;
const flowParts = (regionKey: string, bucket: (col: string) => string = day) => ({
  customers: [
    `SELECT ${bucket('r.created_at')}, ${regionKey}, r.k, ${zeros(10)} FROM __R__ r`,
    `SELECT ${bucket('r.signed_at')}, ${regionKey}, 0, r.k, r.k * ${days('r.signed_at', 'r.created_at')}, ${zeros(8)} FROM __R__ r WHERE r.signed_at IS NOT NULL`,
  ],
  stations: [
    `SELECT ${bucket('r.created_at')}, ${regionKey}, ${zeros(3)}, r.k, r.k * r.capacity_kwp, ${zeros(6)} FROM __R__ r WHERE r.status <> 'terminated'`,
    `SELECT ${bucket('r.built_at')}, ${regionKey}, ${zeros(5)}, r.k, r.k * r.capacity_kwp, r.k * ${days('r.built_at', 'r.created_at')}, ${zeros(3)} FROM __R__ r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL`,
    `SELECT ${bucket('r.grid_at')}, ${regionKey}, ${zeros(8)}, r.k, r.k * r.capacity_kwp, r.k * ${days('r.grid_at', 'coalesce(r.built_at, r.created_at)')} FROM __R__ r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL`,
  ],
});
const agentFlows = flowParts('r.province_code, r.city_code, r.agent_id');
const regionFlows = flowParts('r.province_code, r.city_code');
const monthlyFlows = flowParts('r.province_code, r.city_code', month);

/**
 * Team, self-audit and reject-item rollups at four levels of detail:
 *  - `agent`: per day with region and agent (agent scope, and the region filter on short ranges);
 *  - `region`: per month with province and city, no agent (the `all` scope with a city filter);
 *  - `province`: per month with the province only (the `all` scope with a province filter);
 *  - `country`: per day and per month with neither (the `all` scope without a region filter, the
 *    dashboard's and the big screen's usual question). Teams work across many cities, so the region
 *    tables hold teams × cities rows; these hold teams rows.
 */
type Detail = 'agent' | 'region' | 'province' | 'country';
function operationRollups(grain: 'daily' | 'monthly', bucket: (col: string) => string, detail: Detail): Rollup[] {
  const dims = { agent: ['province_code', 'city_code', 'agent_id'], region: ['province_code', 'city_code'], province: ['province_code'], country: [] }[detail];
  // the monthly province and country-wide team and audit tables drop the kind too: nothing reads them by kind
  const kind = detail === 'country' || detail === 'province' ? [] : ['kind'];
  const name = (what: string) => `stat_${what}${{ agent: '', region: '', province: '_province', country: '_total' }[detail]}_${grain}`;
  const select = (...cols: string[]) => cols.join(', ');
  const r = (names: string[]) => names.map((n) => `r.${n}`);
  return [
    {
      // per team: orders dispatched (day of dispatch), completed with kWp built and dispatch → completion days (day of completion)
      table: name('team'),
      source: 'work_orders',
      key: ['day', 'team_id', ...kind, ...dims],
      measures: ['dispatched', 'completed', 'kwp_built', 'lead_days'],
      parts: [
        `SELECT ${select(bucket('r.dispatched_at'), 'r.team_id', ...r(kind), ...r(dims))}, r.k, 0, 0, 0 FROM __R__ r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL`,
        `SELECT ${select(bucket('r.finished_at'), 'r.team_id', ...r(kind), ...r(dims))}, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * ${days('r.finished_at', 'coalesce(r.dispatched_at, r.created_at)')}
         FROM __R__ r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL`,
      ],
    },
    {
      // decided self-audits per review day (team = the submitter)
      table: name('audit'),
      source: 'self_audits',
      key: ['day', ...kind, ...dims, 'team_id'],
      measures: ['approved', 'rejected', 'first_decided', 'first_approved'],
      parts: [
        `SELECT ${select(bucket('r.reviewed_at'), ...r(kind), ...r(dims), 'r.submitted_by')},
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM __R__ r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL`,
      ],
    },
    {
      // failed check items of rejected self-audits per review day
      table: name('reject'),
      source: 'self_audits',
      key: ['day', 'kind', 'item', ...dims],
      measures: ['n'],
      parts: [
        `SELECT ${select(bucket('r.reviewed_at'), 'r.kind', "(e.value ->> 'key')::varchar(64)", ...r(dims))}, r.k
         FROM __R__ r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL`,
      ],
    },
  ];
}

export const ROLLUPS: Rollup[] = [
  { table: 'stat_daily_customers', source: 'customers', key: ['day', 'province_code', 'city_code', 'agent_id'], measures: FLOW_MEASURES, parts: agentFlows.customers },
  { table: 'stat_daily_stations', source: 'stations', key: ['day', 'province_code', 'city_code', 'agent_id'], measures: FLOW_MEASURES, parts: agentFlows.stations },
  { table: 'stat_daily_region_customers', source: 'customers', key: ['day', 'province_code', 'city_code'], measures: FLOW_MEASURES, parts: regionFlows.customers },
  { table: 'stat_daily_region_stations', source: 'stations', key: ['day', 'province_code', 'city_code'], measures: FLOW_MEASURES, parts: regionFlows.stations },
  // per month (day = the 1st): whole months of long ranges in the `all` scope read a few thousand rows a year
  { table: 'stat_monthly_region_customers', source: 'customers', key: ['day', 'province_code', 'city_code'], measures: FLOW_MEASURES, parts: monthlyFlows.customers },
  { table: 'stat_monthly_region_stations', source: 'stations', key: ['day', 'province_code', 'city_code'], measures: FLOW_MEASURES, parts: monthlyFlows.stations },
  {
    table: 'stat_customer_now',
    source: 'customers',
    key: ['stage', 'status', 'province_code', 'city_code', 'agent_id'],
    measures: ['n'],
    parts: ['SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM __R__ r'],
  },
  {
    table: 'stat_station_now',
    source: 'stations',
    key: ['status', 'province_code', 'city_code', 'agent_id'],
    measures: ['n', 'kwp'],
    parts: ['SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM __R__ r'],
  },
  {
    table: 'stat_order_now',
    source: 'work_orders',
    key: ['kind', 'status', 'overdue', 'province_code', 'city_code', 'agent_id'],
    measures: ['n'],
    parts: ['SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM __R__ r'],
  },
  ...operationRollups('daily', day, 'agent'),
  ...operationRollups('monthly', month, 'region'),
  ...operationRollups('monthly', month, 'province'),
  ...operationRollups('daily', day, 'country'),
  ...operationRollups('monthly', month, 'country'),
  // current counts without the agent (a few thousand rows) for the `all` scope
  {
    table: 'stat_customer_now_region',
    source: 'customers',
    key: ['stage', 'status', 'province_code', 'city_code'],
    measures: ['n'],
    parts: ['SELECT r.stage, r.status, r.province_code, r.city_code, r.k FROM __R__ r'],
  },
  {
    table: 'stat_station_now_region',
    source: 'stations',
    key: ['status', 'province_code', 'city_code'],
    measures: ['n', 'kwp'],
    parts: ['SELECT r.status, r.province_code, r.city_code, r.k, r.k * r.capacity_kwp FROM __R__ r'],
  },
  {
    table: 'stat_order_now_region',
    source: 'work_orders',
    key: ['kind', 'status', 'overdue', 'province_code', 'city_code'],
    measures: ['n'],
    parts: ['SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.k FROM __R__ r'],
  },
];

export const rollup = (table: string): Rollup => {
  const r = ROLLUPS.find((x) => x.table === table);
  if (!r) throw new Error(`no rollup ${table}`);
  return r;
};

const cols = (r: Rollup) => [...r.key, ...r.measures];
const sums = (r: Rollup) => r.measures.map((m) => `sum(${m}) AS ${m}`).join(', ');

/** The contributions over a source relation, summed per key (text with __R__ for the source). */
function aggregateText(r: Rollup, having: boolean): string {
  const union = r.parts.map((p) => `(${p})`).join(' UNION ALL ');
  return `SELECT ${r.key.join(', ')}, ${sums(r)} FROM (${union}) AS x(${cols(r).join(', ')}) GROUP BY ${r.key.join(', ')}${
    having ? ` HAVING ${r.measures.map((m) => `sum(${m}) <> 0`).join(' OR ')}` : ''
  }`;
}

/** One rollup's trigger functions and triggers (migration text). */
export function triggerSql(r: Rollup): string[] {
  const upsert = (source: string) =>
    `INSERT INTO ${r.table} (${cols(r).join(', ')}) ${aggregateText(r, true).replaceAll('__R__', source)}
    ON CONFLICT ON CONSTRAINT ${r.table}_key DO UPDATE SET ${r.measures.map((m) => `${m} = ${r.table}.${m} + excluded.${m}`).join(', ')}`;
  const fn = (op: string, source: string) => `CREATE OR REPLACE FUNCTION ${r.table}_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(source)};
  RETURN NULL;
END $$`;
  const ins = '(SELECT 1 AS k, * FROM new_rows)';
  const del = '(SELECT -1 AS k, * FROM old_rows)';
  const upd = '(SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows)';
  return [
    fn('ins', ins),
    fn('del', del),
    fn('upd', upd),
    `CREATE OR REPLACE FUNCTION ${r.table}_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ${r.table};
  RETURN NULL;
END $$`,
    `CREATE TRIGGER ${r.table}_ins AFTER INSERT ON ${r.source} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${r.table}_ins()`,
    `CREATE TRIGGER ${r.table}_del AFTER DELETE ON ${r.source} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${r.table}_del()`,
    `CREATE TRIGGER ${r.table}_upd AFTER UPDATE ON ${r.source} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${r.table}_upd()`,
    `CREATE TRIGGER ${r.table}_trunc AFTER TRUNCATE ON ${r.source} FOR EACH STATEMENT EXECUTE FUNCTION ${r.table}_trunc()`,
  ];
}

/** Recompute one rollup from its base table (statements). */
export function rebuildSql(r: Rollup): string[] {
  // ON CONFLICT: a concurrent writer's trigger may have created a group after the DELETE; the
  // recomputed value (whose snapshot already holds that committed row) replaces it
  return [
    `DELETE FROM ${r.table}`,
    `INSERT INTO ${r.table} (${cols(r).join(', ')}) ${aggregateText(r, true).replaceAll('__R__', `(SELECT 1 AS k, * FROM ${r.source})`)}
    ON CONFLICT ON CONSTRAINT ${r.table}_key DO UPDATE SET ${r.measures.map((m) => `${m} = excluded.${m}`).join(', ')}`,
  ];
}

/** Recomputes every statistics rollup from the base tables (after a bulk load that bypassed triggers, or to repair). */
export async function rebuildStatistics(db: Queryable): Promise<void> {
  await db.transaction(async (tx) => {
    for (const r of ROLLUPS) for (const s of rebuildSql(r)) await tx.execute(sql.raw(s));
  });
}

/**
 * The rows of a rollup as a relation for a FROM clause: the table itself, or (scope given) the
 * same numbers computed from the base table rows the scope lets through.
 */
export function rollupRelation(table: string, baseFilter: SQL | null): SQL {
  const r = rollup(table);
  if (!baseFilter) return sql.raw(r.table);
  const [head, ...rest] = aggregateText(r, false).split('__R__');
  const source = sql`(SELECT 1 AS k, * FROM ${sql.raw(r.source)} WHERE ${baseFilter})`;
  const pieces: SQL[] = [sql.raw(head!)];
  for (const p of rest) pieces.push(source, sql.raw(p));
  return sql`(${sql.join(pieces, sql``)})`;
}
