import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatYuan, validateGraph, WorkflowNodeKind } from '@pv/contract';
import { findEvent, recordType, recordTypeInfo } from '../src/lifecycle/records.ts';
import { customers, maintenanceOrders, messages, paymentBatches, rentBills, roles, stations, userRoles, users, workflowInstances, workflowTasks } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { unzlibSync, strFromU8 } from 'fflate';
import { SEED_PROCESSES, seedDemoWorkflows } from '../src/modules/workflow/demo.ts';
import { wakeDue } from '../src/modules/workflow/engine.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * The seeded processes (issue 16): valid, published, bound to real events and between them every
 * node kind; and each run on its real record type: a payment batch submitted by the operator is
 * approved by the administrator, its approval form made, the signature confirmed and the batch
 * approved through its own action; a maintenance order accepted or sent back; a lease contract's
 * card change reminded after 24 hours (the card masked in the message).
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin) => call(t.app, 'POST', `${S}/${url}`, { token, body });
const get = (url: string, q: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', `${S}/${url}`, { token, query: q });
/** The decoded content streams of a generated PDF, and text as the UTF-16BE hex it is drawn with. */
const pdfText = (pdf: Buffer) => {
  const s = pdf.toString('latin1');
  return [...s.matchAll(/\/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)].map((m) => strFromU8(unzlibSync(pdf.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1]))))).join('\n');
};
const hex = (s: string) => [...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');
const CARD = '6228480402564890018';
const CARD2 = '6212260200000000006';
const instanceOf = async (type: string, id: number) => (await t.handle.db.select().from(workflowInstances).where(and(eq(workflowInstances.record_type, type), eq(workflowInstances.record_id, id))))[0]!;
const openTask = async (instanceId: number) => (await t.handle.db.select().from(workflowTasks).where(and(eq(workflowTasks.instance_id, instanceId), eq(workflowTasks.state, 'open'))))[0]!;

/** A lease-mode owner's station with an active quarterly contract from 2026-01-01. */
async function leased() {
  const { db } = t.handle;
  const [c] = await db.insert(customers).values({ ...customerBody({ name: '流程业主', phone: '13700009999' }), stage: 'formal', status: 'signed', business_mode: 'lease', agent_id: fx.sdc.id } as never).returning();
  const [s] = await db
    .insert(stations)
    .values({ code: 'PVWF00001', name: '流程电站', customer_id: c!.id, agent_id: fx.sdc.id, province_code: '370000', city_code: '370700', capacity_kwp: 22, module_count: 40, status: 'operating', grid_at: new Date('2025-12-01T02:00:00Z') } as never)
    .returning();
  let k = await ok(post('lease_contract/add', { station_id: s!.id, start_date: '2026-01-01', rent_rule: 'per_panel', rent_rate: '30', pay_cycle: 'quarterly', payee_name: '流程业主', bank_name: '中国农业银行', bank_branch: '潍坊分行', bank_card: CARD }));
  k = await ok(post('lease_contract/sign', { id: k.id, version: k.version, sign_method: 'paper', signed_date: '2025-12-20' }));
  k = await ok(post('lease_contract/activate', { id: k.id, version: k.version }));
  return { contract: k, station: s! };
}

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  await seedDemoWorkflows(t.handle.db);
  // twice: nothing more
  await seedDemoWorkflows(t.handle.db);
});
afterAll(async () => t.close());

