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

type Source = 'customers' | 'stations' | 'work_orders' | 'self_audits';

export interface Rollup {
  table: string;
  source: Source;
  key: string[];
  measures: string[];
  /** SELECTs over `__R__ r` returning key columns then measures, in order */
  parts: string[];
  /**
   * Another base table whose writes move this rollup's numbers without touching a source row (the
   * cohort: a station built advances its customer). Its statement triggers add `parts` over
   * `__R__` = the statement's changed rows (k +1 new, -1 old), after `lock` (locks the source rows
   * those parts read, so that concurrent statements on the same customer see each other's commit).
   * A TRUNCATE of it recomputes the rollup. Not used by rebuilds and scopes: `parts` are complete.
   */
  feed?: { source: Source; parts: string[]; lock: string };
  /**
   * Count the source's deletes row by row BEFORE the delete, while the rows the parts read still
   * point at the deleted row (a customer's stations lose their customer_id by ON DELETE SET NULL).
   */
  deleteBeforeRow?: boolean;
  /**
   * Plan each statement's upsert for its own transition rows (EXECUTE): a cached plan made for one
   * row would scan whole tables for a bulk statement, and the reverse. For parts that join base
   * tables set-based.
   */
  dynamic?: boolean;
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
 * The funnel by cohort, keyed by the CUSTOMER's creation day (or month) + region (+ agent): each
 * customer counts once per step it has reached as of now — signed (signed_at set); built: signed and
 * at least one non-terminated station with built_at (or grid_at: a connected station was built);
 * grid: signed and at least one non-terminated station with grid_at. So grid ≤ built ≤ signed ≤
 * customers. Day sums: created → signed, signed → first station built, first built → first
 * grid-connected. A customer's parts read its stations now; a station statement adds, per customer
 * it touches, the customer's steps now minus its steps before the statement (its other stations
 * from the table, the changed ones from the transition rows). `p` = a customer's first built / grid
 * times over its non-terminated stations.
 */
const COHORT_MEASURES = ['customers', 'signed', 'sign_days', 'built', 'build_days', 'grid', 'grid_days'];
const steps = (c: string, sign: string) =>
  `${sign} * (p.built_at IS NOT NULL)::int, ${sign} * coalesce(${days('p.built_at', `${c}.signed_at`)}, 0), ${sign} * (p.grid_at IS NOT NULL)::int, ${sign} * coalesce(${days('p.grid_at', 'p.built_at')}, 0)`;
