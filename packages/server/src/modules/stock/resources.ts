import {
  MaterialCategory,
  SerialStatus,
  StockMovementKind,
  StockRefType,
  StockStatus,
  WarehouseKind,
  materialCreateSchema,
  materialEditSchema,
  warehouseCreateSchema,
  warehouseEditSchema,
} from '@pv/contract';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { materials, stockBalances, stockMovementCounts, stockMovementCountsMaterial, stockMovements, stockSerials, users, warehouses } from '../../db/schema/index.ts';
import { ApiError, outOfScope } from '../../http/errors.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { checkRegion } from '../customer/resource.ts';
import { plainRow } from '../present.ts';
import { ownershipScope } from '../scope.ts';

type Row = Record<string, unknown>;

/** A numeric(…) value as the database gives it ("12.500") → the shortest decimal text ("12.5"); text only, no float. */
export function trimDecimal(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v);
  if (!s.includes('.')) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}

const QTY_KEYS = ['qty', 'balance_after', 'low_threshold', 'counted', 'expected'];
/** plainRow with quantities as trimmed decimal strings (money keeps its two decimals). */
export function presentStock(row: Row): Row {
  const out = plainRow(row);
  for (const k of QTY_KEYS) if (k in out) out[k] = trimDecimal(out[k]);
  return out;
}

/**
 * The warehouses a field team member issues from (docs/DECISIONS.md "Stock": parts at the handler's
 * hand): those serving his team (team_id: his van), and the central and regional warehouses whose
 * region covers the region of his van — same province, and the same city and district where the
 * warehouse names them. Configured on the warehouses alone: keeper, team, region.
 */
export const teamWarehouses = (userId: number): SQL => sql`(${warehouses.team_id} = ${userId} or (${warehouses.kind} <> 'van' and exists (
  select 1 from warehouses v where v.team_id = ${userId} and v.kind = 'van' and v.status = 'enabled'
    and v.province_code = ${warehouses.province_code}
    and (${warehouses.city_code} is null or ${warehouses.city_code} = v.city_code)
    and (${warehouses.district_code} is null or ${warehouses.district_code} = v.district_code))))`;

/**
 * Warehouses a caller may see: agent tree / department / self = created it or keeps it — and, for
 * everyone short of the `all` scope, the warehouses of their team (teamWarehouses).
 */
export const warehouseScope = (auth: AuthContext): SQL | undefined => {
  const own = ownershipScope(auth, { agent: warehouses.agent_id, createdBy: warehouses.created_by, owner: warehouses.keeper_id });
  return own ? or(own, teamWarehouses(auth.userId)) : undefined;
};

/** Rows of a table with a warehouse column whose warehouse the caller may see. */
export function viaWarehouse(column: PgColumn, auth: AuthContext): SQL | undefined {
  const scope = warehouseScope(auth);
  return scope ? sql`${column} in (select "warehouses"."id" from "warehouses" where ${scope})` : undefined;
}

const idIn = (column: PgColumn, subquery: (values: unknown[]) => SQL) => (values: unknown[]) => sql`${column} in (${subquery(values)})`;
const list = (values: unknown[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

async function assertUnique(tx: Queryable, table: typeof materials | typeof warehouses, code: unknown, exceptId: number | null, key: string) {
  if (code === undefined) return;
  const [dup] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.code, code as string), exceptId === null ? undefined : ne(table.id, exceptId)));
  if (dup) throw new ApiError(400, key, { code });
}

/** Has the material (or the warehouse) stock or ledger rows? Then it cannot be deleted or change its serial tracking. */
async function hasStock(tx: Queryable, column: 'material_id' | 'warehouse_id', id: number): Promise<boolean> {
  const [m] = await tx.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements[column], id)).limit(1);
  if (m) return true;
  const [b] = await tx.select({ id: stockBalances.id }).from(stockBalances).where(and(eq(stockBalances[column], id), sql`${stockBalances.qty} <> 0`)).limit(1);
  return !!b;
}

// ---------------------------------------------------------------- materials