describe('seeded processes', () => {
  it('are valid, published once, bound to real events, and use all seven node kinds between them', async () => {
    const kinds = new Set(SEED_PROCESSES.flatMap((p) => p.graph.nodes.map((n) => n.kind)));
    expect([...kinds].sort()).toEqual([...WorkflowNodeKind.values].sort());
    for (const p of SEED_PROCESSES) {
      expect(validateGraph(p.graph, { record: recordTypeInfo(recordType(p.record_type)) }), p.key).toEqual([]);
      // bound to an event of its record type, or to one of its actions that needs approval
      if (p.event) expect(findEvent(p.event)?.type.code).toBe(p.record_type);
      else expect(recordType(p.record_type).actions[p.gate_action!], p.key).toBeTruthy();
    }
    const list = await ok(get('workflow/index', { limit: 50 }));
    expect(list.list.map((d: Json) => [d.key, d.status, d.published_version]).sort()).toEqual(SEED_PROCESSES.map((p) => [p.key, 'published', 1]).sort());
  });

  it('付款批次审批: user → download → click → end, the batch approved through its own action', async () => {
    const { contract } = await leased();
    const [bill] = await t.handle.db.select().from(rentBills).where(eq(rentBills.contract_id, contract.id)).orderBy(rentBills.period_start);
    let batch = await ok(post('payment_batch/add', { selection: { bill_ids: [bill!.id] } }, op));
    batch = await ok(post('payment_batch/submit', { id: batch.id, version: batch.version }, op));
    const inst = await instanceOf('payment_batch', batch.id);
    expect(inst).toMatchObject({ key: 'payment_batch_approval', state: 'running', current_node: 'approve', record_label: batch.batch_no });
    const task = await openTask(inst.id);
    // the operator who submitted is no assignee (the admin role is)
    expect((await post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, op)).status).toBe(403);
    const afterApprove = await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'approve', comment: '同意付款' }));
    expect(afterApprove.current_node).toBe('signed');
    const doc = afterApprove.documents[0];
    expect(doc.name).toBe(`付款批次审批单_${batch.batch_no}.pdf`);
    const file = await t.app.inject({ method: 'GET', url: `${S}/workflow_instance/document?id=${doc.id}`, headers: { authorization: `Bearer ${admin}` } });
    // a PDF 审批单 from the text template: batch no, purpose, line count, total, submitted at
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(file.rawPayload);
    expect(text).toContain(hex(`付款批次审批单 ${batch.batch_no}`));
    expect(text).toContain(hex(`批次号：${batch.batch_no}`));
    expect(text).toContain(hex(`付款笔数：1 笔`));
    expect(text).toContain(hex(`付款总额：${formatYuan(batch.total)}`));
    expect(text).toMatch(new RegExp(hex('提交时间：') + '[0-9A-F]{40,}'));
    // not approved yet: the signature is awaited
    expect((await t.handle.db.select().from(paymentBatches).where(eq(paymentBatches.id, batch.id)))[0]!.status).toBe('pending_approval');
    const click = await openTask(inst.id);
    const done = await ok(post('workflow_instance/complete', { task_id: click.id }));
    expect(done).toMatchObject({ state: 'completed', result: 'approved' });
    const [after] = await t.handle.db.select().from(paymentBatches).where(eq(paymentBatches.id, batch.id));
    expect(after).toMatchObject({ status: 'approved' });
    const timeline = await ok(get('payment_batch/timeline', { id: batch.id }));
    expect(timeline.list.map((e: Json) => e.action)).toEqual(['add', 'submit', 'approve']);
  });

  it('运维工单验收: reject sends the order back, approve completes it', async () => {
    // the station the payment test leased
    const [station] = await t.handle.db.select().from(stations).where(eq(stations.code, 'PVWF00001'));
    const order = async (n: number) =>
      (
        await t.handle.db
          .insert(maintenanceOrders)
          .values({ order_no: `YW-WF-${n}`, station_id: station!.id, province_code: '370000', fault_category: 'inverter', description: '逆变器故障', response_due: new Date(Date.now() + 3600_000), repair_due: new Date(Date.now() + 86400_000), status: 'review_pending', measures: '更换逆变器' } as never)
          .returning()
      )[0]!;
    const [role] = await t.handle.db.select().from(roles).where(eq(roles.code, 'dispatcher'));
    const [u] = await t.handle.db.insert(users).values({ username: 'disp', password_hash: await hashPassword(USER_PASSWORD), full_name: '派单小赵', identity: 'staff' }).returning();
    await t.handle.db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
    const dispatcher = await login(t.app, 'disp', USER_PASSWORD);
    const a = await order(1);
    const b = await order(2);
    const ia = await ok(post('workflow_instance/start', { key: 'maintenance_review', record_id: a.id }));
    const ib = await ok(post('workflow_instance/start', { key: 'maintenance_review', record_id: b.id }));
    expect(ia.tasks[0].assignee_names).toEqual(['派单小赵']);
    expect((await ok(post('workflow_instance/complete', { task_id: ia.tasks[0].id, outcome: 'reject', comment: '照片不清楚' }, dispatcher))).result).toBe('rejected');
    expect((await ok(post('workflow_instance/complete', { task_id: ib.tasks[0].id, outcome: 'approve' }, dispatcher))).result).toBe('approved');
    const rows = await t.handle.db.select().from(maintenanceOrders).where(eq(maintenanceOrders.station_id, station!.id)).orderBy(maintenanceOrders.id);
    expect(rows.map((r) => [r.order_no, r.status, r.reject_reason])).toEqual([
      ['YW-WF-1', 'in_progress', '照片不清楚'],
      ['YW-WF-2', 'completed', null],
    ]);
    expect(rows[1]!.finished_at).not.toBeNull();
  });

  it('收款账户变更复核: the card change starts it; 24 hours later the operators are reminded, the card masked', async () => {
    const [k] = (await ok(get('lease_contract/index', { q: '' }))).list as Json[];
    const c = await ok(get('lease_contract/get_info', { id: k!.id }));
    await ok(post('lease_contract/change_card', { id: c.id, version: c.version, payee_name: '流程业主', bank_name: '中国银行', bank_card: CARD2 }));
    const inst = await instanceOf('lease_contract', c.id);
    expect(inst).toMatchObject({ state: 'running', current_node: 'wait', trigger: 'event' });
    const wake = (await openTask(inst.id)).wake_at!;
    await wakeDue(t.handle.db, new Date(wake.getTime() + 1000));
    expect((await instanceOf('lease_contract', c.id)).state).toBe('completed');
    const [msg] = await t.handle.db.select().from(messages).where(and(eq(messages.recipient_id, fx.op.id), eq(messages.title, `请核对 ${c.contract_no} 的新收款账户`)));
    expect(msg!.content).toContain('中国银行');
    expect(msg!.content).not.toContain(CARD2);
    expect(msg!.content).toContain('0006');
  });

  it('the end node writes back through the module’s own action: a frozen station and a wrong state are refused as the route refuses them, and nothing moves', async () => {
    const { db } = t.handle;
    const [station] = await db.select().from(stations).where(eq(stations.code, 'PVWF00001'));
    const [order] = await db
      .insert(maintenanceOrders)
      .values({ order_no: 'YW-WF-3', station_id: station!.id, province_code: '370000', fault_category: 'inverter', description: '组串断路', response_due: new Date(Date.now() + 3600_000), repair_due: new Date(Date.now() + 86400_000), status: 'review_pending', measures: '更换熔丝' } as never)
      .returning();
    const dispatcher = await login(t.app, 'disp', USER_PASSWORD); // the dispatcher the test above made
    const inst = await ok(post('workflow_instance/start', { key: 'maintenance_review', record_id: order!.id }));
    const task = inst.tasks[0];
    const complete = (lang: 'zh' | 'en') => call(t.app, 'POST', `${S}/workflow_instance/complete`, { token: dispatcher, body: { task_id: task.id, outcome: 'approve' }, lang });
    const approveByRoute = (version: number, lang: 'zh' | 'en') => call(t.app, 'POST', `${S}/maintenance/approve`, { token: admin, body: { id: order!.id, version }, lang });

    await db.update(stations).set({ frozen: true }).where(eq(stations.id, station!.id));
    try {
      for (const lang of ['zh', 'en'] as const) {
        const byRoute = await approveByRoute(order!.version, lang);
        const byEngine = await complete(lang);
        expect(byRoute.status).toBe(400);
        expect(byRoute.msg).toContain('PVWF00001');
        expect([byEngine.status, byEngine.msg]).toEqual([byRoute.status, byRoute.msg]);
      }
    } finally {
      await db.update(stations).set({ frozen: false }).where(eq(stations.id, station!.id));
    }
    // the person's step is strict: the order, the task and the instance are as they were
    expect((await db.select().from(maintenanceOrders).where(eq(maintenanceOrders.id, order!.id)))[0]).toMatchObject({ status: 'review_pending', version: order!.version });
    expect(await openTask(inst.id)).toMatchObject({ id: task.id, state: 'open' });
    expect(await instanceOf('maintenance', order!.id)).toMatchObject({ state: 'running', current_node: inst.current_node });

    // approved by hand meanwhile: the end node meets 已完成 and says what a second approve says
    const approved = await ok(approveByRoute(order!.version, 'zh'));
    for (const lang of ['zh', 'en'] as const) {
      const byRoute = await approveByRoute(approved.version, lang);
      const byEngine = await complete(lang);
      expect(byRoute.status).toBe(400);
      expect([byEngine.status, byEngine.msg]).toEqual([byRoute.status, byRoute.msg]);
    }
    expect((await instanceOf('maintenance', order!.id)).state).toBe('running');
  });
});
