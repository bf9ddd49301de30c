import {
  type Lang,
  MaterialCategory,
  numeric,
  QTY_PATTERN,

  StockMovementKind,
  StockRefType,
  StockStatus,
  WarehouseKind,
  stockAdjustSchema,
  stockInSchema,
  stockIssueSchema,
  stockReturnSchema,
  stockTakeRowSchema,
  stockThresholdSchema,
  stockTransferSchema,
} from '@pv/contract';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z as zod } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { materials, users, warehouses } from '../../db/schema/index.ts';
import { col } from '../../excel/columns.ts';
import type { RowError } from '../../excel/import.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes } from '../../resources/history.ts';
import { escapeLike } from '../../resources/query.ts';
import { agentTree } from '../scope.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { IMPORT_MAX_ROWS } from '../customer/excel.ts';
import type { Actor } from '../system/syslog.ts';
import { balanceResource, materialResource, movementResource, serialResource, warehouseResource, warehouseScope } from './resources.ts';
import { type MovementResult, type Notice, StockService } from './service.ts';

/** A decimal as text in a canonical form (no leading or trailing zeros), to compare two without arithmetic. */
const canonical = (v: string) => {
  const [i = '0', f = ''] = v.trim().split('.');
  return `${i.replace(/^0+(?=\d)/, '')}.${f.replace(/0+$/, '')}`;
};

/** Stock-take rows: warehouse and material by code (the caller's warehouses), a difference needs a reason; serial-tracked ones are adjusted serial by serial. */
async function resolveStockTake(db: Db, rows: { row: number; raw: Record<string, unknown> }[], auth: AuthContext, lang: Lang): Promise<RowError[]> {
  const errors: RowError[] = [];
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
  const wCodes = [...new Set(rows.map((r) => text(r.raw.warehouse_code)).filter(Boolean))];
  const mCodes = [...new Set(rows.map((r) => text(r.raw.material_code)).filter(Boolean))];
  const ws = wCodes.length ? await db.select({ code: warehouses.code }).from(warehouses).where(and(inArray(warehouses.code, wCodes), warehouseScope(auth))) : [];
  const ms = mCodes.length ? await db.select({ code: materials.code, name: materials.name, serial_tracked: materials.serial_tracked }).from(materials).where(inArray(materials.code, mCodes)) : [];
  const wSet = new Set(ws.map((w) => w.code));
  const mByCode = new Map(ms.map((m) => [m.code, m]));
  const seen = new Map<string, number>();
  const label = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  for (const r of rows) {
    const w = text(r.raw.warehouse_code);
    const mc = text(r.raw.material_code);
    const m = mByCode.get(mc);
    if (w && !wSet.has(w)) errors.push({ row: r.row, column: label('仓库编码', 'Warehouse code'), message: t('error.stocktake_unknown_warehouse', lang, { code: w }) });
    if (mc && !m) errors.push({ row: r.row, column: label('物料编码', 'Material code'), message: t('error.stocktake_unknown_material', lang, { code: mc }) });
    const key = `${w}\u0001${mc}`;
    if (w && mc && seen.has(key)) errors.push({ row: r.row, column: label('物料编码', 'Material code'), message: t('error.stocktake_duplicate', lang, { row: seen.get(key) }) });
    else seen.set(key, r.row);
    const expected = text(r.raw.expected);
    const counted = text(r.raw.counted);
    const differs = QTY_PATTERN.test(expected) && QTY_PATTERN.test(counted) && canonical(expected) !== canonical(counted);
    if (differs && m?.serial_tracked) errors.push({ row: r.row, column: label('实盘数量', 'Counted'), message: t('error.stocktake_serial', lang, { name: m.name }) });
    else if (differs && !text(r.raw.reason)) errors.push({ row: r.row, column: label('差异原因', 'Reason'), message: t('error.stocktake_reason_required', lang) });
  }
  return errors;
}

/**
 * /api/system/material|warehouse|stock_balance|stock_movement|stock_serial/*: the catalogue and
 * warehouses (generic CRUD, history, export), balances and the ledger (read, export), and the
 * stock actions in / issue / transfer / return / adjust / threshold and the stock-take import.
 */