/** /api/system/material/*: the catalogue, readable by every holder of material:index (no data scope). */
export const materialResource = defineResource({
  name: 'material',
  permission: 'material',
  table: materials,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: materialCreateSchema,
  editSchema: materialEditSchema,
  sorts: {
    id: materials.id,
    code: materials.code,
    name: materials.name,
    category: materials.category,
    unit_price: materials.unit_price,
    status: materials.status,
    created_at: materials.created_at,
    updated_at: materials.updated_at,
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: materials.id, op: 'eq', schema: filterValue.id, multi: true },
    category: { column: materials.category, op: 'eq', schema: filterValue.enumOf(MaterialCategory.values), multi: true },
    status: { column: materials.status, op: 'eq', schema: filterValue.enumOf(StockStatus.values) },
    serial_tracked: { column: materials.serial_tracked, op: 'eq', schema: filterValue.bool },
    code: { column: materials.code, op: 'eq', schema: z.string().max(32) },
    ...range('created_at', materials.created_at, filterValue.date),
  },
  search: [materials.code, materials.name, materials.spec],
  quickFields: {},
  scope: () => undefined,
  present: (row) => plainRow(row),
  async prepareCreate(input, { auth, tx }) {
    await assertUnique(tx, materials, input.code, null, 'error.material_code_taken');
    return { ...input, created_by: auth.userId };
  },
  async prepareEdit(input, before, { tx }) {
    await assertUnique(tx, materials, input.code, before.id as number, 'error.material_code_taken');
    if (input.serial_tracked !== undefined && input.serial_tracked !== before.serial_tracked && (await hasStock(tx, 'material_id', before.id as number))) {
      throw new ApiError(400, 'error.material_serial_locked', { name: before.name });
    }
    return input;
  },
  async beforeDelete(rows, { tx }) {
    for (const r of rows) {
      const [b] = await tx.select({ id: stockBalances.id }).from(stockBalances).where(eq(stockBalances.material_id, r.id as number)).limit(1);
      if (b || (await hasStock(tx, 'material_id', r.id as number))) throw new ApiError(400, 'error.material_in_use', { name: r.name });
    }
  },
});

// ---------------------------------------------------------------- warehouses

/** A warehouse's stock value at unit prices (yuan, numeric(16,2) as text), summed by the database: the list column and the O&M statistic. */
export const warehouseStockValue = sql<string>`(select coalesce(sum(b.qty * m.unit_price), 0)::numeric(16,2)::text from stock_balances b join materials m on m.id = b.material_id where b.warehouse_id = "warehouses"."id")`;

const warehouseExtra = {
  keeper_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = "warehouses"."keeper_id")`,
  team_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = "warehouses"."team_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = "warehouses"."agent_id")`,
  stock_value: warehouseStockValue,
};

/** The keeper and the team member a warehouse names: enabled users. */
async function checkPeople(tx: Queryable, input: Row) {
  for (const [field, key] of [['keeper_id', 'error.warehouse_keeper_invalid'], ['team_id', 'error.warehouse_team_invalid']] as const) {
    const id = input[field];
    if (id === null || id === undefined) continue;
    const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, id as number), eq(users.status, 'enabled')));
    if (!u) throw new ApiError(400, key, { id });
  }
}

/** An agent's user's new warehouse is its agent's unless it names one (another agent's is then out of scope: 403). */
function defaultAgent(input: Row, auth: AuthContext): Row {
  return auth.scope === 'agent' && input.agent_id == null ? { ...input, agent_id: auth.agentId } : input;
}

