import {
  LeaseStatus,
  PayCycle,
  RentBillStatus,
  RentRule,
  SignMethod,
  UPLOAD_LIMITS,
  type TimelineEntry,
  leaseAddSchema,
  leaseChangeCardSchema,
  leaseMoveSchema,
  leaseSignSchema,
  leaseTerminateSchema,
  periodByKey,
  rentBillDeductSchema,
  rentBillGenerateSchema,
  rentBillMoveSchema,
  rentBillPaySchema,
  rentBillReasonSchema,
  sumMoney,
} from '@pv/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { query } from '../../db/client.ts';
import { leaseContracts } from '../../db/schema/index.ts';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { acceptRawBodies } from '../../http/raw-body.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { planList } from '../../resources/query.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { fileNameOf } from '../file/routes.ts';
import { fileServiceOf, uploadTooLarge } from '../file/service.ts';
import { chinaDate } from '../inspection/generate.ts';
import type { Actor } from '../system/syslog.ts';
import { withPending } from '../workflow/public.ts';
import { writeLog } from '../system/syslog.ts';
import { LeaseActions } from './actions.ts';
import { RentBillActions } from './bills.ts';
import { generateRentPeriod } from './generate.ts';
import { leaseContractResource as lease, maskCards, rentBillResource as bill } from './resource.ts';

type Row = Record<string, unknown>;

/**
 * /api/system/lease_contract/* and /api/system/rent_bill/*: the generic reads, the named actions
 * (each its own permission), history and timeline, the contract PDF, the full card number through
 * view_card only, the bills' sums, Excel export of both lists, and a period's generation run now.
 */
