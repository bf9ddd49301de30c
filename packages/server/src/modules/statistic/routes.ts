import {
  type HomepageStat,
  type IndustryConstructionStat,
  type IndustryCustomerStat,
  type IndustryDataStat,
  type IndustryTeamStat,
  type OperationStat,
  OPEN_MAINTENANCE_STATES,
  OPEN_WORK_ORDER_STATES,
  type StatEvent,
  type StatEventsStat,
  statQuerySchema,
  type TargetConfigView,
  type TargetIndexStat,
  targetConfigSchema,
  type UserAreaStat,
  type UserDataStat,
  type UserLineStat,
  type WelcomeStat,
} from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import { query } from '../../db/client.ts';
import { customers, matters, stations, statTargetConfig, statTargets, warehouses, workOrders } from '../../db/schema/index.ts';
import { warehouseScope, warehouseStockValue } from '../stock/resources.ts';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ApiError, conflict, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { unreadCount } from '../message/service.ts';
import { ownershipScope } from '../scope.ts';
import { writeLog } from '../system/syslog.ts';
import {
  asOf,
  benefit,
  capacity,
  cityName,
  cohort,
  customerTotals,
  factors,
  flows,
  flowSeries,
  from,
  mask,
  rangeRows,
  num,
  provinceName,
  ratio,
  round,
  type StatContext,
  statContext,
  todo,
} from './query.ts';

const avg = (sum: number, n: number) => (n > 0 ? round(sum / n, 1) : null);

