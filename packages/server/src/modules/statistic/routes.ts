import { PROVINCES, type UserAreaStat } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query } from '../../db/client.ts';
import { customers, stations } from '../../db/schema/index.ts';
import { authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { agentTree, ownershipScope } from '../scope.ts';

const provinceName = new Map(PROVINCES.map((p) => [p.code, p.zh]));

/** Statistics for the dashboards and the big screen. */
export function statisticRoutes(app: FastifyInstance, { db }: Deps) {
  app.post(
    '/api/system/statistic/user_area',
    {
      config: { permission: 'statistic:view' },
      schema: doc('statistic', 'Customers, stations and installed kWp per province (UserAreaStat), within the data scope'),
    },
    async (req) => {
      const auth = authOf(req);
      // customers per province come from the trigger-maintained counters when the scope allows
      // (all / agent), else a GROUP BY; stations are a plain GROUP BY until the statistics issue adds rollups
      const cScope = ownershipScope(auth, { agent: customers.agent_id, createdBy: customers.created_by, owner: customers.owner_id }) ?? sql`true`;
      const customerCountsSql =
        auth.scope === 'all'
          ? sql`select province_code as code, sum(n)::int as n from customer_counts_region group by 1 having sum(n) > 0`
          : auth.scope === 'agent'
            ? sql`select province_code as code, sum(n)::int as n from customer_counts
                  where ${auth.agentId === null ? sql`false` : sql`agent_id in ${agentTree(auth.agentId)}`} group by 1 having sum(n) > 0`
            : sql`select ${customers.province_code} as code, count(*)::int as n from ${customers} where ${cScope} group by 1`;
      const sScope = ownershipScope(auth, { agent: stations.agent_id, createdBy: stations.created_by }) ?? sql`true`;
      const rows = await query<{ code: string; customers: number; stations: number; capacity_kwp: string | number }>(
        db,
        sql`with c as (${customerCountsSql}),
                 s as (select ${stations.province_code} as code, count(*)::int as n, coalesce(sum(${stations.capacity_kwp}), 0)::float8 as kwp
                       from ${stations} where ${sScope} group by 1)
            select coalesce(c.code, s.code) as code, coalesce(c.n, 0) as customers, coalesce(s.n, 0) as stations, coalesce(s.kwp, 0) as capacity_kwp
            from c full join s on s.code = c.code
            order by 2 desc, 1`,
      );
      const data: UserAreaStat = {
        as_of: new Date().toISOString(),
        provinces: rows.map((r) => ({
          code: r.code,
          name: provinceName.get(r.code) ?? r.code,
          customers: Number(r.customers),
          stations: Number(r.stations),
          capacity_kwp: Math.round(Number(r.capacity_kwp) * 100) / 100,
        })),
      };
      return ok(data);
    },
  );
}
