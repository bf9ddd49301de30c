import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, serial, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agent.ts';
import { partners } from './partner.ts';
import { searchIndexes, versioned } from './common.ts';
import { stations } from './station.ts';
import { users } from './system.ts';

/**
 * Materials, warehouses and stock (issue 13, docs/DECISIONS.md "Stock"). Quantities are
 * numeric(14,3) (cable in metres), money numeric(14,2); both travel as decimal strings and all
 * arithmetic on them is done by PostgreSQL.
 */

/** 物料: the catalogue. category MaterialCategory of the contract. */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    spec: varchar('spec', { length: 100 }),
    unit: varchar('unit', { length: 16 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    /** each unit has a serial number (modules, inverters, meters) that moves with it */
    serial_tracked: boolean('serial_tracked').notNull().default(false),
    unit_price: numeric('unit_price', { precision: 14, scale: 2 }).notNull().default('0'),
    /** enabled | disabled: a disabled material takes no new stock in */
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    remark: varchar('remark', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('materials_category_idx').on(t.category, t.id),
    index('materials_created_idx').on(t.created_at, t.id),
    ...searchIndexes('materials', t.code, { code: true }),
    ...searchIndexes('materials', t.name, { pairs: true }),
    check('materials_unit_price_nonnegative', sql`${t.unit_price} >= 0`),
  ],
);

/** 仓库: central 中心仓 / regional 区域仓 / van 班组车载, with a keeper (a user) who gets low-stock messages. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    province_code: varchar('province_code', { length: 6 }),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    address: varchar('address', { length: 200 }),
    keeper_id: integer('keeper_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * the field team member it serves (a van's 班组): he sees and issues from it, and from the
     * non-van warehouses whose region covers his van's region
     */
    team_id: integer('team_id').references(() => users.id, { onDelete: 'set null' }),
    /** an agent's own warehouse (agent data scope); null = the operator's */
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** enabled | disabled: a disabled warehouse takes part in no movement */
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    remark: varchar('remark', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('warehouses_kind_idx').on(t.kind, t.id),
    index('warehouses_province_idx').on(t.province_code, t.id),
    index('warehouses_keeper_idx').on(t.keeper_id),
    index('warehouses_team_idx').on(t.team_id),
    index('warehouses_agent_idx').on(t.agent_id),
    ...searchIndexes('warehouses', t.code, { code: true }),
    ...searchIndexes('warehouses', t.name, { pairs: true }),
  ],
);

/**
 * 库存余额: one row per warehouse × material, changed in the same transaction as the ledger row
 * that moves it, so reading a balance is one indexed row. `qty >= 0` is a CHECK constraint; the
 * decrements are conditional updates (`… set qty = qty - n where … and qty >= n`), never a read
 * followed by a write in JavaScript. `low_alerted` makes the low-stock message fire once per crossing.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    id: serial('id').primaryKey(),
    warehouse_id: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    material_id: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    qty: numeric('qty', { precision: 14, scale: 3 }).notNull().default('0'),
    /** below this the keeper gets a message (null = no threshold) */
    low_threshold: numeric('low_threshold', { precision: 14, scale: 3 }),
    low_alerted: boolean('low_alerted').notNull().default(false),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('stock_balances_warehouse_material_uq').on(t.warehouse_id, t.material_id),
    index('stock_balances_material_idx').on(t.material_id, t.warehouse_id),
    index('stock_balances_updated_idx').on(t.updated_at, t.id),
    check('stock_balances_qty_nonnegative', sql`${t.qty} >= 0`),
    check('stock_balances_threshold_nonnegative', sql`${t.low_threshold} is null or ${t.low_threshold} >= 0`),
  ],
);