/** /api/system/warehouse/*: 中心仓 / 区域仓 / 班组车载 with a keeper; agent data scope (agent_id), self = keeper or creator. */
export const warehouseResource = defineResource({
  name: 'warehouse',
  permission: 'warehouse',
  table: warehouses,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: warehouseCreateSchema,
  editSchema: warehouseEditSchema,
  sorts: {
    id: warehouses.id,
    code: warehouses.code,
    name: warehouses.name,
    kind: warehouses.kind,
    status: warehouses.status,
    province_code: warehouses.province_code,
    created_at: warehouses.created_at,
    updated_at: warehouses.updated_at,
    keeper_name: sortBy(warehouseExtra.keeper_name),
    team_name: sortBy(warehouseExtra.team_name),
    stock_value: sortBy(warehouseExtra.stock_value, 'numeric'),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: warehouses.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: warehouses.kind, op: 'eq', schema: filterValue.enumOf(WarehouseKind.values), multi: true },
    status: { column: warehouses.status, op: 'eq', schema: filterValue.enumOf(StockStatus.values) },
    province_code: { column: warehouses.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: warehouses.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: warehouses.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    keeper_id: { column: warehouses.keeper_id, op: 'eq', schema: filterValue.id, multi: true },
    team_id: { column: warehouses.team_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: warehouses.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    ...range('created_at', warehouses.created_at, filterValue.date),
  },
  search: [warehouses.code, warehouses.name, warehouses.address],
  quickFields: {},
  scope: warehouseScope,
  extraColumns: warehouseExtra,
  present: (row) => plainRow(row),
  async prepareCreate(input, { auth, tx }) {
    await assertUnique(tx, warehouses, input.code, null, 'error.warehouse_code_taken');
    if (input.province_code != null) await checkRegion(input);
    await checkPeople(tx, input);
    return { ...defaultAgent(input, auth), created_by: auth.userId };
  },
  async prepareEdit(input, before, { auth, tx }) {
    await assertUnique(tx, warehouses, input.code, before.id as number, 'error.warehouse_code_taken');
    if (input.province_code !== undefined || input.city_code !== undefined) await checkRegion(input, before);
    await checkPeople(tx, input);
    // an agent's user cannot hand its warehouse to another agent (or to none)
    if (auth.scope === 'agent' && input.agent_id !== undefined && input.agent_id !== before.agent_id) throw outOfScope(input.agent_id);
    return input;
  },
  async beforeDelete(rows, { tx }) {
    for (const r of rows) {
      const [b] = await tx.select({ id: stockBalances.id }).from(stockBalances).where(eq(stockBalances.warehouse_id, r.id as number)).limit(1);
      const [s] = await tx.select({ id: stockSerials.id }).from(stockSerials).where(eq(stockSerials.warehouse_id, r.id as number)).limit(1);
      if (b || s || (await hasStock(tx, 'warehouse_id', r.id as number))) throw new ApiError(400, 'error.warehouse_in_use', { name: r.name });
    }
  },
});

// ---------------------------------------------------------------- balances

const balanceExtra = {
  warehouse_code: sql<string>`(select w.code from warehouses w where w.id = "stock_balances"."warehouse_id")`,
  warehouse_name: sql<string>`(select w.name from warehouses w where w.id = "stock_balances"."warehouse_id")`,
  warehouse_kind: sql<string>`(select w.kind from warehouses w where w.id = "stock_balances"."warehouse_id")`,
  material_code: sql<string>`(select m.code from materials m where m.id = "stock_balances"."material_id")`,
  material_name: sql<string>`(select m.name from materials m where m.id = "stock_balances"."material_id")`,
  material_spec: sql<string | null>`(select m.spec from materials m where m.id = "stock_balances"."material_id")`,
  material_unit: sql<string>`(select m.unit from materials m where m.id = "stock_balances"."material_id")`,
  material_category: sql<string>`(select m.category from materials m where m.id = "stock_balances"."material_id")`,
  serial_tracked: sql<boolean>`(select m.serial_tracked from materials m where m.id = "stock_balances"."material_id")`,
  low: sql<boolean>`coalesce("stock_balances"."qty" < "stock_balances"."low_threshold", false)`,
  value: sql<string>`(select ("stock_balances"."qty" * m.unit_price)::numeric(16,2)::text from materials m where m.id = "stock_balances"."material_id")`,
};

const materialWhere = (column: PgColumn, cond: (values: unknown[]) => SQL) => idIn(column, (v) => sql`select m.id from materials m where ${cond(v)}`);
const warehouseWhere = (column: PgColumn, cond: (values: unknown[]) => SQL) => idIn(column, (v) => sql`select w.id from warehouses w where ${cond(v)}`);

/**
 * /api/system/stock_balance/index|get_info: the balance of each warehouse × material (one row,
 * O(1) to read), with the material's and warehouse's names; export = the stock-take sheet.
 */
export const balanceResource = defineResource({
  name: 'stock_balance',
  permission: 'stock',
  table: stockBalances,
  ops: ['index', 'get_info'],
  sorts: {
    id: stockBalances.id,
    qty: stockBalances.qty,
    low_threshold: stockBalances.low_threshold,
    updated_at: stockBalances.updated_at,
    created_at: stockBalances.created_at,
    warehouse_code: sortBy(balanceExtra.warehouse_code),
    material_code: sortBy(balanceExtra.material_code),
    material_name: sortBy(balanceExtra.material_name),
    value: sortBy(balanceExtra.value, 'numeric'),
  },
  defaultSort: { field: 'updated_at', order: 'DESC' },
  filters: {
    id: { column: stockBalances.id, op: 'eq', schema: filterValue.id, multi: true },
    warehouse_id: { column: stockBalances.warehouse_id, op: 'eq', schema: filterValue.id, multi: true },
    material_id: { column: stockBalances.material_id, op: 'eq', schema: filterValue.id, multi: true },
    category: { column: stockBalances.material_id, op: 'eq', schema: filterValue.enumOf(MaterialCategory.values), multi: true, where: materialWhere(stockBalances.material_id, (v) => sql`m.category in (${list(v)})`) },
    kind: { column: stockBalances.warehouse_id, op: 'eq', schema: filterValue.enumOf(WarehouseKind.values), multi: true, where: warehouseWhere(stockBalances.warehouse_id, (v) => sql`w.kind in (${list(v)})`) },
    province_code: { column: stockBalances.warehouse_id, op: 'eq', schema: z.string().max(6), multi: true, where: warehouseWhere(stockBalances.warehouse_id, (v) => sql`w.province_code in (${list(v)})`) },
    low: { column: stockBalances.low_alerted, op: 'eq', schema: filterValue.bool, where: ([v]) => (v ? sql`${stockBalances.qty} < ${stockBalances.low_threshold}` : sql`not coalesce(${stockBalances.qty} < ${stockBalances.low_threshold}, false)`) },
    nonzero: { column: stockBalances.qty, op: 'eq', schema: filterValue.bool, where: ([v]) => (v ? sql`${stockBalances.qty} > 0` : sql`${stockBalances.qty} = 0`) },
    ...range('updated_at', stockBalances.updated_at, filterValue.date),
  },
  search: [balanceExtra.material_code, balanceExtra.material_name, balanceExtra.warehouse_name],
  quickFields: {},
  scope: (auth) => viaWarehouse(stockBalances.warehouse_id, auth),
  extraColumns: balanceExtra,
  present: (row) => presentStock(row),
});

// ---------------------------------------------------------------- ledger

const movementExtra = {
  warehouse_code: sql<string>`(select w.code from warehouses w where w.id = "stock_movements"."warehouse_id")`,
  warehouse_name: sql<string>`(select w.name from warehouses w where w.id = "stock_movements"."warehouse_id")`,
  counterpart_warehouse_name: sql<string | null>`(select w.name from warehouses w where w.id = "stock_movements"."counterpart_warehouse_id")`,
  material_code: sql<string>`(select m.code from materials m where m.id = "stock_movements"."material_id")`,
  material_name: sql<string>`(select m.name from materials m where m.id = "stock_movements"."material_id")`,
  material_unit: sql<string>`(select m.unit from materials m where m.id = "stock_movements"."material_id")`,
  material_category: sql<string>`(select m.category from materials m where m.id = "stock_movements"."material_id")`,
  station_code: sql<string | null>`(select s.code from stations s where s.id = "stock_movements"."station_id")`,
};

/**
 * /api/system/stock_movement/index|get_info: the ledger, read-only (rows change only through the
 * named actions in / issue / transfer / return / adjust, and never afterwards).
 */
export const movementResource = defineResource({
  name: 'stock_movement',
  permission: 'stock',
  table: stockMovements,
  ops: ['index', 'get_info'],
  sorts: {
    id: stockMovements.id,
    created_at: stockMovements.created_at,
    qty: stockMovements.qty,
    kind: stockMovements.kind,
    doc_no: stockMovements.doc_no,
    material_code: sortBy(movementExtra.material_code),
    warehouse_code: sortBy(movementExtra.warehouse_code),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: stockMovements.id, op: 'eq', schema: filterValue.id, multi: true },
    warehouse_id: { column: stockMovements.warehouse_id, op: 'eq', schema: filterValue.id, multi: true },
    material_id: { column: stockMovements.material_id, op: 'eq', schema: filterValue.id, multi: true },
    station_id: { column: stockMovements.station_id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: stockMovements.kind, op: 'eq', schema: filterValue.enumOf(StockMovementKind.values), multi: true },
    ref_type: { column: stockMovements.ref_type, op: 'eq', schema: filterValue.enumOf(StockRefType.values) },
    ref_no: { column: stockMovements.ref_no, op: 'eq', schema: z.string().max(64) },
    doc_no: { column: stockMovements.doc_no, op: 'eq', schema: z.string().max(32) },
    category: { column: stockMovements.material_id, op: 'eq', schema: filterValue.enumOf(MaterialCategory.values), multi: true, where: materialWhere(stockMovements.material_id, (v) => sql`m.category in (${list(v)})`) },
    warehouse_kind: { column: stockMovements.warehouse_id, op: 'eq', schema: filterValue.enumOf(WarehouseKind.values), multi: true, where: warehouseWhere(stockMovements.warehouse_id, (v) => sql`w.kind in (${list(v)})`) },
    province_code: { column: stockMovements.warehouse_id, op: 'eq', schema: z.string().max(6), multi: true, where: warehouseWhere(stockMovements.warehouse_id, (v) => sql`w.province_code in (${list(v)})`) },
    ...range('created_at', stockMovements.created_at, filterValue.date),
  },
  search: [stockMovements.doc_no, stockMovements.ref_no],
  // totals by warehouse and kind (or material) from the rollups (tens of millions of ledger rows are never counted)
  counters: [
    {
      table: stockMovementCounts,
      n: stockMovementCounts.n,
      columns: { warehouse_id: stockMovementCounts.warehouse_id, kind: stockMovementCounts.kind },
      scope: (auth) => viaWarehouse(stockMovementCounts.warehouse_id, auth),
    },
    // … and by material (a material's rows across warehouses, or in one)
    {
      table: stockMovementCountsMaterial,
      n: stockMovementCountsMaterial.n,
      columns: { material_id: stockMovementCountsMaterial.material_id, warehouse_id: stockMovementCountsMaterial.warehouse_id, kind: stockMovementCountsMaterial.kind },
      scope: (auth) => viaWarehouse(stockMovementCountsMaterial.warehouse_id, auth),
    },
  ],
  quickFields: {},
  scope: (auth) => viaWarehouse(stockMovements.warehouse_id, auth),
  extraColumns: movementExtra,
  present: (row) => presentStock(row),
});

