/**
 * The operations lists at scale (issue 5): station, work-order and self-audit list pages with the
 * filters dispatchers use, over HTTP on loopback against a PostgreSQL database seeded with
 * `pnpm seed --stations 2000000 --work-orders 10000000 …`. Each case beside two baselines run in the
 * same process: the endpoint's own queries called on the database handle (no HTTP, no auth), and
 * the total counted from the rows instead of the counter tables.
 */
import { sql } from 'drizzle-orm';
import { query } from '@pv/server/src/db/client.ts';
import type { AuthContext } from '@pv/server/src/modules/auth/context.ts';
import { selfAuditResource } from '@pv/server/src/modules/self_audit/resource.ts';
import { stationResource } from '@pv/server/src/modules/station/resource.ts';
import { workOrderResource } from '@pv/server/src/modules/work_order/resource.ts';
import type { ResourceDef } from '@pv/server/src/resources/define.ts';
import { listRecords } from '@pv/server/src/resources/service.ts';
import { drain, measured, type RunMeasure } from './excel.ts';
import { serve } from './server.ts';
import { drive, summarize, type Summary } from './stats.ts';

export interface ListCase {
  name: string;
  path: string;
  filter: Record<string, string>;
  total: number;
  http: Summary;
  driver: Summary;
  naiveCount: Summary;
}

export interface OperationsResult {
  /** GET station/export of provinces of about 20,000, 100,000 and 300,000 stations, streamed */
  exports: Array<{ province: string } & RunMeasure>;
  stations: number;
  workOrders: number;
  selfAudits: number;
  cases: ListCase[];
  /** the same list as an agent user (data scope on every query) */
  agent: ListCase | null;
}

const ADMIN: AuthContext = {
  userId: 1, sessionId: '', username: 'admin', fullName: '', identity: 'system', agentId: null, departmentId: null,
  avatar: null, isAdmin: true, roles: ['admin'], permissions: new Set(), scope: 'all',
};

const count = async (db: Parameters<typeof query>[0], table: string) =>
  Number((await query<{ n: number }>(db, sql.raw(`select count(*)::bigint as n from ${table}`)))[0]!.n);

