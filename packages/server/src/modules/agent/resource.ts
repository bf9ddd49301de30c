import { AgentStatus, agentCreateSchema, agentEditSchema, loadRegions, maskMiddle } from '@pv/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { agents, customers, stations, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource, range, filterValue } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { agentTree } from '../scope.ts';

type Row = Record<string, unknown>;
const REGION = ['province_code', 'city_code', 'district_code'] as const;

/** 结算账户 never leaves the server in full: 6228****0000. */
export const maskAccount = (v: unknown): string | null =>
  typeof v === 'string' && v ? (v.length > 8 ? maskMiddle(v, 4, 4) : '****' + v.slice(-4)) : null;

/** What of a logged agent row may leave the server (history): the account masked like the record. */
export const maskAgentLogged = (row: Row): Row => ({ ...row, bank_account: maskAccount(row.bank_account) });

/** The province / city / district must nest (所选区县不属于该城市). */
async function checkRegionNests(value: Row) {
  const error = (await loadRegions()).regionError(Object.fromEntries(REGION.map((k) => [k, (value[k] ?? null) as string | null])));
  if (error) throw new ApiError(400, error);
}

/** A region lies inside another when every level the outer one fixes is the same. */
const regionInside = (inner: Row, outer: Row) => REGION.every((k) => !outer[k] || outer[k] === inner[k]);

/**
 * The rules of a write with the merged (stored + changed) values: code unique, two levels only (a
 * parent is top-level, an agent with children stays top-level), a child's region inside its parent's,
 * a parent's new region still covering its children.
 */
async function checkAgent(tx: Queryable, value: Row, selfId: number | null) {
  await checkRegionNests(value);
  const code = value.code as string;
  const [taken] = await tx.select({ id: agents.id }).from(agents).where(selfId === null ? eq(agents.code, code) : and(eq(agents.code, code), ne(agents.id, selfId)));
  if (taken) throw new ApiError(400, 'error.agent_code_taken', { code });
  const parentId = (value.parent_id ?? null) as number | null;
  if (parentId !== null) {
    if (parentId === selfId) throw new ApiError(400, 'error.agent_parent_self');
    const [parent] = await tx.select().from(agents).where(eq(agents.id, parentId));
    if (!parent) throw new ApiError(400, 'error.agent_not_found', { id: parentId });
    if (parent.parent_id !== null) throw new ApiError(400, 'error.agent_parent_not_top', { name: parent.name });
    if (selfId !== null) {
      const [kids] = await tx.select({ n: count() }).from(agents).where(eq(agents.parent_id, selfId));
      if (Number(kids?.n ?? 0) > 0) throw new ApiError(400, 'error.agent_has_children', { name: value.name, count: Number(kids!.n) });
    }
    if (!regionInside(value, parent)) throw new ApiError(400, 'error.agent_region_outside_parent', { name: parent.name });
  } else if (selfId !== null) {
    const children = await tx.select().from(agents).where(eq(agents.parent_id, selfId));
    const outside = children.find((c) => !regionInside(c, value));
    if (outside) throw new ApiError(400, 'error.agent_region_child_outside', { name: outside.name });
  }
}

/** What still hangs on an agent: customers, stations, sub-agents, user accounts. */
export async function agentUsage(tx: Queryable, agentId: number) {
  const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]?.n ?? 0);
  const [custs, stats, children, staff] = await Promise.all([
    n(tx.select({ n: count() }).from(customers).where(eq(customers.agent_id, agentId))),
    n(tx.select({ n: count() }).from(stations).where(eq(stations.agent_id, agentId))),
    n(tx.select({ n: count() }).from(agents).where(eq(agents.parent_id, agentId))),
    n(tx.select({ n: count() }).from(users).where(eq(users.agent_id, agentId))),
  ]);
  return { customers: custs, stations: stats, children, users: staff };
}

/**
 * 代理商 (DOMAIN.md): two levels, an authorised region, status 待审核/启用/停用 moved only by the
 * enable/disable actions (routes.ts). An agent's staff see their own agent and its children.
 */
export const agentResource = defineResource({
  name: 'agent',
  permission: 'agent',
  table: agents,
  createSchema: agentCreateSchema,
  editSchema: agentEditSchema,
  sorts: {
    id: agents.id,
    code: agents.code,
    name: agents.name,
    status: agents.status,
    deposit: agents.deposit,
    created_at: agents.created_at,
    updated_at: agents.updated_at,
  },
  defaultSort: { field: 'id', order: 'ASC' },
  filters: {
    id: { column: agents.id, op: 'eq', schema: filterValue.id, multi: true },
    name: { column: agents.name, op: 'contains', schema: z.string().max(100) },
    code: { column: agents.code, op: 'prefix', schema: z.string().max(32) },
    province_code: { column: agents.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: agents.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    parent_id: { column: agents.parent_id, op: 'eq', schema: filterValue.id, multi: true },
    /** top=1: top-level agents only (the parent picker); top=0: second-level only */
    top: {
      column: agents.parent_id,
      op: 'eq',
      schema: z.enum(['0', '1', 'true', 'false'], { error: 'validation.enum' }),
      where: (v) => (v[0] === '1' || v[0] === 'true' ? sql`${agents.parent_id} is null` : sql`${agents.parent_id} is not null`),
    },
    status: { column: agents.status, op: 'eq', schema: z.enum(AgentStatus.values, { error: 'validation.enum' }), multi: true },
    ...range('created_at', agents.created_at, z.string().refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' }).transform((v) => new Date(v))),
  },
  search: [agents.name, agents.code, agents.contact, agents.phone],
  quickFields: {},
  scope: (auth) => (auth.scope === 'agent' ? (auth.agentId === null ? sql`false` : sql`${agents.id} in ${agentTree(auth.agentId)}`) : undefined),
  // correlated subqueries name the outer column explicitly (drizzle may render it unqualified)
  extraColumns: {
    parent_name: sql<string | null>`(select p.name from agents p where p.id = "agents"."parent_id")`,
    created_by_name: sql<string | null>`(select u.full_name from users u where u.id = "agents"."created_by")`,
    children_count: sql<number>`(select count(*)::int from agents c where c.parent_id = "agents"."id")`,
    // the 合作伙伴 record the agent is (partner/link)
    partner_name: sql<string | null>`(select p.name from partners p where p.id = "agents"."partner_id")`,
  },
  present(row) {
    const out = plainRow(row);
    out.bank_account = maskAccount(row.bank_account);
    return out;
  },
  async prepareCreate(input, { auth, tx }) {
    await checkAgent(tx, input, null);
    return { ...input, created_by: auth.userId };
  },
  async prepareEdit(input, before, { tx }) {
    await checkAgent(tx, { ...before, ...input }, before.id as number);
    return input;
  },
  async beforeDelete(rows, { tx }) {
    for (const row of rows) {
      const usage = await agentUsage(tx, row.id as number);
      if (usage.customers || usage.stations || usage.children || usage.users) {
        throw new ApiError(400, 'error.agent_in_use', { name: row.name, ...usage });
      }
    }
  },
});
