import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CounterSpec } from '../resources/define.ts';
import type { AuthContext } from './auth/context.ts';

/** The agent itself and its second-level children (agents are two levels deep). */
export const agentTree = (agentId: number) => sql`(select a.id from agents a where a.id = ${agentId} or a.parent_id = ${agentId})`;

/**
 * Rows a caller may see, for tables with an agent column and a creator (and optionally an owner).
 * all → everything; department → rows created by users of the caller's department; agent → rows of
 * the caller's agent and its children; self → rows the caller created or owns.
 */
export function ownershipScope(auth: AuthContext, cols: { agent: PgColumn; createdBy: PgColumn; owner?: PgColumn }): SQL | undefined {
  const self = cols.owner
    ? sql`(${cols.createdBy} = ${auth.userId} or ${cols.owner} = ${auth.userId})`
    : sql`${cols.createdBy} = ${auth.userId}`;
  switch (auth.scope) {
    case 'all':
      return undefined;
    case 'department':
      if (auth.departmentId === null) return self;
      return sql`(${cols.createdBy} in (select u.id from users u where u.department_id = ${auth.departmentId}) or ${self})`;
    case 'agent':
      return auth.agentId === null ? sql`false` : sql`${cols.agent} in ${agentTree(auth.agentId)}`;
    case 'self':
      return self;
  }
}

/**
 * Counter tables for a list (CounterSpec): the per-region table, usable only with the `all` scope,
 * then the per-agent one, usable with `all` and `agent`. Department and self scopes depend on the
 * creator, which counters do not keep, so those lists count rows.
 */
export function agentRegionCounters(
  region: { table: PgTable; n: PgColumn; columns: Record<string, PgColumn> },
  perAgent: { table: PgTable; n: PgColumn; columns: Record<string, PgColumn>; agent: PgColumn },
): CounterSpec[] {
  return [
    { ...region, scope: (auth) => (auth.scope === 'all' ? undefined : null) },
    {
      table: perAgent.table,
      n: perAgent.n,
      columns: { ...perAgent.columns, agent_id: perAgent.agent },
      scope: (auth) =>
        auth.scope === 'all' ? undefined : auth.scope === 'agent' ? (auth.agentId === null ? sql`false` : sql`${perAgent.agent} in ${agentTree(auth.agentId)}`) : null,
    },
  ];
}