// ---------------------------------------------------------------- serial numbers

const serialExtra = {
  warehouse_name: sql<string | null>`(select w.name from warehouses w where w.id = "stock_serials"."warehouse_id")`,
  station_code: sql<string | null>`(select s.code from stations s where s.id = "stock_serials"."station_id")`,
  material_code: sql<string>`(select m.code from materials m where m.id = "stock_serials"."material_id")`,
  material_name: sql<string>`(select m.name from materials m where m.id = "stock_serials"."material_id")`,
};

/**
 * /api/system/stock_serial/index|get_info: where each unit of a serial-tracked material is. Outside
 * the `all` scope: units in a warehouse the caller sees, or last moved by one of its ledger rows.
 */
export const serialResource = defineResource({
  name: 'stock_serial',
  permission: 'stock',
  table: stockSerials,
  ops: ['index', 'get_info'],
  sorts: { id: stockSerials.id, serial_no: stockSerials.serial_no, status: stockSerials.status, updated_at: stockSerials.updated_at },
  defaultSort: { field: 'id', order: 'DESC' },
  filters: {
    material_id: { column: stockSerials.material_id, op: 'eq', schema: filterValue.id, multi: true },
    warehouse_id: { column: stockSerials.warehouse_id, op: 'eq', schema: filterValue.id, multi: true },
    station_id: { column: stockSerials.station_id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: stockSerials.status, op: 'eq', schema: filterValue.enumOf(SerialStatus.values), multi: true },
    serial_no: { column: stockSerials.serial_no, op: 'eq', schema: z.string().max(64) },
  },
  search: [stockSerials.serial_no],
  quickFields: {},
  scope: (auth) => {
    const here = viaWarehouse(stockSerials.warehouse_id, auth);
    if (!here) return undefined;
    const moved = viaWarehouse(sql`m.warehouse_id` as unknown as PgColumn, auth)!;
    return or(here, sql`exists (select 1 from stock_movements m where m.id = ${stockSerials.last_movement_id} and ${moved})`);
  },
  extraColumns: serialExtra,
  present: (row) => plainRow(row),
});
