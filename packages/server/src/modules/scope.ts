import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
