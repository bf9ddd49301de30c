import {
  type Lang,
  StockMovementKind,
  type StockMovementKindValue,
  stockAdjustSchema,
  stockInSchema,
  stockIssueSchema,
  stockReturnSchema,
  stockThresholdSchema,
  stockTransferSchema,
} from '@pv/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type Queryable, query } from '../../db/client.ts';
import { materials, partners, stations, stockBalances, stockMovements, stockSerials, warehouses } from '../../db/schema/index.ts';
import { sendMessage } from '../message/centre.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { nextNumber } from '../../lifecycle/numbers.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { stationScope } from '../station/resource.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { type PendingApproval, raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { trimDecimal, warehouseResource } from './resources.ts';

type Row = Record<string, unknown>;
type Material = typeof materials.$inferSelect;
type Warehouse = typeof warehouses.$inferSelect;

/** A message for the keeper, pushed by the route after the transaction commits. */
export interface Notice {
  id: number;
  recipient_id: number;
}

export interface MovementResult {
  rows: Row[];
  notices: Notice[];
  /** the adjustment went to a process for approval instead (nothing was posted) */
  workflow_request?: PendingApproval;
}

/** Document number prefixes of the ledger: 入库 RK, 出库 CK, 调拨 DB, 退库 TK, 盘点 PD. */
const PREFIX = { in: 'RK', issue: 'CK', transfer: 'DB', return: 'TK', adjust: 'PD' } as const;

/** What a disabled warehouse refuses, for its message. */
const WAREHOUSE_ACTION: Record<string, Record<Lang, string>> = {
  in: { zh: '入库', en: 'take stock in' },
  issue: { zh: '出库', en: 'issue stock' },
  transfer_out: { zh: '调出', en: 'transfer stock out' },
  transfer_in: { zh: '调入', en: 'take a transfer in' },
  return: { zh: '退库', en: 'take returns' },
  adjust: { zh: '盘点调整', en: 'be adjusted' },
};

const dedupe = (list: string[]) => [...new Set(list)];
const shown = (list: string[]) => (list.length > 20 ? `${list.slice(0, 20).join(', ')} …(${list.length})` : list.join(', '));

/**
 * Stock movements (docs/DECISIONS.md "Stock"): each action is one transaction that writes its
 * ledger rows, changes the balance rows with single conditional statements (a decrement that
 * would go below zero matches no row and is refused; the CHECK constraint is the last line) and
 * moves the serial numbers, or changes nothing.
 */
export class StockService {
  constructor(private readonly db: Db) {}

  // ------------------------------------------------------------ loading