export async function benchOperations(databaseUrl: string, password: string, requests: number): Promise<OperationsResult> {
  const { base, token, handle, login, close } = await serve({ databaseUrl, password });
  try {
    const db = handle.db;
    const [busy] = await query<{ agent_id: number; team_id: number }>(
      db,
      sql`select (select agent_id from station_counts where agent_id is not null group by 1 order by sum(n) desc limit 1) as agent_id,
                 (select team_id from work_orders where team_id is not null and kind = 'build' limit 1) as team_id`,
    );
    const agentId = String(busy!.agent_id);
    const teamId = String(busy!.team_id);
    const defs: Array<{ name: string; resource: ResourceDef; table: string; filter: Record<string, string>; where: string }> = [
      { name: '电站列表: no filter, newest first', resource: stationResource, table: 'stations', filter: {}, where: 'true' },
      { name: '电站列表: status 待施工', resource: stationResource, table: 'stations', filter: { status: 'build_pending' }, where: `status = 'build_pending'` },
      { name: '电站列表: province 370000 + status 运维中', resource: stationResource, table: 'stations', filter: { province_code: '370000', status: 'operating' }, where: `province_code = '370000' and status = 'operating'` },
      { name: '电站列表: one agent (the largest)', resource: stationResource, table: 'stations', filter: { agent_id: agentId }, where: `agent_id = ${agentId}` },
      { name: '电站列表: province 370000, page 50', resource: stationResource, table: 'stations', filter: { province_code: '370000', page: '50' }, where: `province_code = '370000'` },
      { name: '施工派单: all, newest first', resource: workOrderResource, table: 'work_orders', filter: { kind: 'build' }, where: `kind = 'build'` },
      { name: '施工派单: 待派单', resource: workOrderResource, table: 'work_orders', filter: { kind: 'build', status: 'pending_dispatch' }, where: `kind = 'build' and status = 'pending_dispatch'` },
      { name: '施工派单: overdue', resource: workOrderResource, table: 'work_orders', filter: { kind: 'build', overdue: 'true' }, where: `kind = 'build' and overdue` },
      { name: '施工派单: one team', resource: workOrderResource, table: 'work_orders', filter: { kind: 'build', team_id: teamId }, where: `kind = 'build' and team_id = ${teamId}` },
      { name: '并网派单: province 370000', resource: workOrderResource, table: 'work_orders', filter: { kind: 'grid', province_code: '370000' }, where: `kind = 'grid' and province_code = '370000'` },
      { name: '并网派单: cancelled, by deadline', resource: workOrderResource, table: 'work_orders', filter: { kind: 'grid', status: 'cancelled', sort: 'deadline', order: 'ASC' }, where: `kind = 'grid' and status = 'cancelled'` },
      { name: '施工自检: to review', resource: selfAuditResource, table: 'self_audits', filter: { kind: 'build', result: 'pending' }, where: `kind = 'build' and result = 'pending'` },
      { name: '并网自检: approved', resource: selfAuditResource, table: 'self_audits', filter: { kind: 'grid', result: 'approved' }, where: `kind = 'grid' and result = 'approved'` },
    ];
    const pathOf = (r: ResourceDef) => `/api/system/${r.name}/index`;
    const measureCase = async (d: (typeof defs)[number], bearer: string, auth: AuthContext): Promise<ListCase> => {
      const listQuery = { page: '1', limit: '20', ...d.filter };
      const url = `${base}${pathOf(d.resource)}?${new URLSearchParams(listQuery)}`;
      let total = 0;
      const callApi = async () => {
        const res = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
        const body = (await res.json()) as { code: number; data: { list: unknown[]; total: number } };
        if (body.code !== 200) throw new Error(`${d.name}: ${JSON.stringify(body).slice(0, 200)}`);
        total = body.data.total;
      };
      const callDriver = async () => {
        await listRecords(db, d.resource, listQuery, auth, 'zh');
      };
      const callNaive = async () => {
        await query(db, sql.raw(`select count(*) from ${d.table} where ${d.where}`));
      };
      for (let i = 0; i < 20; i++) await callApi(); // warm caches and JIT
      const driverRun = await drive(requests, 1, callDriver);
      const httpRun = await drive(requests, 1, callApi);
      const naiveRun = await drive(Math.min(requests, 20), 1, callNaive);
      console.log(`  ${d.name}: ${total} rows`);
      return {
        name: d.name,
        path: pathOf(d.resource),
        filter: d.filter,
        total,
        http: summarize(httpRun.samples, httpRun.wallMs),
        driver: summarize(driverRun.samples, driverRun.wallMs),
        naiveCount: summarize(naiveRun.samples, naiveRun.wallMs),
      };
    };
    const cases: ListCase[] = [];
    for (const d of defs) cases.push(await measureCase(d, token, ADMIN));
    // an agent user: its data scope (its agent and children) is a condition on every query
    let agent: ListCase | null = null;
    const [agentUser] = await query<{ username: string }>(db, sql`select username from users where username = 'agent_sd'`);
    if (agentUser) {
      const bearer = await login('agent_sd', password);
      const me = await query<{ agent_id: number }>(db, sql`select agent_id from users where username = 'agent_sd'`);
      const auth: AuthContext = { ...ADMIN, userId: 0, username: 'agent_sd', identity: 'agent', isAdmin: false, roles: ['agent'], agentId: me[0]!.agent_id, scope: 'agent' };
      const tree = `(select id from agents where id = ${me[0]!.agent_id} or parent_id = ${me[0]!.agent_id})`;
      agent = await measureCase(
        { name: '施工派单 as the agent agent_sd (agent scope)', resource: workOrderResource, table: 'work_orders', filter: { kind: 'build' }, where: `kind = 'build' and agent_id in ${tree}` },
        bearer,
        auth,
      );
    }
    // Excel export streams: the provinces nearest 20,000, 100,000 and 300,000 stations (flat memory: the same growth)
    const headers = { authorization: `Bearer ${token}` };
    const exports: OperationsResult['exports'] = [];
    for (const size of [20_000, 100_000, 300_000]) {
      const [p] = await query<{ code: string; n: number }>(
        db,
        sql`select province_code as code, sum(n)::int as n from station_counts_region group by 1 order by abs(sum(n) - ${size}) limit 1`,
      );
      const url = `${base}/api/system/station/export?province_code=${p!.code}`;
      const run = async () => {
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error(`station export: HTTP ${res.status}`);
        return { rows: Number(p!.n), bytes: await drain(res) };
      };
      await run(); // warm up
      exports.push({ province: p!.code, ...(await measured(run)) });
      console.log(`  station export ${p!.code}: ${p!.n} rows`);
    }
    return { exports, stations: await count(db, 'stations'), workOrders: await count(db, 'work_orders'), selfAudits: await count(db, 'self_audits'), cases, agent };
  } finally {
    await close();
  }
}