export function stockRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const service = new StockService(db);
  for (const def of [materialResource, warehouseResource, balanceResource, movementResource, serialResource]) resourceRoutes(app, deps, def);
  historyRoutes(app, deps, materialResource);
  historyRoutes(app, deps, warehouseResource);

  excelRoutes(app, deps, {
    exportPermission: 'material:export',
    exportSpec: {
      def: materialResource,
      title: ['物料列表', 'materials'],
      columns: [
        col.text('code', 16, ['物料编码', 'Code']),
        col.text('name', 20, ['物料名称', 'Name']),
        col.text('spec', 20, ['规格型号', 'Specification']),
        col.text('unit', 8, ['单位', 'Unit']),
        col.enumOf('category', MaterialCategory, 12, ['类别', 'Category']),
        col.bool('serial_tracked', 10, ['序列号管理', 'Serial-tracked']),
        col.money('unit_price', 12, ['单价(元)', 'Unit price (CNY)']),
        col.enumOf('status', StockStatus, 8, ['状态', 'Status']),
        col.text('remark', 24, ['备注', 'Remark']),
        col.dateTime('created_at', 18, ['创建时间', 'Created at']),
      ],
    },
  });
  excelRoutes(app, deps, {
    exportPermission: 'warehouse:export',
    exportSpec: {
      def: warehouseResource,
      title: ['仓库列表', 'warehouses'],
      columns: [
        col.text('code', 16, ['仓库编码', 'Code']),
        col.text('name', 20, ['仓库名称', 'Name']),
        col.enumOf('kind', WarehouseKind, 12, ['类型', 'Kind']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.region('city_code', 12, ['城市', 'City']),
        col.text('address', 24, ['地址', 'Address']),
        col.text('keeper_name', 12, ['库管员', 'Keeper']),
        col.text('team_name', 12, ['服务班组', 'Team served']),
        col.text('agent_name', 16, ['代理商', 'Agent']),
        col.money('stock_value', 14, ['库存金额(元)', 'Stock value (CNY)']),
        col.enumOf('status', StockStatus, 8, ['状态', 'Status']),
        col.dateTime('created_at', 18, ['创建时间', 'Created at']),
      ],
    },
  });
  excelRoutes(app, deps, {
    exportPermission: 'stock:export',
    exportSpec: {
      def: movementResource,
      title: ['库存流水', 'stock ledger'],
      columns: [
        col.dateTime('created_at', 18, ['时间', 'Time']),
        col.text('doc_no', 20, ['单号', 'Document no.']),
        col.enumOf('kind', StockMovementKind, 10, ['类型', 'Kind']),
        col.text('warehouse_code', 14, ['仓库编码', 'Warehouse code']),
        col.text('warehouse_name', 16, ['仓库', 'Warehouse']),
        col.text('material_code', 14, ['物料编码', 'Material code']),
        col.text('material_name', 18, ['物料', 'Material']),
        col.decimal('qty', 12, ['数量', 'Quantity']),
        col.text('material_unit', 6, ['单位', 'Unit']),
        col.decimal('balance_after', 12, ['结存', 'Balance after']),
        col.money('unit_price', 12, ['单价(元)', 'Unit price (CNY)']),
        col.text('counterpart_warehouse_name', 16, ['对方仓库', 'Other warehouse']),
        col.enumOf('ref_type', StockRefType, 10, ['关联类型', 'Reference type']),
        col.text('ref_no', 18, ['关联单号', 'Reference']),
        col.text('station_code', 18, ['电站编码', 'Station code']),
        { key: 'serials', label: ['序列号', 'Serial numbers'], width: 30, value: (r) => (Array.isArray(r.serials) ? (r.serials as string[]).join(', ') : null) },
        col.text('reason', 20, ['原因', 'Reason']),
        col.text('remark', 20, ['备注', 'Remark']),
        col.text('created_by_name', 12, ['经办人', 'By']),
      ],
    },
  });
  // the stock-take sheet: export the book quantities, fill in 实盘数量 (and 差异原因), import it back
  excelRoutes(app, deps, {
    exportPermission: 'stock:export',
    importPermission: 'stock:import',
    exportSpec: {
      def: balanceResource,
      title: ['库存盘点表', 'stock-take sheet'],
      columns: [
        col.text('warehouse_code', 14, ['仓库编码', 'Warehouse code']),
        col.text('warehouse_name', 16, ['仓库名称', 'Warehouse']),
        col.text('material_code', 14, ['物料编码', 'Material code']),
        col.text('material_name', 18, ['物料名称', 'Material']),
        col.text('material_spec', 16, ['规格型号', 'Specification']),
        col.text('material_unit', 6, ['单位', 'Unit']),
        // the exact decimal text: the import compares it with the book quantity at import time
        col.text('qty', 12, ['账面数量', 'Book quantity']),
        { key: 'counted', label: ['实盘数量', 'Counted quantity'], width: 12, value: () => null },
        { key: 'reason', label: ['差异原因', 'Reason'], width: 20, value: () => null },
      ],
    },
    importSpec: {
      def: balanceResource,
      schema: stockTakeRowSchema,
      templateTitle: ['库存盘点导入模板', 'stock-take import template'],
      maxRows: IMPORT_MAX_ROWS,
      columns: [
        { key: 'warehouse_code', label: ['仓库编码', 'Warehouse code'], required: true, example: 'WH-01' },
        { key: 'material_code', label: ['物料编码', 'Material code'], required: true, example: 'CAB-4' },
        { key: 'expected', label: ['账面数量', 'Book quantity'], required: true, example: '100' },
        { key: 'counted', label: ['实盘数量', 'Counted quantity'], required: true, example: '98.5' },
        { key: 'reason', label: ['差异原因', 'Reason'], example: '损耗' },
      ],
      resolve: resolveStockTake,
      async apply(tx, input, auth, actor) {
        const row = input as z.infer<typeof stockTakeRowSchema>;
        if (canonical(row.expected) === canonical(row.counted)) return;
        const [w] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, row.warehouse_code));
        const [m] = await tx.select({ id: materials.id }).from(materials).where(eq(materials.code, row.material_code));
        if (!w || !m) throw new ApiError(400, 'error.not_found', { id: `${row.warehouse_code}/${row.material_code}` });
        await service.adjustIn(tx, { warehouse_id: w.id, material_id: m.id, counted: row.counted, expected: row.expected, reason: row.reason ?? '' }, auth, actor, null);
      },
    },
  });

  // the keeper picker of the warehouse form: enabled users by name (no user:index needed to pick
  // one); agent-scoped callers see their own agent tree's users only, as the 跟进人 picker does
  const keeperQuery = zod.object({ q: zod.string().trim().max(50).optional(), id: numeric(zod.number({ error: 'validation.number' }).int().positive()).optional() });
  app.get(
    '/api/system/warehouse/keepers',
    { config: { permission: 'warehouse:index', refs: { id: 'user' } }, schema: doc('warehouse', 'Enabled users who can keep a warehouse, by name or user name (q); id = include that user → {list:[{id, username, full_name, name}], total}', { querystring: keeperQuery }) },
    async (req) => {
      const { q, id } = parse(keeperQuery, req.query);
      const auth = authOf(req);
      const like = q ? `%${escapeLike(q)}%` : null;
      const match = like ? or(ilike(users.username, like), ilike(users.full_name, like)) : undefined;
      const scope = auth.scope === 'agent' && !auth.isAdmin ? sql`${users.agent_id} in ${agentTree(auth.agentId ?? 0)}` : undefined;
      const rows = await db
        .select({ id: users.id, username: users.username, full_name: users.full_name })
        .from(users)
        .where(and(eq(users.status, 'enabled'), scope, id ? or(eq(users.id, id), match ?? sql`true`) : match))
        .orderBy(users.id)
        .limit(50);
      return ok({ list: rows.map((r) => ({ ...r, name: r.full_name || r.username })), total: rows.length });
    },
  );

  const push = (notices: Notice[]) => {
    for (const n of notices) app.realtime?.pubsub.publish({ kind: 'message', id: n.id, recipient_id: n.recipient_id }).catch((err) => app.log.error({ err }, 'publish'));
  };
  const present = async (req: FastifyRequest, result: MovementResult) => {
    push(result.notices);
    const list = await Promise.all(result.rows.map((r) => getRecord(db, movementResource, r.id as number, authOf(req), req.lang)));
    return ok({ list, total: list.length, ...(result.workflow_request ? { workflow_request: result.workflow_request } : {}) });
  };
  const base = '/api/system/stock_movement';
  const actions: Array<[string, string, z.ZodType, (body: unknown, auth: AuthContext, actor: Actor) => Promise<MovementResult>]> = [
    ['in', '入库: quantity (decimal string) into a warehouse; a serial-tracked material names each unit', stockInSchema, (b, a, c) => service.stockIn(b, a, c)],
    ['issue', '出库 to a maintenance / construction order (number or free text), optionally onto a station; refused with the available quantity when there is not enough, changing nothing', stockIssueSchema, (b, a, c) => service.issue(b, a, c)],
    ['transfer', '调拨 from one warehouse to another: two ledger rows with one doc_no in one transaction, or nothing', stockTransferSchema, (b, a, c) => service.transfer(b, a, c)],
    ['return', '退库 into a warehouse; serial-tracked units must have been issued', stockReturnSchema, (b, a, c) => service.giveBack(b, a, c)],
    ['adjust', '盘点调整: the counted quantity and a reason; the difference from the book quantity is posted (refused if the book quantity is no longer `expected`); when a published process must approve it (库存调整审批, e.g. above a value) nothing is posted and the answer carries workflow_request', stockAdjustSchema, (b, a, c) => service.adjust(b, a, c)],
  ];
  for (const [action, what, body, run] of actions) {
    app.post(
      `${base}/${action}`,
      { config: { permission: `stock:${action}` }, schema: doc('stock_movement', `${what} → {list: the ledger rows written, total}`, { body }) },
      async (req) => present(req, await run(req.body ?? {}, authOf(req), actorOf(req))),
    );
  }
  app.post(
    '/api/system/stock_balance/threshold',
    { config: { permission: 'stock:threshold' }, schema: doc('stock_balance', 'Set (or clear with null) the low-stock threshold of a warehouse × material; a balance already below it alerts the keeper → the balance', { body: stockThresholdSchema }) },
    async (req) => {
      const { row, notices } = await service.setThreshold(req.body ?? {}, authOf(req), actorOf(req));
      push(notices);
      return ok(await getRecord(db, balanceResource, row.id as number, authOf(req), req.lang));
    },
  );
}