  /** The warehouse in the caller's scope (404/403), share-locked so it cannot be disabled meanwhile; enabled. */
  private async warehouse(tx: Queryable, id: number, auth: AuthContext, action: string): Promise<Warehouse> {
    const inScope = await loadOne(tx, warehouseResource, id, auth).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ApiError && err.key === 'error.out_of_scope') return false;
        throw err;
      },
    );
    const [w] = await tx.select().from(warehouses).where(eq(warehouses.id, id)).for('share');
    if (!w) throw new ApiError(404, 'error.warehouse_not_found', { id });
    // a warehouse outside the caller's (a field team member's: his van, his region's) is named in the refusal
    if (!inScope) {
      throw new ApiError(403, 'error.warehouse_out_of_scope', { name: w.name, action }, (lang) => t('error.warehouse_out_of_scope', lang, { name: w.name, action: WAREHOUSE_ACTION[action]?.[lang] ?? action }));
    }
    if (w.status !== 'enabled') {
      throw new ApiError(400, 'error.warehouse_disabled', { name: w.name, action }, (lang) => t('error.warehouse_disabled', lang, { name: w.name, action: WAREHOUSE_ACTION[action]?.[lang] ?? action }));
    }
    return w;
  }

  private async material(tx: Queryable, id: number, mustBeEnabled = false): Promise<Material> {
    const [m] = await tx.select().from(materials).where(eq(materials.id, id));
    if (!m) throw new ApiError(400, 'error.material_not_found', { id });
    if (mustBeEnabled && m.status !== 'enabled') throw new ApiError(400, 'error.material_disabled', { name: m.name });
    return m;
  }

  private async station(tx: Queryable, id: number | null | undefined, auth: AuthContext) {
    if (id == null) return null;
    const scope = stationScope(auth);
    const [s] = await tx.select({ id: stations.id }).from(stations).where(and(eq(stations.id, id), scope));
    if (!s) throw new ApiError(400, 'error.stock_station_not_found', { id });
    return s.id;
  }

  /**
   * The serial numbers a movement of `qty` units names: none for an untracked material; for a
   * tracked one a whole quantity and exactly that many distinct serials.
   */
  private serials(m: Material, qty: string, serials: string[] | undefined, allowNone = false): string[] | null {
    if (!m.serial_tracked) {
      if (serials?.length) throw new ApiError(400, 'error.serials_not_tracked', { name: m.name });
      return null;
    }
    if (!/^\d+(\.0+)?$/.test(qty)) throw new ApiError(400, 'error.serials_integer', { name: m.name });
    const n = String(BigInt(qty.split('.')[0]!));
    if (!serials?.length && !(allowNone && n === '0')) throw new ApiError(400, 'error.serials_required', { name: m.name, qty: n });
    serials ??= [];
    const seen = new Set<string>();
    const repeated = dedupe(serials.filter((s) => (seen.has(s) ? true : (seen.add(s), false))));
    if (repeated.length) throw new ApiError(400, 'error.serials_duplicate', { serials: shown(repeated) });
    if (String(serials.length) !== n) throw new ApiError(400, 'error.serials_count', { count: serials.length, qty: n });
    return serials;
  }

  // ------------------------------------------------------------ balances

  /**
   * Takes `qty` out of a balance in ONE statement: `qty = qty - n WHERE qty >= n`. Concurrent
   * decrements of one row queue on its row lock and each re-checks the condition on the row as
   * the one before left it, so the last units go exactly once. No row matched = not enough: the
   * refusal names the material, the warehouse and what is available.
   */
  private async decrease(tx: Queryable, w: Warehouse, m: Material, qty: string): Promise<string> {
    const [row] = await tx
      .update(stockBalances)
      .set({ qty: sql`${stockBalances.qty} - ${qty}::numeric`, version: sql`${stockBalances.version} + 1`, updated_at: new Date() })
      .where(and(eq(stockBalances.warehouse_id, w.id), eq(stockBalances.material_id, m.id), sql`${stockBalances.qty} >= ${qty}::numeric`))
      .returning({ qty: stockBalances.qty });
    if (row) return row.qty;
    const [current] = await tx
      .select({ qty: stockBalances.qty })
      .from(stockBalances)
      .where(and(eq(stockBalances.warehouse_id, w.id), eq(stockBalances.material_id, m.id)));
    throw new ApiError(400, 'error.stock_insufficient', {
      warehouse: w.name,
      material: m.spec ? `${m.name} ${m.spec}` : m.name,
      available: trimDecimal(current?.qty ?? '0'),
      qty: trimDecimal(qty),
      unit: m.unit,
    });
  }

  /** Adds `qty` to a balance (creating the row): one upsert. */
  private async increase(tx: Queryable, w: Warehouse, m: Material, qty: string): Promise<string> {
    const [row] = await tx
      .insert(stockBalances)
      .values({ warehouse_id: w.id, material_id: m.id, qty })
      .onConflictDoUpdate({
        target: [stockBalances.warehouse_id, stockBalances.material_id],
        set: { qty: sql`${stockBalances.qty} + excluded.qty`, version: sql`${stockBalances.version} + 1`, updated_at: new Date() },
      })
      .returning({ qty: stockBalances.qty });
    return row!.qty;
  }

  /**
   * Low stock, once per crossing: the balance fell below its threshold and was not flagged yet →
   * flag it and message the keeper; back at or above the threshold → unflag (the next fall alerts
   * again). Conditional updates on the row this transaction already holds locked.
   */
  private async lowStock(tx: Queryable, w: Warehouse, m: Material, actor: Actor): Promise<Notice | null> {
    const where = and(eq(stockBalances.warehouse_id, w.id), eq(stockBalances.material_id, m.id));
    await tx
      .update(stockBalances)
      .set({ low_alerted: false })
      .where(and(where, eq(stockBalances.low_alerted, true), sql`(${stockBalances.low_threshold} is null or ${stockBalances.qty} >= ${stockBalances.low_threshold})`));
    const [crossed] = await tx
      .update(stockBalances)
      .set({ low_alerted: true })
      .where(and(where, eq(stockBalances.low_alerted, false), sql`${stockBalances.qty} < ${stockBalances.low_threshold}`))
      .returning({ qty: stockBalances.qty, threshold: stockBalances.low_threshold });
    if (!crossed || !w.keeper_id) return null;
    const material = m.spec ? { zh: `${m.name}（${m.spec}）`, en: `${m.name} (${m.spec})` } : m.name;
    const msg = await sendMessage(tx, {
      key: 'msg.low_stock',
      params: { warehouse: w.name, material, code: m.code, qty: trimDecimal(crossed.qty) ?? '0', threshold: trimDecimal(crossed.threshold) ?? '0', unit: m.unit },
      level: 'warning',
      link: `/operation/stockLedger?warehouse_id=${w.id}&material_id=${m.id}`,
      sender: actor.userId,
      to: w.keeper_id,
    });
    return { id: msg.id, recipient_id: w.keeper_id };
  }

  // ------------------------------------------------------------ ledger

  private async record(
    tx: Queryable,
    actor: Actor,
    auth: AuthContext,
    values: { doc_no: string; kind: StockMovementKindValue; w: Warehouse; m: Material; qty: string; balance_after: string } & Partial<{
      counterpart: number | null;
      ref_type: string | null;
      ref_no: string | null;
      station_id: number | null;
      serials: string[] | null;
      reason: string | null;
      remark: string | null;
      supplier_id: number | null;
      amount: string | null;
    }>,
  ): Promise<Row> {
    const [row] = (await tx
      .insert(stockMovements)
      .values({
        doc_no: values.doc_no,
        kind: values.kind,
        warehouse_id: values.w.id,
        material_id: values.m.id,
        qty: values.qty,
        balance_after: values.balance_after,
        unit_price: values.m.unit_price,
        counterpart_warehouse_id: values.counterpart ?? null,
        ref_type: values.ref_type ?? null,
        ref_no: values.ref_no ?? null,
        station_id: values.station_id ?? null,
        serials: values.serials ?? null,
        reason: values.reason ?? null,
        remark: values.remark ?? null,
        supplier_id: values.supplier_id ?? null,
        amount: values.amount ?? null,
        created_by: auth.userId,
        created_by_name: actor.username,
      })
      .returning()) as Row[];
    await writeLog(tx, actor, { action: values.kind, resource: 'stock_movement', recordId: row!.id as number, after: row });
    return row!;
  }

  /** Moves serials matching `where` and returns those moved; any of `serials` not matched is refused with `key`. */
  private async moveSerials(tx: Queryable, m: Material, serials: string[], where: ReturnType<typeof and>, set: Partial<typeof stockSerials.$inferInsert>, movementId: number, refuse: (missing: string[]) => ApiError) {
    const moved = await tx
      .update(stockSerials)
      .set({ ...set, last_movement_id: movementId, version: sql`${stockSerials.version} + 1`, updated_at: new Date() })
      .where(and(eq(stockSerials.material_id, m.id), inArray(stockSerials.serial_no, serials), where))
      .returning({ serial_no: stockSerials.serial_no });
    const done = new Set(moved.map((r) => r.serial_no));
    const missing = serials.filter((s) => !done.has(s));
    if (missing.length) throw refuse(missing);
  }

  private async newSerials(tx: Queryable, w: Warehouse, m: Material, serials: string[], movementId: number) {
    const inserted = await tx
      .insert(stockSerials)
      .values(serials.map((serial_no) => ({ material_id: m.id, serial_no, status: 'in_stock', warehouse_id: w.id, last_movement_id: movementId })))
      .onConflictDoNothing()
      .returning({ serial_no: stockSerials.serial_no });
    if (inserted.length !== serials.length) {
      const done = new Set(inserted.map((r) => r.serial_no));
      throw new ApiError(400, 'error.serials_exist', { serials: shown(serials.filter((s) => !done.has(s))) });
    }
  }

  private notInStock(w: Warehouse) {
    return (missing: string[]) => new ApiError(400, 'error.serials_not_in_stock', { warehouse: w.name, serials: shown(missing) });
  }

  /** A receipt's supplier: an enabled partner of kind 供应商. */
  private async supplier(tx: Queryable, id: number) {
    const [p] = await tx.select().from(partners).where(eq(partners.id, id));
    if (!p || p.kind !== 'supplier' || p.status !== 'enabled') throw new ApiError(400, 'error.stock_supplier', { id });
    return p;
  }

  // ------------------------------------------------------------ actions

  /** 入库. */
  async stockIn(body: unknown, auth: AuthContext, actor: Actor): Promise<MovementResult> {
    const input = parse(stockInSchema, body);
    return this.db.transaction(async (tx) => {
      const w = await this.warehouse(tx, input.warehouse_id, auth, 'in');
      const m = await this.material(tx, input.material_id, true);
      const serials = this.serials(m, input.qty, input.serials);
      const supplier = input.supplier_id ? await this.supplier(tx, input.supplier_id) : null;
      const after = await this.increase(tx, w, m, input.qty);
      const price = input.unit_price ?? m.unit_price;
      // a receipt from a supplier carries its amount, qty × price rounded once to the fen (by PostgreSQL)
      const amount = supplier ? (await query<{ a: string }>(tx, sql`select round(${input.qty}::numeric * ${price}::numeric, 2)::text as a`))[0]!.a : null;
      const row = await this.record(tx, actor, auth, {
        doc_no: await nextNumber(tx, PREFIX.in), kind: 'in', w, m: { ...m, unit_price: price }, qty: input.qty, balance_after: after, ref_no: input.ref_no, serials, remark: input.remark,
        supplier_id: supplier?.id ?? null, amount,
      });
      if (serials) await this.newSerials(tx, w, m, serials, row.id as number);
      const notice = await this.lowStock(tx, w, m, actor);
      return { rows: [row], notices: notice ? [notice] : [] };
    });
  }

  /** 出库 to a reference (and optionally a station, where issued serials then are). */
  async issue(body: unknown, auth: AuthContext, actor: Actor): Promise<MovementResult> {
    const input = parse(stockIssueSchema, body);
    return this.db.transaction((tx) => this.issueIn(tx, input, auth, actor));
  }

  /**
   * 出库 inside the caller's transaction (a maintenance order's submit issues its parts with it): a
   * shortage or a serial not in stock throws and the caller's whole transaction rolls back.
   * `orderStation`: the station is that of an order the caller was allowed to act on (its scope
   * checked there) — a field team member's order may stand on a station outside his station list.
   */
  async issueIn(tx: Queryable, input: z.infer<typeof stockIssueSchema>, auth: AuthContext, actor: Actor, opts: { orderStation?: boolean } = {}): Promise<MovementResult> {
    const w = await this.warehouse(tx, input.warehouse_id, auth, 'issue');
    const m = await this.material(tx, input.material_id);
    const serials = this.serials(m, input.qty, input.serials);
    const stationId = opts.orderStation ? (input.station_id ?? null) : await this.station(tx, input.station_id, auth);
    const after = await this.decrease(tx, w, m, input.qty);
    const row = await this.record(tx, actor, auth, {
      doc_no: await nextNumber(tx, PREFIX.issue),
      kind: 'issue',
      w,
      m,
      qty: `-${input.qty}`,
      balance_after: after,
      ref_type: input.ref_type,
      ref_no: input.ref_no,
      station_id: stationId,
      serials,
      remark: input.remark,
    });
    if (serials) {
      await this.moveSerials(tx, m, serials, and(eq(stockSerials.warehouse_id, w.id), eq(stockSerials.status, 'in_stock')), { status: 'issued', warehouse_id: null, station_id: stationId }, row.id as number, this.notInStock(w));
    }
    const notice = await this.lowStock(tx, w, m, actor);
    return { rows: [row], notices: notice ? [notice] : [] };
  }

  /** 调拨: out of one warehouse and into another in one transaction (two rows, one doc_no) — or nothing. */
  async transfer(body: unknown, auth: AuthContext, actor: Actor): Promise<MovementResult> {
    const input = parse(stockTransferSchema, body);
    return this.db.transaction(async (tx) => {
      // a fixed lock order (lower id first), so two opposite transfers cannot deadlock on the warehouses
      const [first, second] = input.from_warehouse_id < input.to_warehouse_id ? ['from', 'to'] : ['to', 'from'];
      const loaded: Record<string, Warehouse> = {};
      for (const side of [first, second] as const) {
        loaded[side] = await this.warehouse(tx, side === 'from' ? input.from_warehouse_id : input.to_warehouse_id, auth, side === 'from' ? 'transfer_out' : 'transfer_in');
      }
      const from = loaded.from!;
      const to = loaded.to!;
      const m = await this.material(tx, input.material_id);
      const serials = this.serials(m, input.qty, input.serials);
      // both balance rows locked in warehouse order before either changes: an A → B and a B → A
      // transfer of one material at the same moment queue instead of deadlocking
      await tx.insert(stockBalances).values({ warehouse_id: to.id, material_id: m.id, qty: '0' }).onConflictDoNothing();
      const locked = await tx
        .select()
        .from(stockBalances)
        .where(and(eq(stockBalances.material_id, m.id), inArray(stockBalances.warehouse_id, [from.id, to.id])))
        .orderBy(stockBalances.warehouse_id)
        .for('update');
      // a published process may have to approve a transfer out of this balance first (调拨审批)
      const source = locked.find((b) => b.warehouse_id === from.id);
      if (source) {
        const pending = await requestApproval(tx, { type: 'stock_balance', action: 'transfer', record: source, params: { to_warehouse_id: to.id, qty: input.qty, serials: serials ?? null, remark: input.remark ?? null }, actor });
        if (pending) return { rows: [], notices: [], workflow_request: pending };
      }
      const docNo = await nextNumber(tx, PREFIX.transfer);
      const fromAfter = await this.decrease(tx, from, m, input.qty);
      const out = await this.record(tx, actor, auth, { doc_no: docNo, kind: 'transfer_out', w: from, m, qty: `-${input.qty}`, balance_after: fromAfter, counterpart: to.id, serials, remark: input.remark });
      const toAfter = await this.increase(tx, to, m, input.qty);
      const into = await this.record(tx, actor, auth, { doc_no: docNo, kind: 'transfer_in', w: to, m, qty: input.qty, balance_after: toAfter, counterpart: from.id, serials, remark: input.remark });
      if (serials) {
        await this.moveSerials(tx, m, serials, and(eq(stockSerials.warehouse_id, from.id), eq(stockSerials.status, 'in_stock')), { warehouse_id: to.id }, into.id as number, this.notInStock(from));
      }
      const notices = [await this.lowStock(tx, from, m, actor), await this.lowStock(tx, to, m, actor)].filter((n): n is Notice => !!n);
      return { rows: [out, into], notices };
    });
  }

  /** 退库: back into a warehouse; serial-tracked units must be issued ones (from that station, when given). */
  async giveBack(body: unknown, auth: AuthContext, actor: Actor): Promise<MovementResult> {
    const input = parse(stockReturnSchema, body);
    return this.db.transaction(async (tx) => {
      const w = await this.warehouse(tx, input.warehouse_id, auth, 'return');
      const m = await this.material(tx, input.material_id);
      const serials = this.serials(m, input.qty, input.serials);
      const stationId = await this.station(tx, input.station_id, auth);
      const after = await this.increase(tx, w, m, input.qty);
      const row = await this.record(tx, actor, auth, {
        doc_no: await nextNumber(tx, PREFIX.return),
        kind: 'return',
        w,
        m,
        qty: input.qty,
        balance_after: after,
        ref_type: input.ref_type,
        ref_no: input.ref_no,
        station_id: stationId,
        serials,
        remark: input.remark,
      });
      if (serials) {
        // issued to a station, or taken off one by a maintenance order (已拆回)
        const where = and(inArray(stockSerials.status, ['issued', 'removed']), stationId ? eq(stockSerials.station_id, stationId) : undefined);
        await this.moveSerials(tx, m, serials, where, { status: 'in_stock', warehouse_id: w.id, station_id: null }, row.id as number, (missing) => new ApiError(400, 'error.serials_not_issued', { serials: shown(missing) }));
      }
      const notice = await this.lowStock(tx, w, m, actor);
      return { rows: [row], notices: notice ? [notice] : [] };
    });
  }

  /** 盘点调整 from a JSON body. */
  async adjust(body: unknown, auth: AuthContext, actor: Actor): Promise<MovementResult> {
    const input = parse(stockAdjustSchema, body);
    return this.db.transaction((tx) => this.adjustIn(tx, input, auth, actor, null, { approval: true }));
  }

  /**
   * 盘点调整 inside the caller's transaction: the balance row is locked (FOR UPDATE) and the
   * difference counted − book is computed by the database; a book quantity that changed since
   * `expected` is refused. Serial-tracked: the serials found are the count; units missing become
   * 盘亏 (lost), units found come into stock (new, issued or lost before); at most two rows (− and +).
   * `approval`: a single adjustment a published process may have to approve first (库存调整审批,
   * e.g. above a value): it then starts with the counted quantity and the book quantity it was
   * counted against, and posts nothing now.
   */
  async adjustIn(
    tx: Queryable,
    input: { warehouse_id: number; material_id: number; counted: string; expected?: string | undefined; serials?: string[] | undefined; reason: string },
    auth: AuthContext,
    actor: Actor,
    docNo: string | null,
    opts: { approval?: boolean } = {},
  ): Promise<MovementResult> {
    const w = await this.warehouse(tx, input.warehouse_id, auth, 'adjust');
    const m = await this.material(tx, input.material_id);
    const where = and(eq(stockBalances.warehouse_id, w.id), eq(stockBalances.material_id, m.id));
    await tx.insert(stockBalances).values({ warehouse_id: w.id, material_id: m.id, qty: '0' }).onConflictDoNothing();
    const [book] = await tx
      .select({ qty: stockBalances.qty, delta: sql<string>`(${input.counted}::numeric - ${stockBalances.qty})::text`, same: input.expected === undefined ? sql<boolean>`true` : sql<boolean>`${stockBalances.qty} = ${input.expected}::numeric` })
      .from(stockBalances)
      .where(where)
      .for('update');
    if (!book!.same) {
      throw new ApiError(400, 'error.stock_expected_changed', { warehouse: w.name, material: m.name, expected: trimDecimal(input.expected), current: trimDecimal(book!.qty) });
    }
    const [balance] = await tx.select().from(stockBalances).where(where);
    if (opts.approval) {
      const params = { counted: input.counted, expected: input.expected ?? book!.qty, serials: input.serials ?? null, reason: input.reason };
      const pending = await requestApproval(tx, { type: 'stock_balance', action: 'adjust', record: balance!, params, actor });
      if (pending) return { rows: [], notices: [], workflow_request: pending };
    }
    const doc = docNo ?? (await nextNumber(tx, PREFIX.adjust));
    const rows: Row[] = [];
    if (m.serial_tracked) {
      const found = this.serials(m, input.counted, input.serials, true) ?? [];
      const here = await tx
        .select({ serial_no: stockSerials.serial_no })
        .from(stockSerials)
        .where(and(eq(stockSerials.material_id, m.id), eq(stockSerials.warehouse_id, w.id), eq(stockSerials.status, 'in_stock')));
      const present = new Set(here.map((r) => r.serial_no));
      const foundSet = new Set(found);
      const missing = [...present].filter((s) => !foundSet.has(s));
      const extra = found.filter((s) => !present.has(s));
      // the balance of a serial-tracked material is its count of units in stock here
      if (!missing.length && !extra.length) throw new ApiError(400, 'error.stock_no_difference');
      if (missing.length) {
        const after = await this.decrease(tx, w, m, String(missing.length));
        const row = await this.record(tx, actor, auth, { doc_no: doc, kind: 'adjust', w, m, qty: `-${missing.length}`, balance_after: after, serials: missing, reason: input.reason });
        await this.moveSerials(tx, m, missing, eq(stockSerials.warehouse_id, w.id), { status: 'lost', warehouse_id: null, station_id: null }, row.id as number, this.notInStock(w));
        rows.push(row);
      }
      if (extra.length) {
        const elsewhere = await tx
          .select({ serial_no: stockSerials.serial_no })
          .from(stockSerials)
          .where(and(eq(stockSerials.material_id, m.id), inArray(stockSerials.serial_no, extra), eq(stockSerials.status, 'in_stock')));
        if (elsewhere.length) throw new ApiError(400, 'error.serials_elsewhere', { serials: shown(elsewhere.map((r) => r.serial_no)) });
        const after = await this.increase(tx, w, m, String(extra.length));
        const row = await this.record(tx, actor, auth, { doc_no: doc, kind: 'adjust', w, m, qty: String(extra.length), balance_after: after, serials: extra, reason: input.reason });
        const known = await tx
          .update(stockSerials)
          .set({ status: 'in_stock', warehouse_id: w.id, station_id: null, last_movement_id: row.id as number, version: sql`${stockSerials.version} + 1`, updated_at: new Date() })
          .where(and(eq(stockSerials.material_id, m.id), inArray(stockSerials.serial_no, extra)))
          .returning({ serial_no: stockSerials.serial_no });
        const knownSet = new Set(known.map((r) => r.serial_no));
        const fresh = extra.filter((s) => !knownSet.has(s));
        if (fresh.length) await this.newSerials(tx, w, m, fresh, row.id as number);
        rows.push(row);
      }
    } else {
      if (input.serials?.length) throw new ApiError(400, 'error.serials_not_tracked', { name: m.name });
      if (/^-?0+(\.0+)?$/.test(book!.delta)) throw new ApiError(400, 'error.stock_no_difference');
      const [after] = await tx
        .update(stockBalances)
        .set({ qty: sql`${input.counted}::numeric`, version: sql`${stockBalances.version} + 1`, updated_at: new Date() })
        .where(where)
        .returning({ qty: stockBalances.qty });
      rows.push(await this.record(tx, actor, auth, { doc_no: doc, kind: 'adjust', w, m, qty: book!.delta, balance_after: after!.qty, reason: input.reason }));
    }
    const notice = await this.lowStock(tx, w, m, actor);
    await raiseWorkflowEvent(tx, 'stock_balance.adjusted', balance!.id, actor);
    return { rows, notices: notice ? [notice] : [] };
  }

  /** 预警阈值 of one warehouse × material; a balance already below it alerts at once. */
  async setThreshold(body: unknown, auth: AuthContext, actor: Actor): Promise<{ row: Row; notices: Notice[] }> {
    const input = parse(stockThresholdSchema, body);
    return this.db.transaction(async (tx) => {
      await loadOne(tx, warehouseResource, input.warehouse_id, auth);
      const [w] = await tx.select().from(warehouses).where(eq(warehouses.id, input.warehouse_id));
      const m = await this.material(tx, input.material_id);
      const [before] = await tx
        .select()
        .from(stockBalances)
        .where(and(eq(stockBalances.warehouse_id, w!.id), eq(stockBalances.material_id, m.id)))
        .for('update');
      const [row] = (await tx
        .insert(stockBalances)
        .values({ warehouse_id: w!.id, material_id: m.id, qty: '0', low_threshold: input.low_threshold })
        .onConflictDoUpdate({
          target: [stockBalances.warehouse_id, stockBalances.material_id],
          set: { low_threshold: input.low_threshold, version: sql`${stockBalances.version} + 1`, updated_at: new Date() },
        })
        .returning()) as Row[];
      await writeLog(tx, actor, { action: 'threshold', resource: 'stock_balance', recordId: row!.id as number, before: before ?? null, after: row });
      const notice = await this.lowStock(tx, w!, m, actor);
      return { row: row!, notices: notice ? [notice] : [] };
    });
  }
}

export const movementKindLabel = StockMovementKind;