function cohortRollup(table: string, withAgent: boolean, bucket: (col: string) => string): Rollup {
  const key = (a: string) => `${bucket(`${a}.created_at`)}, ${a}.province_code, ${a}.city_code${withAgent ? `, ${a}.agent_id` : ''}`;
  // customers of the stations whose cohort-relevant columns changed (an unchanged row's old and new copies cancel out)
  const touched = `SELECT r.customer_id FROM __R__ r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0`;
  // the touched customers' built / grid times over a relation of their stations (customer_id, status, built_at, grid_at), set-based
  const perCustomer = (own: string) =>
    `SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (${own}) s WHERE s.status <> 'terminated' GROUP BY s.customer_id`;
  const theirStations = `SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (${touched})`;
  return {
    table,
    source: 'customers',
    key: ['day', 'province_code', 'city_code', ...(withAgent ? ['agent_id'] : [])],
    measures: COHORT_MEASURES,
    parts: [
      // the stations are read only for customers whose cohort columns changed (an unchanged row's old and new copies cancel out)
      `SELECT ${key('r')}, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce(${days('r.signed_at', 'r.created_at')}, 0), ${steps('r', 'r.k')}
       FROM __R__ r LEFT JOIN (${perCustomer(
         'SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM __R__ x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)',
       )}) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL`,
    ],
    deleteBeforeRow: true,
    dynamic: true,
    feed: {
      source: 'stations',
      lock: `SELECT 1 FROM customers c WHERE c.id IN (${touched}) ORDER BY c.id FOR NO KEY UPDATE OF c`,
      // steps now minus steps before the statement (the other stations from the table, the changed ones from the old rows)
      parts: [
        `SELECT ${key('c')}, 0, 0, 0, ${steps('c', '1')} FROM customers c JOIN (${perCustomer(theirStations)}) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL`,
        `SELECT ${key('c')}, 0, 0, 0, ${steps('c', '-1')} FROM customers c JOIN (${perCustomer(
          `${theirStations} AND NOT EXISTS (SELECT 1 FROM __R__ n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM __R__ o WHERE o.k = -1 AND o.customer_id IN (${touched})`,
        )}) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL`,
      ],
    },
  };
}

/**
 * Team, self-audit and reject-item rollups: per day with the agent (agent scope, short ranges), and
 * per month without it (the `all` scope's whole months).
 */
function operationRollups(grain: 'daily' | 'monthly', bucket: (col: string) => string, withAgent: boolean): Rollup[] {
  const agentKey = withAgent ? ['agent_id'] : [];
  const agentCol = withAgent ? ', r.agent_id' : '';
  const name = (what: string) => (grain === 'daily' ? `stat_${what}_daily` : `stat_${what}_monthly`);
  return [
    {
      // per team: orders dispatched (day of dispatch), completed with kWp built and dispatch → completion days (day of completion)
      table: name('team'),
      source: 'work_orders',
      key: ['day', 'team_id', 'kind', 'province_code', 'city_code', ...agentKey],
      measures: ['dispatched', 'completed', 'kwp_built', 'lead_days'],
      parts: [
        `SELECT ${bucket('r.dispatched_at')}, r.team_id, r.kind, r.province_code, r.city_code${agentCol}, r.k, 0, 0, 0 FROM __R__ r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL`,
        `SELECT ${bucket('r.finished_at')}, r.team_id, r.kind, r.province_code, r.city_code${agentCol}, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * ${days('r.finished_at', 'coalesce(r.dispatched_at, r.created_at)')}
         FROM __R__ r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL`,
      ],
    },
    {
      // decided self-audits per review day (team = the submitter)
      table: name('audit'),
      source: 'self_audits',
      key: ['day', 'kind', 'province_code', 'city_code', ...agentKey, 'team_id'],
      measures: ['approved', 'rejected', 'first_decided', 'first_approved'],
      parts: [
        `SELECT ${bucket('r.reviewed_at')}, r.kind, r.province_code, r.city_code${agentCol}, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM __R__ r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL`,
      ],
    },
    {
      // failed check items of rejected self-audits per review day
      table: name('reject'),
      source: 'self_audits',
      key: ['day', 'kind', 'item', 'province_code', 'city_code', ...agentKey],
      measures: ['n'],
      parts: [
        `SELECT ${bucket('r.reviewed_at')}, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code${agentCol}, r.k
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
  ...operationRollups('daily', day, true),
  ...operationRollups('monthly', month, false),
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
  // the funnel by cohort (customers created in the period and how far they have got): per agent, and per region daily / monthly for the `all` scope
  cohortRollup('stat_cohort_daily', true, day),
  cohortRollup('stat_cohort_region_daily', false, day),
  cohortRollup('stat_cohort_region_monthly', false, month),
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
  const text = (parts: string[], source: string) =>
    `INSERT INTO ${r.table} (${cols(r).join(', ')}) ${aggregateText({ ...r, parts }, true).replaceAll('__R__', source)}
    ON CONFLICT ON CONSTRAINT ${r.table}_key DO UPDATE SET ${r.measures.map((m) => `${m} = ${r.table}.${m} + excluded.${m}`).join(', ')}`;
  const dynamic = (q: string) => (r.dynamic ? `EXECUTE $q$${q}$q$` : q);
  const upsert = (parts: string[], source: string) => dynamic(text(parts, source));
  const fn = (name: string, body: string[], ret = 'NULL') => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${body.map((b) => `  ${b};\n`).join('')}  RETURN ${ret};
END $$`;
  const ins = '(SELECT 1 AS k, * FROM new_rows)';
  const del = '(SELECT -1 AS k, * FROM old_rows)';
  const upd = '(SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows)';
  const statement = (name: string, event: string, source: Source, refs: string) =>
    `CREATE TRIGGER ${name} AFTER ${event} ON ${source}${refs ? ` REFERENCING ${refs}` : ''} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`;
  const out = [
    fn(`${r.table}_ins`, [upsert(r.parts, ins)]),
    r.deleteBeforeRow
      ? fn(`${r.table}_del`, [text(r.parts, `(SELECT -1 AS k, * FROM ${r.source} WHERE id = OLD.id)`)], 'OLD')
      : fn(`${r.table}_del`, [upsert(r.parts, del)]),
    fn(`${r.table}_upd`, [upsert(r.parts, upd)]),
    fn(`${r.table}_trunc`, [`DELETE FROM ${r.table}`]),
    statement(`${r.table}_ins`, 'INSERT', r.source, 'NEW TABLE AS new_rows'),
    r.deleteBeforeRow
      ? `CREATE TRIGGER ${r.table}_del BEFORE DELETE ON ${r.source} FOR EACH ROW EXECUTE FUNCTION ${r.table}_del()`
      : statement(`${r.table}_del`, 'DELETE', r.source, 'OLD TABLE AS old_rows'),
    statement(`${r.table}_upd`, 'UPDATE', r.source, 'OLD TABLE AS old_rows NEW TABLE AS new_rows'),
    statement(`${r.table}_trunc`, 'TRUNCATE', r.source, ''),
  ];
  if (r.feed) {
    const f = r.feed;
    const name = (op: string) => `${r.table}_${f.source}_${op}`;
    const lock = (source: string) => f.lock.replaceAll('__R__', source);
    const body = (source: string) => [r.dynamic ? dynamic(lock(source)) : `PERFORM ${lock(source).replace(/^SELECT /, '')}`, upsert(f.parts, source)];
    out.push(
      fn(name('ins'), body(ins)),
      fn(name('del'), body(del)),
      fn(name('upd'), body(upd)),
      fn(name('trunc'), rebuildSql(r)),
      statement(name('ins'), 'INSERT', f.source, 'NEW TABLE AS new_rows'),
      statement(name('del'), 'DELETE', f.source, 'OLD TABLE AS old_rows'),
      statement(name('upd'), 'UPDATE', f.source, 'OLD TABLE AS old_rows NEW TABLE AS new_rows'),
      statement(name('trunc'), 'TRUNCATE', f.source, ''),
    );
  }
  return out;
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