/** Statistics for the dashboards and the big screen, and the targets (SPEC.md §7, DOMAIN.md "KPIs"). */
export function statisticRoutes(app: FastifyInstance, { db }: Deps) {
  const stat = <T>(path: string, summary: string, handler: (ctx: StatContext) => Promise<T>) =>
    app.post(
      `/api/system/statistic/${path}`,
      { config: { permission: 'statistic:view' }, schema: doc('statistic', `${summary} Within the caller's data scope; numbers from the trigger-kept rollups.`, { body: statQuerySchema }) },
      async (req) => ok(await handler(statContext(input(req), authOf(req)))),
    );

  stat('homepage', 'Headline numbers (HomepageStat): customers, capacity by stage, new in the period and today, to-dos, benefit estimate.', async (ctx) => {
    const [as_of, cust, cap, period, today, td, f] = await Promise.all([
      asOf(db),
      customerTotals(db, ctx),
      capacity(db, ctx),
      flows(db, ctx, ctx.range.start, ctx.range.end),
      flows(db, ctx, ctx.today, ctx.today),
      todo(db, ctx),
      factors(db),
    ]);
    const data: HomepageStat = {
      as_of,
      range: ctx.range,
      customers: cust,
      capacity: cap,
      in_period: { customers: period.customers, signed: period.stations, grid_connected: period.grid, grid_kwp: round(period.grid_kwp) },
      today: { customers: today.customers, signed: today.stations, grid_connected: today.grid },
      todo: td,
      benefit: benefit(cap.grid.kwp, f),
    };
    return data;
  });

  app.post(
    '/api/system/statistic/welcome',
    { config: { permission: '' }, schema: doc('statistic', "The signed-in user's home page (WelcomeStat): to-dos in scope, their own orders/matters/unread messages, totals, today.", { body: statQuerySchema }) },
    async (req) => {
      const auth = authOf(req);
      const ctx = statContext(input(req), auth);
      const [as_of, td, mine, cust, cap, today, unread] = await Promise.all([
        asOf(db),
        todo(db, ctx),
        query<{ orders: number; matters: number }>(
          db,
          sql`select (select count(*)::int from ${workOrders} where ${workOrders.team_id} = ${auth.userId} and ${workOrders.status} in ('dispatched','accepted','in_progress','rejected','rectifying')) as orders,
                     (select count(*)::int from ${matters} where ${matters.handler_id} = ${auth.userId} and ${matters.status} in ('pending','processing')) as matters`,
        ),
        customerTotals(db, ctx),
        capacity(db, ctx),
        flows(db, ctx, ctx.today, ctx.today),
        unreadCount(db, auth.userId),
      ]);
      const data: WelcomeStat = {
        as_of,
        todo: td,
        mine: { orders: num(mine[0]?.orders), matters: num(mine[0]?.matters), unread_messages: unread },
        totals: { customers: cust.total, stations: cap.signed.stations, grid_kwp: cap.grid.kwp },
        today: { customers: today.customers, signed: today.stations, grid_connected: today.grid },
      };
      return ok(data);
    },
  );

  stat('operation', 'O&M KPIs (OperationStat): inspections planned in the period, completed, coverage, first-pass rate, overdue; maintenance orders opened in the period, SLA compliance, mean time to respond and to repair, top fault categories, open now; stock value per warehouse (balances × unit price, not the ledger).', async (ctx) => {
    const rows = rangeRows(ctx, 'stat_inspection_daily', ['planned', 'completed', 'first_pass', 'overdue', 'failed_items'], ctx.range.start, ctx.range.end, { wholeMonths: false });
    const inScope = warehouseScope(ctx.auth);
    const faults = rangeRows(ctx, 'stat_maintenance_daily', ['fault_category', 'opened', 'completed', 'in_sla', 'responded', 'respond_seconds', 'repair_seconds'], ctx.range.start, ctx.range.end, { wholeMonths: false });
    const openNow = from(ctx, 'maintenance_counts');
    const [as_of, [k], stock, byCategory, [open]] = await Promise.all([
      asOf(db),
      query<Record<'planned' | 'completed' | 'first_pass' | 'overdue' | 'failed_items', string>>(
        db,
        sql`select coalesce(sum(planned), 0) as planned, coalesce(sum(completed), 0) as completed, coalesce(sum(first_pass), 0) as first_pass,
                   coalesce(sum(overdue), 0) as overdue, coalesce(sum(failed_items), 0) as failed_items from ${rows} r`,
      ),
      query<{ warehouse_id: number; name: string; value: string; total: string }>(
        db,
        sql`select warehouse_id, name, value, (sum(value::numeric) over ())::numeric(16,2)::text as total
            from (select ${warehouses.id} as warehouse_id, ${warehouses.name} as name, ${warehouseStockValue} as value from ${warehouses} where ${inScope ?? sql`true`}) w
            where value::numeric > 0 order by value::numeric desc, warehouse_id`,
      ),
      query<Record<'fault_category' | 'opened' | 'completed' | 'in_sla' | 'responded' | 'respond_seconds' | 'repair_seconds', string>>(
        db,
        sql`select fault_category, sum(opened) as opened, sum(completed) as completed, sum(in_sla) as in_sla, sum(responded) as responded,
                   sum(respond_seconds) as respond_seconds, sum(repair_seconds) as repair_seconds from ${faults} r group by fault_category order by sum(opened) desc, fault_category`,
      ),
      query<{ n: string }>(db, sql`select coalesce(sum(t.n), 0) as n from ${openNow.rel} where ${openNow.where} and t.status in ${OPEN_MAINTENANCE_STATES}`),
    ]);
    const total = (key: keyof (typeof byCategory)[number]) => byCategory.reduce((s, r) => s + num(r[key]), 0);
    const planned = num(k?.planned);
    const completed = num(k?.completed);
    const firstPass = num(k?.first_pass);
    const data: OperationStat = {
      as_of,
      range: ctx.range,
      inspections: {
        planned,
        completed,
        coverage: ratio(completed, planned),
        first_pass: firstPass,
        first_pass_rate: ratio(firstPass, completed),
        overdue: num(k?.overdue),
        failed_items: num(k?.failed_items),
      },
      maintenance: {
        opened: total('opened'),
        completed: total('completed'),
        sla_rate: ratio(total('in_sla'), total('completed')),
        mean_respond_hours: avg(total('respond_seconds') / 3600, total('responded')),
        mttr_hours: avg(total('repair_seconds') / 3600, total('completed')),
        open_now: num(open?.n),
        top_categories: byCategory.filter((r) => num(r.opened) > 0).slice(0, 5).map((r) => ({ category: r.fault_category, count: num(r.opened) })),
      },
      stock_value: stock.slice(0, 10).map(({ total: _, ...w }) => w),
      stock_value_total: stock[0]?.total ?? '0.00',
    };
    return data;
  });

  stat('user_line', 'Customer growth per bucket (UserLineStat): created, signed, cumulative.', async (ctx) => {
    const [as_of, series, cust, after] = await Promise.all([
      asOf(db),
      flowSeries(db, ctx),
      customerTotals(db, ctx),
      // customers created after the range: the cumulative line ends at (total now − these)
      flows(db, ctx, addDay(ctx.range.end), '9999-12-31'),
    ]);
    let cumulative = cust.total - after.customers - series.reduce((s, p) => s + p.customers, 0);
    const data: UserLineStat = {
      as_of,
      range: ctx.range,
      points: series.map((p) => {
        cumulative += p.customers;
        return { bucket: p.bucket, created: p.customers, signed: p.customers_signed, cumulative };
      }),
    };
    return data;
  });

  stat('user_data', 'Customers by stage and status, stations by status with kWp (UserDataStat), now.', async (ctx) => {
    const c = from(ctx, 'stat_customer_now');
    const s = from(ctx, 'stat_station_now');
    const [as_of, rows, st] = await Promise.all([
      asOf(db),
      query<{ stage: string; status: string; n: string }>(db, sql`select stage, status, sum(n) as n from ${c.rel} where ${c.where} group by 1, 2 having sum(n) > 0 order by 1, 2`),
      query<{ status: string; n: string; kwp: string }>(db, sql`select status, sum(n) as n, sum(kwp) as kwp from ${s.rel} where ${s.where} group by 1 having sum(n) > 0 order by 1`),
    ]);
    const data: UserDataStat = {
      as_of,
      rows: rows.map((r) => ({ stage: r.stage, status: r.status, n: num(r.n) })),
      stations: st.map((r) => ({ status: r.status, n: num(r.n), kwp: round(num(r.kwp)) })),
    };
    return data;
  });

  stat('user_area', 'Customers, stations and kWp per province, or per city of the named province (UserAreaStat).', async (ctx) => {
    const level = ctx.province ? 'city' : 'province';
    const col = sql.raw(level === 'city' ? "coalesce(t.city_code, '')" : 't.province_code');
    const c = from(ctx, 'stat_customer_now');
    const s = from(ctx, 'stat_station_now');
    const [as_of, rows] = await Promise.all([
      asOf(db),
      query<{ code: string | null; customers: string; stations: string; kwp: string; grid_kwp: string }>(
        db,
        sql`with c as (select ${col} as code, sum(n) as n from ${c.rel} where ${c.where} group by 1 having sum(n) > 0),
                 s as (select ${col} as code, sum(n) filter (where status <> 'terminated') as n, sum(kwp) filter (where status <> 'terminated') as kwp,
                              sum(kwp) filter (where status in ('grid_connected','operating')) as grid_kwp
                       from ${s.rel} where ${s.where} group by 1 having sum(n) > 0)
            select coalesce(c.code, s.code) as code, coalesce(c.n, 0) as customers, coalesce(s.n, 0) as stations, coalesce(s.kwp, 0) as kwp, coalesce(s.grid_kwp, 0) as grid_kwp
            from c full join s on s.code = c.code
            order by 2 desc, 1`,
      ),
    ]);
    const names = level === 'city' ? cityName : provinceName;
    const data: UserAreaStat = {
      as_of,
      level,
      provinces: rows.map((r) => ({
        code: r.code ?? '',
        name: r.code ? (names.get(r.code) ?? r.code) : '-',
        customers: num(r.customers),
        stations: num(r.stations),
        capacity_kwp: round(num(r.kwp)),
        grid_kwp: round(num(r.grid_kwp)),
      })),
    };
    return data;
  });

  stat('industry_data', 'Capacity by stage, benefit estimate and the kWp signed / grid-connected per bucket (IndustryDataStat).', async (ctx) => {
    const [as_of, cap, series, f] = await Promise.all([asOf(db), capacity(db, ctx), flowSeries(db, ctx), factors(db)]);
    const data: IndustryDataStat = {
      as_of,
      range: ctx.range,
      capacity: cap,
      benefit: benefit(cap.grid.kwp, f),
      points: series.map((p) => ({ bucket: p.bucket, signed_kwp: round(p.stations_kwp), grid_kwp: round(p.grid_kwp) })),
    };
    return data;
  });

  stat('industry_customer_data', 'The funnel of the customers created in the period (the cohort): how many of them have signed, have a station built, have one grid-connected as of now; conversion and average days per step (IndustryCustomerStat).', async (ctx) => {
    const [as_of, co] = await Promise.all([asOf(db), cohort(db, ctx, ctx.range.start, ctx.range.end)]);
    const data: IndustryCustomerStat = {
      as_of,
      range: ctx.range,
      funnel: [
        { step: 'intentional', n: co.customers },
        { step: 'signed', n: co.signed },
        { step: 'built', n: co.built },
        { step: 'grid', n: co.grid },
      ],
      conversion: ratio(co.signed, co.customers),
      avg_days: { to_sign: avg(co.sign_days, co.signed), to_build: avg(co.build_days, co.built), to_grid: avg(co.grid_days, co.grid) },
    };
    return data;
  });

  stat('industry_construction_data', 'Backlog, lead times, first-pass rate, top reject reasons and overdue rate (IndustryConstructionStat).', async (ctx) => {
    const o = from(ctx, 'stat_order_now');
    const { start, end } = ctx.range;
    const a = rangeRows(ctx, 'stat_audit_daily', ['approved', 'rejected', 'first_decided', 'first_approved'], start, end);
    const r = rangeRows(ctx, 'stat_reject_daily', ['item', 'n'], start, end);
    const open = sql.join(OPEN_WORK_ORDER_STATES.map((s) => sql`${s}`), sql`, `);
    const [as_of, fl, backlog, audits, reasons] = await Promise.all([
      asOf(db),
      flows(db, ctx, start, end),
      query<{ kind: 'build' | 'grid'; status: string; n: string; overdue: string }>(
        db,
        sql`select kind, status, sum(n) as n, coalesce(sum(n) filter (where overdue), 0) as overdue from ${o.rel} where ${o.where} and t.status in (${open}) group by 1, 2 having sum(n) > 0 order by 1, 2`,
      ),
      query<Record<string, string>>(
        db,
        sql`select coalesce(sum(approved), 0) as approved, coalesce(sum(rejected), 0) as rejected, coalesce(sum(first_decided), 0) as first_decided, coalesce(sum(first_approved), 0) as first_approved
            from ${a} a`,
      ),
      query<{ item: string; n: string }>(db, sql`select item, sum(n) as n from ${r} r group by 1 having sum(n) > 0 order by 2 desc, 1 limit 5`),
    ]);
    const overdue = backlog.reduce((s, b) => s + num(b.overdue), 0);
    const dispatched = backlog.filter((b) => b.status !== 'pending_dispatch').reduce((s, b) => s + num(b.n), 0);
    const au = audits[0] ?? {};
    const data: IndustryConstructionStat = {
      as_of,
      range: ctx.range,
      backlog: backlog.map((b) => ({ kind: b.kind, status: b.status, n: num(b.n) })),
      lead_days: { build: avg(fl.build_days, fl.built), grid: avg(fl.grid_days, fl.grid) },
      first_pass_rate: ratio(num(au.first_approved), num(au.first_decided)),
      audits: { approved: num(au.approved), rejected: num(au.rejected) },
      top_reject_reasons: reasons.map((x) => ({ item: x.item, n: num(x.n) })),
      overdue_rate: ratio(overdue, dispatched),
      overdue,
    };
    return data;
  });

  stat('industry_team_data', 'Construction teams ranked by kWp built in the period (IndustryTeamStat).', async (ctx) => {
    const { start, end } = ctx.range;
    const t = rangeRows(ctx, 'stat_team_daily', ['team_id', 'dispatched', 'completed', 'kwp_built', 'lead_days'], start, end);
    const a = rangeRows(ctx, 'stat_audit_daily', ['team_id', 'approved', 'rejected'], start, end);
    const [as_of, rows] = await Promise.all([
      asOf(db),
      query<Record<string, string | number | null>>(
        db,
        sql`with o as (select team_id, sum(dispatched) as orders, sum(completed) as completed, sum(kwp_built) as kwp, sum(lead_days) as lead
                       from ${t} t group by 1),
                 au as (select team_id, sum(rejected) as rejected, sum(approved) + sum(rejected) as decided
                        from ${a} a where team_id is not null group by 1)
            select o.team_id, coalesce(nullif(u.full_name, ''), u.username, o.team_id::text) as name, o.orders, o.completed, o.kwp, o.lead, au.rejected, au.decided
            from o left join au on au.team_id = o.team_id left join users u on u.id = o.team_id
            order by o.kwp desc, o.completed desc, o.team_id limit 100`,
      ),
    ]);
    const data: IndustryTeamStat = {
      as_of,
      range: ctx.range,
      teams: rows.map((r) => ({
        team_id: num(r.team_id),
        name: String(r.name),
        orders: num(r.orders),
        completed: num(r.completed),
        kwp_built: round(num(r.kwp)),
        lead_days: avg(num(r.lead), num(r.completed)),
        reject_rate: ratio(num(r.rejected), num(r.decided)),
      })),
    };
    return data;
  });

  stat('events', 'The big screen feed (StatEventsStat): latest grid connections, new customers, sign-ups and matters, newest first; names masked.', async (ctx) => {
    const region = (cols: { province: SQL; city?: SQL }) => {
      const c: SQL[] = [];
      if (ctx.province) c.push(sql`${cols.province} = ${ctx.province}`);
      if (ctx.city) c.push(cols.city ? sql`${cols.city} = ${ctx.city}` : sql`false`);
      return c.length ? sql.join(c, sql` and `) : sql`true`;
    };
    const cScope = ownershipScope(ctx.auth, { agent: customers.agent_id, createdBy: customers.created_by, owner: customers.owner_id }) ?? sql`true`;
    const sScope = ownershipScope(ctx.auth, { agent: stations.agent_id, createdBy: stations.created_by }) ?? sql`true`;
    const mScope = ownershipScope(ctx.auth, { agent: matters.agent_id, createdBy: matters.created_by }) ?? sql`true`;
    const cRegion = region({ province: sql`${customers.province_code}`, city: sql`${customers.city_code}` });
    const sRegion = region({ province: sql`${stations.province_code}`, city: sql`${stations.city_code}` });
    const mRegion = region({ province: sql`${matters.province_code}` });
    const limit = 20;
    const [as_of, rows] = await Promise.all([
      asOf(db),
      query<{ kind: StatEvent['kind']; at: string | Date; title: string; province_code: string | null; kwp: string | null }>(
        db,
        sql`(select 'grid_connected' as kind, ${stations.grid_at} as at, ${stations.name} as title, ${stations.province_code} as province_code, ${stations.capacity_kwp}::text as kwp
             from ${stations} where ${stations.grid_at} is not null and ${sScope} and ${sRegion} order by ${stations.grid_at} desc limit ${limit})
            union all
            (select 'new_customer', ${customers.created_at}, ${customers.name}, ${customers.province_code}, null from ${customers} where ${cScope} and ${cRegion} order by ${customers.created_at} desc limit ${limit})
            union all
            (select 'signed', ${customers.signed_at}, ${customers.name}, ${customers.province_code}, null from ${customers}
             where ${customers.stage} = 'formal' and ${customers.signed_at} is not null and ${cScope} and ${cRegion} order by ${customers.signed_at} desc limit ${limit})
            union all
            (select 'matter', ${matters.created_at}, ${matters.title}, ${matters.province_code}, null from ${matters} where ${mScope} and ${mRegion} order by ${matters.created_at} desc limit ${limit})
            order by 2 desc limit ${limit}`,
      ),
    ]);
    const data: StatEventsStat = {
      as_of,
      events: rows.map((r) => ({
        kind: r.kind,
        at: new Date(r.at).toISOString(),
        title: r.kind === 'matter' ? r.title : mask(r.title),
        province_code: r.province_code,
        ...(r.kwp !== null ? { kwp: num(r.kwp) } : {}),
      })),
    };
    return data;
  });

  // ---------------------------------------------------------------- targets

  const loadConfig = async (): Promise<TargetConfigView> => {
    const [cfg] = await db.select().from(statTargetConfig).where(sql`${statTargetConfig.id} = 1`);
    const rows = await db.select().from(statTargets).orderBy(statTargets.period_key, statTargets.province_code, statTargets.kind);
    const f = await factors(db);
    return {
      targets: rows.map((r) => ({ period_key: r.period_key, province_code: r.province_code, kind: r.kind as TargetConfigView['targets'][number]['kind'], value: num(r.value) })),
      factors: f,
      version: cfg?.version ?? 0,
      updated_at: cfg?.updated_at ? cfg.updated_at.toISOString() : null,
    };
  };

  app.post(
    '/api/system/target/get_config',
    { config: { permission: 'target:view' }, schema: doc('target', 'The targets and benefit factors with their version (TargetConfigView)') },
    async () => ok(await loadConfig()),
  );

  app.post(
    '/api/system/target/save_config',
    {
      config: { permission: 'target:edit' },
      schema: doc('target', 'Replaces every target and the benefit factors; version must be the one read (409 otherwise). Logged.', { body: targetConfigSchema }),
    },
    async (req) => {
      const body = parse(targetConfigSchema, input(req));
      const seen = new Set<string>();
      for (const t of body.targets) {
        const key = `${t.period_key}|${t.province_code ?? ''}|${t.kind}`;
        if (seen.has(key)) throw new ApiError(400, 'error.duplicate', { field: key });
        seen.add(key);
      }
      const before = await loadConfig();
      await db.transaction(async (tx) => {
        const [cfg] = await query<{ version: number }>(tx, sql`select version from stat_target_config where id = 1 for update`);
        const current = cfg?.version ?? 0;
        if (current !== body.version) throw conflict(current, body.version);
        await tx
          .insert(statTargetConfig)
          .values({ id: 1, ...body.factors, version: current + 1, updated_at: new Date(), updated_by: authOf(req).userId })
          .onConflictDoUpdate({ target: statTargetConfig.id, set: { ...body.factors, version: current + 1, updated_at: new Date(), updated_by: authOf(req).userId } });
        await tx.delete(statTargets);
        if (body.targets.length) await tx.insert(statTargets).values(body.targets);
        await writeLog(tx, actorOf(req), { action: 'save_config', resource: 'target', recordId: 1, before, after: { targets: body.targets, factors: body.factors, version: current + 1 } });
      });
      return ok(await loadConfig());
    },
  );

  app.post(
    '/api/system/target/index_data',
    {
      config: { permission: 'target:view' },
      schema: doc('target', 'Target vs actual (TargetIndexStat): year targets for period=year, month targets otherwise; actual from the rollups in the caller scope.', { body: statQuerySchema }),
    },
    async (req) => {
      const ctx = statContext(input(req), authOf(req));
      const yearly = ctx.range.period === 'year';
      const key = yearly ? ctx.range.end.slice(0, 4) : ctx.range.end.slice(0, 7);
      const start = yearly ? `${key}-01-01` : `${key}-01`;
      const end = yearly ? `${key}-12-31` : lastDayOfMonth(key);
      const targets = await db.select().from(statTargets).where(sql`${statTargets.period_key} = ${key}`).orderBy(statTargets.province_code, statTargets.kind);
      const wanted = targets.filter((t) => !ctx.province || t.province_code === null || t.province_code === ctx.province);
      const as_of = await asOf(db);
      const cache = new Map<string, Awaited<ReturnType<typeof flows>>>();
      const items: TargetIndexStat['items'] = [];
      for (const t of wanted) {
        const prov = t.province_code ?? ctx.province;
        const ck = prov ?? '';
        if (!cache.has(ck)) cache.set(ck, await flows(db, { ...ctx, province: prov, city: prov === ctx.province ? ctx.city : null }, start, end));
        const fl = cache.get(ck)!;
        const actual = t.kind === 'signed_kwp' ? round(fl.stations_kwp) : t.kind === 'grid_kwp' ? round(fl.grid_kwp) : fl.customers;
        const target = num(t.value);
        items.push({ kind: t.kind as TargetIndexStat['items'][number]['kind'], province_code: t.province_code, target, actual, completion: ratio(actual, target) });
      }
      const data: TargetIndexStat = { as_of, range: { period: ctx.range.period, start, end, grain: yearly ? 'month' : 'day' }, items };
      return ok(data);
    },
  );
}

const addDay = (d: string) => new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10);
const lastDayOfMonth = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
