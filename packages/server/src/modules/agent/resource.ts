import { AgentStatus } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { agents } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { agentTree } from '../scope.ts';

/**
 * 代理商, read-only for now (the agent screens arrive with their own issue): the customer forms pick
 * an agent from this list. An agent's staff see their own agent and its children.
 */
export const agentResource = defineResource({
  name: 'agent',
  permission: 'agent',
  table: agents,
  ops: ['index', 'get_info'],
  sorts: { id: agents.id, code: agents.code, name: agents.name, created_at: agents.created_at },
  defaultSort: { field: 'id', order: 'ASC' },
  filters: {
    id: { column: agents.id, op: 'eq', schema: z.coerce.number({ error: 'validation.number' }).int().positive(), multi: true },
    name: { column: agents.name, op: 'contains', schema: z.string().max(100) },
    code: { column: agents.code, op: 'prefix', schema: z.string().max(32) },
    province_code: { column: agents.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    parent_id: { column: agents.parent_id, op: 'eq', schema: z.coerce.number({ error: 'validation.number' }).int().positive() },
    status: { column: agents.status, op: 'eq', schema: z.enum(AgentStatus.values, { error: 'validation.enum' }), multi: true },
  },
  search: [agents.name, agents.code, agents.contact],
  quickFields: {},
  scope: (auth) => (auth.scope === 'agent' ? (auth.agentId === null ? sql`false` : sql`${agents.id} in ${agentTree(auth.agentId)}`) : undefined),
  // correlated subqueries name the outer column explicitly (drizzle may render it unqualified)
  extraColumns: {
    parent_name: sql<string | null>`(select p.name from agents p where p.id = "agents"."parent_id")`,
  },
  present(row) {
    const out = plainRow(row);
    out.bank_account = row.bank_account ? String(row.bank_account).replace(/^(.{4}).*(.{4})$/, '$1****$2') : null;
    return out;
  },
});