export function leaseRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const files = fileServiceOf(deps);
  const leases = new LeaseActions(db);
  const bills = new RentBillActions(db);
  const L = '/api/system/lease_contract';
  const B = '/api/system/rent_bill';

  resourceRoutes(app, deps, lease);
  resourceRoutes(app, deps, bill);
  historyRoutes(app, deps, lease, { entity: 'lease_contract', mask: maskCards });
  historyRoutes(app, deps, bill, {
    entity: 'rent_bill',
    mask: maskCards,
    // bills are made by the million: the 'generate' entry comes from the row itself
    origin: (row) => ({ id: 0, action: 'generate', from_status: null, to_status: row.paused_by === 'station' && row.version === 1 ? 'paused' : 'pending', reason: null, data: { period: row.period, amount_due: row.amount_due }, user_id: null, user_name: null, full_name: null, created_at: (row.created_at as Date).toISOString() }) as TimelineEntry,
  });

  const showLease = (id: number, req: FastifyRequest) => getRecord(db, lease, id, authOf(req), req.lang);
  const showBill = (id: number, req: FastifyRequest) => getRecord(db, bill, id, authOf(req), req.lang);
  type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<Row>;
  const action = (base: string, name: string, permission: string, what: string, body: z.ZodType, run: Act, show: (id: number, req: FastifyRequest) => Promise<Row>) =>
    app.post(`${base}/${name}`, { config: { permission }, schema: doc(base.split('/').at(-1)!, what, { body, returns: 'the record' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(withPending(row, await show(row.id as number, req)));
    });

  action(L, 'add', 'lease_contract:add', 'A draft contract for a station whose owner is in 屋顶租赁 mode (one open contract per station); the card must pass its check digit', leaseAddSchema, (b, a, c) => leases.add(b, a, c), showLease);
  action(L, 'sign', 'lease_contract:sign', '签署: 草稿 → 已签署 {id, version, sign_method, signed_date}; needs the payee account', leaseSignSchema, (b, a, c) => leases.sign(b, a, c), showLease);
  action(L, 'activate', 'lease_contract:activate', '开始履行: 已签署 → 履行中 once the station is grid-connected; the bills due so far are made (pro rata from the start)', leaseMoveSchema, (b, a, c) => leases.activate(b, a, c), showLease);
  action(L, 'terminate', 'lease_contract:terminate', '终止 {id, version, reason, terminate_date}: the bill holding that day is cut pro rata, later unpaid ones are void', leaseTerminateSchema, (b, a, c) => leases.terminate(b, a, c), showLease);
  action(L, 'change_card', 'lease_contract:change_card', '变更收款账户 {payee_name, bank_name, bank_branch?, bank_card, matter_id? (a 银行卡变更 matter), reason?}; logged', leaseChangeCardSchema, (b, a, c) => leases.changeCard(b, a, c), showLease);
  app.get(
    `${L}/view_card`,
    { config: { permission: 'lease_contract:view_card' }, schema: doc('lease_contract', "The payee's full card number (?id=); every view is written to the system log", { querystring: idQuery }) },
    async (req) => ok(await leases.viewCard(parse(idQuery, req.query).id, authOf(req), actorOf(req))),
  );
  app.get(
    `${L}/pdf`,
    { config: { permission: 'lease_contract:get_info' }, schema: doc('lease_contract', 'The contract PDF(s) with signed links (?id=) → {list,total}', { querystring: idQuery }) },
    async (req) => {
      const { id } = parse(idQuery, req.query);
      await loadOne(db, lease, id, authOf(req));
      const list = await files.list(db, 'lease_contract', id);
      return ok({ list, total: list.length });
    },
  );
  app.register(async (scoped) => {
    acceptRawBodies(scoped, UPLOAD_LIMITS.pdf.maxBytes, () => uploadTooLarge(UPLOAD_LIMITS.pdf.maxBytes));
    scoped.post(
      `${L}/upload_pdf`,
      { config: { permission: 'lease_contract:upload_pdf' }, schema: doc('lease_contract', 'Upload the contract PDF: the PDF itself is the body (?id=, name in ?name= or X-File-Name); PDF only, ≤ 20 MiB → the file', { querystring: idQuery }) },
      async (req) => {
        const { id } = parse(idQuery, req.query);
        const auth = authOf(req);
        const actor = actorOf(req);
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const stored = await db.transaction(async (tx) => {
          const before = await loadOne(tx, lease, id, auth, { lock: true });
          const row = await files.store(tx, { ownerType: 'lease_contract', ownerId: id, name: fileNameOf(req, 'contract.pdf'), declaredType: String(req.headers['content-type'] ?? ''), body }, auth, actor);
          await tx.update(leaseContracts).set({ pdf_file_id: row.id, version: sql`${leaseContracts.version} + 1`, updated_at: new Date() }).where(eq(leaseContracts.id, id));
          await writeLog(tx, actor, { action: 'upload_pdf', resource: 'lease_contract', recordId: id, before: { pdf_file_id: before.pdf_file_id }, after: { pdf_file_id: row.id, name: row.name } });
          return row;
        });
        return ok(files.present(stored));
      },
    );
  });

  action(B, 'deduct', 'rent_bill:deduct', '扣款 {id, version, amount > 0, reason}: payable = due − deductions, never below zero; when a published process must approve it (需要审批, e.g. above an amount) it starts instead and the answer carries workflow_request', rentBillDeductSchema, (b, a, c) => bills.deduct(b, a, c), showBill);
  action(B, 'pause', 'rent_bill:pause', '暂停 by hand with a reason (pending / failed → paused)', rentBillReasonSchema, (b, a, c) => bills.pause(b, a, c), showBill);
  action(B, 'release', 'rent_bill:release', '恢复: paused → pending; refused while the station is frozen or terminated', rentBillMoveSchema, (b, a, c) => bills.release(b, a, c), showBill);
  action(B, 'pay', 'rent_bill:pay', '确认已支付 {id, version, bank_serial, paid_at?, channel?}: pending / failed → paid, the payee account snapshotted', rentBillPaySchema, (b, a, c) => bills.pay(b, a, c), showBill);
  action(B, 'fail', 'rent_bill:fail', '标记支付失败 {id, version, reason}', rentBillReasonSchema, (b, a, c) => bills.fail(b, a, c), showBill);
  app.get(
    `${B}/deductions`,
    { config: { permission: 'rent_bill:get_info' }, schema: doc('rent_bill', "A bill's deductions (amount, reason, who, when), oldest first (?id=)", { querystring: idQuery }) },
    async (req) => ok(await bills.deductions(parse(idQuery, req.query).id, authOf(req))),
  );
  app.get(
    `${B}/summary`,
    {
      config: { permission: 'rent_bill:index' },
      schema: doc('rent_bill', "The list's count and sums (amount_due, deduction, amount_payable; exact decimal strings) for the same filters as index", {
        querystring: z.object(Object.fromEntries([...Object.keys(bill.filters), 'q'].map((k) => [k, z.string().optional()]))),
      }),
    },
    async (req) => {
      const plan = planList(bill, { ...(req.query as Row), page: '1', limit: '1' }, authOf(req));
      const [r] = plan.count
        ? await query<Row>(db, sql`select coalesce(sum(n), 0)::bigint as n, coalesce(sum(amount_due), 0)::numeric(18,2)::text as amount_due, coalesce(sum(deduction), 0)::numeric(18,2)::text as deduction, coalesce(sum(amount_payable), 0)::numeric(18,2)::text as amount_payable from ${plan.count.counter.table} where ${plan.count.where ?? sql`true`}`)
        : await query<Row>(db, sql`select count(*)::bigint as n, coalesce(sum(amount_due), 0)::numeric(18,2)::text as amount_due, coalesce(sum(deduction), 0)::numeric(18,2)::text as deduction, coalesce(sum(amount_payable), 0)::numeric(18,2)::text as amount_payable from rent_bills where ${plan.where ?? sql`true`}`);
      return ok({ total: Number(r?.n ?? 0), amount_due: sumMoney([r?.amount_due as string]), deduction: sumMoney([r?.deduction as string]), amount_payable: sumMoney([r?.amount_payable as string]) });
    },
  );
  app.post(
    `${B}/generate`,
    { config: { permission: 'rent_bill:generate' }, schema: doc('rent_bill', "Run one period's generation now {period: 2026 | 2026-H1 | 2026-Q1} (the scheduler does it by itself; idempotent, resumes a stopped run); a period that has not started is refused", { body: rentBillGenerateSchema }) },
    async (req) => {
      const { period } = parse(rentBillGenerateSchema, req.body ?? {});
      const p = periodByKey(period)!;
      if (p.start > chinaDate(new Date())) throw new ApiError(400, 'error.rent_period_not_started', { period, start: p.start });
      const result = await generateRentPeriod(db, period);
      await writeLog(db, actorOf(req), { action: 'generate', resource: 'rent_bill', recordId: 0, after: result });
      return ok(result);
    },
  );

  excelRoutes(app, deps, {
    exportPermission: 'lease_contract:export',
    exportSpec: {
      def: lease,
      title: ['租赁合同', 'lease contracts'],
      columns: [
        col.text('contract_no', 20, ['合同编号', 'Contract no.']),
        col.enumOf('status', LeaseStatus, 10, ['状态', 'Status']),
        col.text('station_code', 20, ['电站编码', 'Station code']),
        col.text('station_name', 20, ['电站名称', 'Station']),
        col.text('customer_name', 12, ['业主', 'Owner']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.region('city_code', 12, ['城市', 'City']),
        col.text('agent_name', 16, ['代理商', 'Agent']),
        col.enumOf('sign_method', SignMethod, 8, ['签署方式', 'Signing']),
        col.text('signed_date', 12, ['签署日期', 'Signed on']),
        col.text('start_date', 12, ['起租日期', 'Start']),
        col.text('end_date', 12, ['到期日期', 'End']),
        col.enumOf('rent_rule', RentRule, 16, ['计租方式', 'Rent rule']),
        col.text('rent_rate', 10, ['租金单价', 'Rate']),
        col.money('annual_rent', 12, ['首年租金', 'First-year rent']),
        col.enumOf('pay_cycle', PayCycle, 8, ['支付周期', 'Pay cycle']),
        col.text('payee_name', 10, ['收款人', 'Payee']),
        col.text('bank_name', 16, ['开户行', 'Bank']),
        col.text('bank_card', 22, ['银行卡号', 'Card no.']),
      ],
    },
  });
  excelRoutes(app, deps, {
    exportPermission: 'rent_bill:export',
    exportSpec: {
      def: bill,
      title: ['租金账单', 'rent bills'],
      columns: [
        col.text('bill_no', 20, ['账单编号', 'Bill no.']),
        col.text('period', 8, ['账期', 'Period']),
        col.enumOf('status', RentBillStatus, 8, ['状态', 'Status']),
        col.text('contract_no', 20, ['合同编号', 'Contract no.']),
        col.text('station_code', 20, ['电站编码', 'Station code']),
        col.text('customer_name', 12, ['业主', 'Owner']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.text('cover_start', 12, ['计租起', 'From']),
        col.text('cover_end', 12, ['计租止', 'To']),
        col.money('amount_due', 12, ['应付金额', 'Amount due']),
        col.money('deduction', 10, ['扣款', 'Deduction']),
        col.money('amount_payable', 12, ['实付金额', 'Payable']),
        col.text('due_date', 12, ['到期日', 'Due']),
        col.dateTime('paid_at', 18, ['支付时间', 'Paid at']),
        col.text('bank_serial', 20, ['银行流水号', 'Bank serial']),
        col.text('fail_reason', 20, ['失败原因', 'Failure']),
      ],
    },
  });
}
