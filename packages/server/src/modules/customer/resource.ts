import {
  BusinessMode,
  CUSTOMER_QUICK_FIELDS,
  CustomerSource,
  CustomerStage,
  CustomerStatus,
  customerCreateSchema,
  customerEditSchema,
  loadRegions,
  maskMiddle,
} from '@pv/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { agents, customerCounts, customerCountsRegion, customers } from '../../db/schema/index.ts';
import { ApiError, outOfScope } from '../../http/errors.ts';
import { type Queryable, query } from '../../db/client.ts';
import { defineResource, range, type WriteContext, filterValue } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, agentTree, ownershipScope } from '../scope.ts';
import type { AuthContext } from '../auth/context.ts';

const text = (max = 50) => z.string().max(max);

/** Forces and checks the agent of a write: agent-scoped users only write for their own agent tree. */
async function resolveAgent(tx: Queryable, auth: AuthContext, wanted: number | null | undefined): Promise<number | null | undefined> {
  if (auth.scope === 'agent' && !auth.isAdmin) {
    if (wanted === undefined || wanted === null) return auth.agentId;
    const [ok] = await tx.select({ id: agents.id }).from(agents).where(sql`${agents.id} = ${wanted} and ${agents.id} in ${agentTree(auth.agentId ?? 0)}`);
    if (!ok) throw outOfScope(wanted);
    return wanted;
  }
  if (wanted !== undefined && wanted !== null) {
    const [found] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, wanted));
    if (!found) throw new ApiError(400, 'error.agent_not_found', { id: wanted });
  }
  return wanted;
}

/**
 * The province / city / district of a write must nest (所选区县不属于该城市); an edit is checked with
 * the stored values of the levels it leaves alone.
 */
export async function checkRegion(input: Record<string, unknown>, before: Record<string, unknown> = {}): Promise<void> {
  const keys = ['province_code', 'city_code', 'district_code'] as const;
  if (!keys.some((k) => k in input)) return;
  const value = Object.fromEntries(keys.map((k) => [k, (k in input ? input[k] : before[k]) as string | null | undefined]));
  const error = (await loadRegions()).regionError(value);
  if (error) throw new ApiError(400, error);
}

const editable = customerEditSchema.shape;

/** The system log keeps whether an app password is set, never its hash. */
function withoutAppPassword(row: Record<string, unknown>): Record<string, unknown> {
  if (!('app_password_hash' in row)) return row;
  const { app_password_hash, ...rest } = row;
  return { ...rest, app_password_set: !!app_password_hash };
}

export const customerResource = defineResource({
  name: 'customer',
  permission: 'customer',
  table: customers,
  createSchema: customerCreateSchema,
  editSchema: customerEditSchema,
  sorts: {
    id: customers.id,
    name: customers.name,
    created_at: customers.created_at,
    updated_at: customers.updated_at,
    signed_at: customers.signed_at,
    estimated_kwp: customers.estimated_kwp,
    status: customers.status,
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: customers.id, op: 'eq', schema: filterValue.id, multi: true },
    stage: { column: customers.stage, op: 'eq', schema: filterValue.enumOf(CustomerStage.values), multi: true },
    status: { column: customers.status, op: 'eq', schema: filterValue.enumOf(CustomerStatus.values), multi: true },
    source: { column: customers.source, op: 'eq', schema: filterValue.enumOf(CustomerSource.values), multi: true },
    business_mode: { column: customers.business_mode, op: 'eq', schema: filterValue.enumOf(BusinessMode.values), multi: true },
    // prefix match: served by the text_pattern_ops index (surname search is the common case)
    name: { column: customers.name, op: 'prefix', schema: text(32) },
    phone: { column: customers.phone, op: 'prefix', schema: z.string().regex(/^\d{1,11}$/, { error: 'validation.phone' }) },
    province_code: { column: customers.province_code, op: 'eq', schema: text(6), multi: true },
    city_code: { column: customers.city_code, op: 'eq', schema: text(6), multi: true },
    district_code: { column: customers.district_code, op: 'eq', schema: text(12) },
    agent_id: { column: customers.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    owner_id: { column: customers.owner_id, op: 'eq', schema: filterValue.id, multi: true },
    ...range('created_at', customers.created_at, filterValue.date),
    ...range('signed_at', customers.signed_at, filterValue.date),
  },
  search: [customers.name, customers.phone, customers.address],
  quickFields: Object.fromEntries(CUSTOMER_QUICK_FIELDS.map((f) => [f, editable[f]])),
  // department/self scopes depend on the creator and owner: those lists count rows
  counters: agentRegionCounters(
    { table: customerCountsRegion, n: customerCountsRegion.n, columns: { stage: customerCountsRegion.stage, status: customerCountsRegion.status, province_code: customerCountsRegion.province_code } },
    { table: customerCounts, n: customerCounts.n, columns: { stage: customerCounts.stage, status: customerCounts.status, province_code: customerCounts.province_code }, agent: customerCounts.agent_id },
  ),
  scope: (auth) => ownershipScope(auth, { agent: customers.agent_id, createdBy: customers.created_by, owner: customers.owner_id }),
  extraColumns: {
    agent_name: sql<string | null>`(select a.name from agents a where a.id = "customers"."agent_id")`,
    owner_name: sql<string | null>`(select u.full_name from users u where u.id = "customers"."owner_id")`,
    app_password_set: sql<boolean>`("customers"."app_password_hash" is not null)`,
  },
  // the 光E宝 password hash is never read for the API, only whether one is set (above)
  unread: ['app_password_hash'],
  present(row) {
    const out = plainRow(row);
    // id card and bank card are stored in full and never leave the server unmasked
    out.id_card = row.id_card ? maskMiddle(row.id_card as string) : null;
    out.bank_card = row.bank_card ? maskMiddle(row.bank_card as string) : null;
    // the 光E宝 app password hash never leaves the server: only whether one is set
    delete out.app_password_hash;
    out.app_password_set = 'app_password_set' in row ? !!row.app_password_set : !!row.app_password_hash;
    return out;
  },
  logRow: withoutAppPassword,
  async prepareCreate(input, { auth, tx }: WriteContext) {
    await checkRegion(input);
    await checkFinancier(tx, input.financier_id);
    const formal = input.stage === 'formal';
    return {
      ...input,
      agent_id: await resolveAgent(tx, auth, input.agent_id as number | null | undefined),
      source: auth.scope === 'agent' && !auth.isAdmin && !input.source ? 'agent' : input.source,
      status: formal ? 'signed' : 'new',
      signed_at: formal ? new Date() : null,
      created_by: auth.userId,
    };
  },
  async prepareEdit(input, before, { auth, tx }) {
    await checkRegion(input, before);
    if ('financier_id' in input && input.financier_id !== before.financier_id) await checkFinancier(tx, input.financier_id);
    if ('agent_id' in input && input.agent_id !== before.agent_id) {
      input.agent_id = await resolveAgent(tx, auth, input.agent_id as number | null);
    }
    return input;
  },
});

/** A customer's financier must be a partner of kind 资方 (docs/DECISIONS.md "Statements"). */
export async function checkFinancier(tx: Queryable, id: unknown) {
  if (id == null) return;
  const [p] = await query<{ kind: string }>(tx, sql`select kind from partners where id = ${Number(id)}`);
  if (!p || p.kind !== 'financier') throw new ApiError(400, 'error.customer_financier', { id });
}