/**
 * 库存流水: the ledger. Every movement is a row and rows are never changed or deleted (a trigger
 * refuses it): in 入库 (+), issue 出库 (−, to a reference), transfer_out / transfer_in 调拨 (−/+, two
 * rows with one doc_no, one transaction), return 退库 (+), adjust 盘点 (±, with a reason).
 * `qty` is signed; `balance_after` is the warehouse's balance right after the row.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    doc_no: varchar('doc_no', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    warehouse_id: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    material_id: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    qty: numeric('qty', { precision: 14, scale: 3 }).notNull(),
    balance_after: numeric('balance_after', { precision: 14, scale: 3 }).notNull(),
    /** the material's unit price when the row was written */
    unit_price: numeric('unit_price', { precision: 14, scale: 2 }).notNull().default('0'),
    /** 入库: the supplier partner it came from (对账单 with suppliers count these) */
    supplier_id: integer('supplier_id').references(() => partners.id, { onDelete: 'restrict' }),
    /** 入库: qty × unit_price rounded once to the fen, when the receipt names a supplier */
    amount: numeric('amount', { precision: 14, scale: 2 }),
    /** a transfer's other warehouse */
    counterpart_warehouse_id: integer('counterpart_warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    /** issue / return: maintenance | construction | other, and the order's number or free text */
    ref_type: varchar('ref_type', { length: 16 }),
    ref_no: varchar('ref_no', { length: 64 }),
    /** where issued parts went (their serial numbers then sit at this station) */
    station_id: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** serial numbers moved by the row (serial-tracked materials) */
    serials: jsonb('serials').$type<string[]>(),
    reason: varchar('reason', { length: 500 }),
    remark: varchar('remark', { length: 500 }),
    created_by: integer('created_by'),
    created_by_name: varchar('created_by_name', { length: 64 }),
    ...versioned(),
  },
  (t) => [
    index('stock_movements_created_idx').on(t.created_at, t.id),
    index('stock_movements_warehouse_created_idx').on(t.warehouse_id, t.created_at, t.id),
    index('stock_movements_material_created_idx').on(t.material_id, t.created_at, t.id),
    index('stock_movements_kind_created_idx').on(t.kind, t.created_at, t.id),
    index('stock_movements_doc_idx').on(t.doc_no),
    index('stock_movements_supplier_idx').on(t.supplier_id, t.created_at).where(sql`${t.supplier_id} is not null`),
    index('stock_movements_station_idx').on(t.station_id).where(sql`${t.station_id} is not null`),
    ...searchIndexes('stock_movements', t.doc_no, { code: true }),
    ...searchIndexes('stock_movements', t.ref_no, { code: true }),
    check('stock_movements_qty_nonzero', sql`${t.qty} <> 0`),
    check('stock_movements_balance_nonnegative', sql`${t.balance_after} >= 0`),
  ],
);

/**
 * Ledger rows per warehouse and kind (the rollup stock_movement_counts declared in
 * modules/statistic/rollup.ts, kept by generated statement triggers): the ledger list's totals
 * without counting tens of millions of rows. Keyed by warehouse, so the agent data scope (which is a
 * set of warehouses) is expressible on it; a transfer touches (from, out) and (to, in), two rows
 * no concurrent transfer takes in the other order.
 */
export const stockMovementCounts = pgTable(
  'stock_movement_counts',
  {
    warehouse_id: integer('warehouse_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('stock_movement_counts_key').on(t.warehouse_id, t.kind)],
);

/** The ledger's totals by material too (one material's 100,000 rows summed here, not counted). */
export const stockMovementCountsMaterial = pgTable(
  'stock_movement_counts_material',
  {
    material_id: integer('material_id').notNull(),
    warehouse_id: integer('warehouse_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('stock_movement_counts_material_key').on(t.material_id, t.warehouse_id, t.kind)],
);

/**
 * 序列号: one row per unit of a serial-tracked material, where it is now: in_stock (warehouse_id),
 * issued (station_id when issued to a station), lost (written off by a stock-take adjustment).
 */
export const stockSerials = pgTable(
  'stock_serials',
  {
    id: serial('id').primaryKey(),
    material_id: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    serial_no: varchar('serial_no', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    warehouse_id: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    station_id: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    last_movement_id: integer('last_movement_id'),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('stock_serials_material_serial_uq').on(t.material_id, t.serial_no),
    index('stock_serials_warehouse_idx').on(t.warehouse_id, t.material_id).where(sql`${t.warehouse_id} is not null`),
    index('stock_serials_station_idx').on(t.station_id).where(sql`${t.station_id} is not null`),
    ...searchIndexes('stock_serials', t.serial_no, { code: true }),
    check('stock_serials_location', sql`(${t.status} = 'in_stock') = (${t.warehouse_id} is not null)`),
  ],
);
