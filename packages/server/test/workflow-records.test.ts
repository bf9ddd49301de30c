import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { type WorkflowGraph, type WorkflowNode, creditCodeCheck, invoiceTotals } from '@pv/contract';
import { query } from '../src/db/client.ts';
import { roles, userRoles, users, workflowTasks } from '../src/db/schema/index.ts';
import { buildXlsx } from '../src/excel/xlsx.ts';
import { strFromU8, unzlibSync } from 'fflate';
import { type RecordTypeDef, recordEvents, recordType, recordTypes } from '../src/lifecycle/records.ts';
import { contextOfUser } from '../src/modules/menu/tree.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { wakeDue } from '../src/modules/workflow/engine.ts';
import { eq, inArray } from 'drizzle-orm';
import { ADMIN_PASSWORD, call, login, ok, startApp, testImage, testPdf, type TestApp, uploadFile, USER_PASSWORD } from './helpers.ts';

/**
 * Every record type of the registry run for real on the demo data (issue 25): a process started
 * by hand ends with each named action — the module's own function, so the record moves, the
 * system log names the action and the process's starter — ; an action that needs parameters runs
 * as an approved request; every business event starts its bound process in the change's own
 * transaction; an action refused (the record in the wrong state, the starter's scope gone)
 * leaves the instance failed with the reason in the reader's language, nothing moved.
 */
let t: TestApp;
let admin: string;
let adminId: number;
let approver: { id: number; token: string };
const S = '/api/system';
type Json = Record<string, any>;
type Row = Record<string, unknown>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });
const rows = <T extends Row = Row>(text: string) => query<T>(t.handle.db, sql.raw(text));

const node = (n: WorkflowNode) => n;
const start = node({ id: 'start', kind: 'start' });
const graph = (nodes: WorkflowNode[], edges: Array<[string, string]>): WorkflowGraph => ({ nodes: [start, ...nodes], edges: edges.map(([a, b], i) => ({ id: `e${i}`, source: a, target: b })) });
/** start → end running `action` */
const endWith = (action: string) => graph([node({ id: 'end', kind: 'end', data: { result: 'approved', action } })], [['start', 'end']]);
/** start → wait a minute → end running `action` (the step nobody waits for: it fails the instance, not a person) */
const waitThen = (action: string) =>
  graph(
    [node({ id: 'wait', kind: 'time', data: { duration_minutes: 1 } }), node({ id: 'end', kind: 'end', data: { result: 'approved', action } })],
    [
      ['start', 'wait'],
      ['wait', 'end'],
    ],
  );
/** start → one approval by `user` → end (running `action` when given) */
const approval = (user: number, action?: string) =>
  graph(
    [node({ id: 'ok', kind: 'user', name: '审批', data: { assignee: { type: 'user', users: [user] } } }), node({ id: 'end', kind: 'end', data: { result: 'approved', ...(action ? { action } : {}) } })],
    [
      ['start', 'ok'],
      ['ok', 'end'],
    ],
  );

let seq = 0;
async function publish(record_type: string, g: WorkflowGraph, binding: Json = {}) {
  const d = await ok(post('workflow/add', { key: `t_${record_type}_${++seq}`, name: `测试${seq}`, record_type, ...binding, graph: g }));
  return ok(post('workflow/publish', { id: d.id, version: d.version }));
}

/** The record's state column (null: a type without one). */
const stateOf = (def: RecordTypeDef) => (def.state === undefined ? 'status' : def.state);
const table = (def: RecordTypeDef) => getTableName(def.resource.table as never);

/** Records the demo data lacks, or conditions beyond the state (the route's own refusals: a frozen station, a bill a batch holds). */
const EXTRA: Record<string, string> = {
  'station.freeze': 'not frozen and status <> \'terminated\'',
  'station.unfreeze': 'frozen',
  'station.*': 'not frozen',
  'work_order.*': 'station_id in (select id from stations where not frozen)',
  'inspection.*': 'station_id in (select id from stations where not frozen)',
  'maintenance.*': 'station_id in (select id from stations where not frozen)',
  'lease_contract.activate': "station_id in (select id from stations where status in ('grid_connected', 'operating') and not frozen)",
  'lease_contract.*': 'station_id in (select id from stations where not frozen)',
  'rent_bill.*': 'batch_id is null and station_id in (select id from stations where not frozen)',
  'revenue.maintenance': 'under_performing and maintenance_id is null',
  'invoice.void': 'matched_amount = 0 and credited_amount = 0',
  'statement.confirm': "not exists (select 1 from statement_lines l where l.statement_id = statements.id and l.note is null and l.our_amount is distinct from l.their_amount)",
  'settlement.*': 'batch_id is null',
  // the administrator made one of them: the other (客服's) is the one he may approve
  'payment_batch.approve': "created_by not in (select id from users where username = 'admin')",
};
const extraOf = (type: string, action: string) => EXTRA[`${type}.${action}`] ?? EXTRA[`${type}.*`] ?? 'true';

async function pick(def: RecordTypeDef, action: string, inState: boolean): Promise<Row | undefined> {
  const a = def.actions[action]!;
  const state = stateOf(def);
  const states = a.from && state ? `'${a.from.join("','")}'` : null;
  const where = states ? `${state}::text ${inState ? '' : 'not '}in (${states})` : 'true';
  const [r] = await rows(`select * from ${table(def)} where ${where} and ${inState ? extraOf(def.code, action) : 'true'} order by id limit 1`);
  return r;
}

/** Actions that need parameters a process cannot make up: run as an approved request, with these. */
const REQUESTS: Record<string, { where?: string; route: string; body: (r: Row) => Json; check: (r: Row) => Promise<void> }> = {
  'rent_bill.deduct': {
    where: "status in ('pending', 'failed') and batch_id is null and amount_payable >= 100 and station_id in (select id from stations where not frozen)",
    route: 'rent_bill/deduct',
    body: (r) => ({ id: r.id, version: r.version, amount: '100.00', reason: '组件遮挡，业主同意扣款' }),
    check: async (r) => expect((await rows(`select deduction::text as d from rent_bills where id = ${String(r.id)}`))[0]!.d).toBe((Number(r.deduction) + 100).toFixed(2)),
  },
  'revenue.correct': {
    where: 'settled',
    route: 'revenue/correct',
    body: (r) => ({ id: r.id, version: r.version, actual_kwh: String(Number(r.actual_kwh) + 10), actual_amount: '88.80', reason: '电网结算单更正' }),
    check: async (r) => expect((await rows(`select actual_amount::text as a, actual_source from revenues where id = ${String(r.id)}`))[0]).toMatchObject({ a: '88.80', actual_source: 'correction' }),
  },
  'stock_balance.adjust': {
    // a difference of little value: the seeded approval (above ¥500) leaves it to this test's process
    where: 'qty >= 2 and material_id in (select id from materials where unit_price < 400)',
    route: 'stock_movement/adjust',
    body: (r) => ({ warehouse_id: r.warehouse_id, material_id: r.material_id, counted: String(Number(r.qty) - 1), reason: '盘点短少' }),
    check: async (r) => expect(Number((await rows(`select qty from stock_balances where id = ${String(r.id)}`))[0]!.qty)).toBe(Number(r.qty) - 1),
  },
  'stock_balance.transfer': {
    where: 'qty >= 2 and material_id in (select id from materials where not serial_tracked) and exists (select 1 from warehouses w where w.id <> stock_balances.warehouse_id)',
    route: 'stock_movement/transfer',
    body: (r) => ({ from_warehouse_id: r.warehouse_id, to_warehouse_id: 0, material_id: r.material_id, qty: '1', remark: '调往区域仓' }),
    check: async (r) => expect(Number((await rows(`select qty from stock_balances where id = ${String(r.id)}`))[0]!.qty)).toBe(Number(r.qty) - 1),
  },
  'settlement.pay': {
    where: "status = 'confirmed' and batch_id is null",
    route: 'settlement/pay',
    body: (r) => ({ id: r.id, version: r.version, bank_serial: 'WFT20261201001' }),
    check: async (r) => expect((await rows(`select status, bank_serial from settlements where id = ${String(r.id)}`))[0]).toMatchObject({ status: 'paid', bank_serial: 'WFT20261201001' }),
  },
  'insurance_claim.assess': {
    where: "status = 'submitted'",
    route: 'insurance_claim/assess',
    body: (r) => ({ id: r.id, version: r.version, amount_approved: '1000.00', note: '现场定损' }),
    check: async (r) => expect((await rows(`select status, amount_approved::text as a from insurance_claims where id = ${String(r.id)}`))[0]).toMatchObject({ status: 'assessed', a: '1000.00' }),
  },
};

beforeAll(async () => {
  t = await startApp({ demoData: true, taskTickSeconds: 0 });
  admin = await login(t.app);
  const { db } = t.handle;
  adminId = (await db.select().from(users).where(eq(users.username, 'admin')))[0]!.id;
  // an approver of the all scope who is nobody's maker (审批小周)
  const [role] = await db.select().from(roles).where(eq(roles.code, 'admin'));
  const [u] = await db.insert(users).values({ username: 'shenpi', password_hash: await hashPassword(ADMIN_PASSWORD), full_name: '审批小周', identity: 'staff' }).returning();
  await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
  approver = { id: u!.id, token: await login(t.app, 'shenpi', ADMIN_PASSWORD) };
}, 300_000);
afterAll(async () => t.close());

const exercised = new Set<string>();
/** event → the key of the process bound to it */
const eventProcess = new Map<string, string>();

describe('every record type on the demo data', () => {
  it('the demo data has records of every type to run processes on', async () => {
    expect(recordTypes().length).toBeGreaterThanOrEqual(15);
    // a process bound to every business event (its approver gets a task), before anything happens
    for (const e of recordEvents()) eventProcess.set(e.code, (await publish(e.record, approval(approver.id), { event: e.code })).key);
    expect(eventProcess.size).toBeGreaterThanOrEqual(15);
    // records the demo lacks, made through the API: a 光E宝 matter, an app release, a maintenance order under review
    const [customer] = await rows('select id from customers order by id limit 1');
    for (const n of [1, 2, 3]) await ok(post('matter/add', { type: 'complaint', customer_id: customer!.id, title: `流程测试事项 ${n}`, content: '投诉建议' }));
    await ok(post('app_version/add', { platform: 'ios', version_name: '9.0.0', version_code: 900, notes_zh: '流程测试', notes_en: 'workflow test', store_url: 'https://apps.apple.com/app/id1' }));
    // two orders under review (one approved, one sent back)
    for (const open of await rows(`select * from maintenance_orders where status = 'in_progress' and ${EXTRA['maintenance.*']} order by id limit 2`)) {
      await ok(post('maintenance/submit', { id: open.id, version: open.version, cause: '直流开关跳闸', measures: '复位并检查绝缘' }));
    }
    // a claim with its documents (to be assessed)
    const [reported] = await rows("select * from insurance_claims where status = 'reported' order by id limit 1");
    const doc = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=insurance_claim&name=loss.pdf`, testPdf('loss'), 'application/pdf');
    await ok(post('insurance_claim/submit', { id: reported!.id, version: reported!.version, document_ids: [doc.data.id] }));
    // a draft statement with the demo's financier (to be sent)
    const [financier] = await rows("select partner_id from statements order by id limit 1");
    await ok(post('statement/add', { partner_id: financier!.partner_id, period_from: '2026-01-01', period_to: '2026-01-31' }));
    // a second batch awaiting approval, made by the administrator (sent back; the demo's, made by 客服, is approved)
    const bills = await rows("select id from rent_bills where status in ('pending', 'failed') and batch_id is null and amount_payable > 0 and station_id in (select id from stations where not frozen) order by id limit 1");
    const batch = await ok(post('payment_batch/add', { selection: { bill_ids: bills.map((b) => b.id) } }));
    await ok(post('payment_batch/submit', { id: batch.id, version: batch.version }));
  });

  it('an action that needs parameters runs as an approved request: the record waits, the approver’s approval applies it with the parameters asked for', async () => {
    for (const [key, req] of Object.entries(REQUESTS)) {
      const [type, action] = key.split('.') as [string, string];
      const def = recordType(type);
      if (!req.route) continue;
      const [record] = await rows(`select * from ${table(def)} where ${req.where ?? 'true'} order by id limit 1`);
      expect(record, key).toBeTruthy();
      const d = await publish(type, approval(approver.id, action), { gate_action: action });
      const body = req.body(record!);
      // a transfer goes to another of the demo's warehouses
      if (body.to_warehouse_id === 0) body.to_warehouse_id = (await rows(`select id from warehouses where id <> ${String(record!.warehouse_id)} and status = 'enabled' order by id limit 1`))[0]!.id;
      const before = await rows(`select * from ${table(def)} where id = ${String(record!.id)}`);
      const asked = await ok(post(req.route, body));
      expect(asked.workflow_request, key).toMatchObject({ key: d.key });
      // nothing applied yet
      expect(await rows(`select * from ${table(def)} where id = ${String(record!.id)}`), key).toEqual(before);
      const inst = await ok(get('workflow_instance/get_info', { id: asked.workflow_request.instance_id }));
      expect(inst).toMatchObject({ state: 'running', trigger: 'request', started_by_name: '系统管理员' });
      expect(inst.request_text, key).toContain(def.actions[action]!.label.zh);
      const done = await ok(post('workflow_instance/complete', { task_id: inst.tasks[0].id, outcome: 'approve', comment: '同意' }, approver.token));
      expect(done, key).toMatchObject({ state: 'completed', result: 'approved' });
      await req.check(record!);
      exercised.add(key);
      // published once per action: later requests of this action (other tests) go to their own gates
      await ok(post('workflow/disable', { id: d.id, version: (await ok(get('workflow/get_info', { id: d.id }))).version }));
    }
  });

  it('a process started by hand ends with each named action, through the module’s own function (the record moves, the log names the action)', async () => {
    const done: string[] = [];
    for (let pass = 0; pass < 2; pass++) {
      for (const def of recordTypes()) {
        for (const [action, a] of Object.entries(def.actions)) {
          const key = `${def.code}.${action}`;
          if (exercised.has(key) || key in REQUESTS || Object.entries(a.params ?? {}).some(([name, p]) => p.required && name !== 'reason')) continue;
          const record = await pick(def, action, true);
          if (!record) continue;
          const d = await publish(def.code, endWith(action));
          const inst = await call(t.app, 'POST', `${S}/workflow_instance/start`, { token: admin, body: { key: d.key, record_id: record.id, comment: '流程测试' } });
          expect(inst.status, `${key} on #${String(record.id)}: ${inst.msg}`).toBe(200);
          expect(inst.data).toMatchObject({ state: 'completed', result: 'approved' });
          const [log] = await rows(`select action, user_id from sys_log where resource = '${def.resource.name}' and record_id = ${String(record.id)} order by id desc limit 1`);
          expect(log, key).toMatchObject({ user_id: adminId });
          exercised.add(key);
          done.push(key);
        }
      }
    }
    const all = recordTypes().flatMap((d) => Object.keys(d.actions).map((a) => `${d.code}.${a}`)).filter((k) => !(k in REQUESTS));
    const left = all.filter((k) => !exercised.has(k));
    expect(left, left.join(', ')).toEqual([]);
    expect(done.length).toBeGreaterThan(35);
  });

  it('an action refused where nobody waits (a timer ended the wait) leaves the instance failed with the reason in the reader’s language, nothing moved', async () => {
    const failed: string[] = [];
    for (const def of recordTypes()) {
      const state = stateOf(def);
      const action = Object.entries(def.actions).find(([, a]) => a.from && state)?.[0];
      if (!action) continue;
      const wrong = await pick(def, action, false);
      if (!wrong) continue;
      const d = await publish(def.code, waitThen(action));
      const inst = await ok(post('workflow_instance/start', { key: d.key, record_id: wrong.id }));
      expect(inst.current_node).toBe('wait');
      const woke = await wakeDue(t.handle.db, new Date(Date.now() + 120_000));
      expect(woke.failed, def.code).toBeGreaterThanOrEqual(1);
      const zh = await ok(get('workflow_instance/get_info', { id: inst.id }, admin, 'zh'));
      const en = await ok(get('workflow_instance/get_info', { id: inst.id }, admin, 'en'));
      expect(zh.state, def.code).toBe('failed');
      expect(zh.error, def.code).toMatch(/[\u4e00-\u9fa5]/);
      expect(en.error, def.code).not.toMatch(/[\u4e00-\u9fa5]/);
      expect(en.error.length, def.code).toBeGreaterThan(10);
      const [after] = await rows(`select ${state}::text as s, version from ${table(def)} where id = ${String(wrong.id)}`);
      expect(after, def.code).toMatchObject({ s: String(wrong[state!]), version: wrong.version });
      failed.push(def.code);
    }
    // every record type with a lifecycle state (a stock balance and a month's revenue have none)
    expect(failed.sort()).toEqual(recordTypes().filter((d) => stateOf(d)).map((d) => d.code).sort());
  });

  it('an action refused because the starter’s data scope no longer covers the record leaves the instance failed, in the reader’s language', async () => {
    const { db } = t.handle;
    const [role] = await db.select().from(roles).where(eq(roles.code, 'admin'));
    const [u] = await db.insert(users).values({ username: 'lisi', password_hash: await hashPassword(USER_PASSWORD), full_name: '李四', identity: 'staff' }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
    const lisi = await login(t.app, 'lisi', USER_PASSWORD);
    // while the processes wait, 李四 moves to the 河南 agent: what the agent cannot see, his processes cannot change
    const [hnUser] = await db.select().from(users).where(eq(users.username, 'agent_hn'));
    const hnScope = (await contextOfUser(db, hnUser!.id))!;
    const started: Array<{ type: string; id: number }> = [];
    for (const def of recordTypes()) {
      // an action a process can run with its reason alone (a stock balance's need a counted quantity: none)
      const action = Object.entries(def.actions).find(([, a]) => !Object.entries(a.params ?? {}).some(([name, p]) => p.required && name !== 'reason'))?.[0];
      if (!action) continue;
      const scope = def.resource.scope(hnScope);
      const { table: tbl } = def.resource;
      const [outside] = (await db
        .select({ id: tbl.id })
        .from(tbl as never)
        .where(scope ? sql`not (${scope})` : sql`true`)
        .orderBy(sql`${tbl.id} desc`)
        .limit(1)) as Array<{ id: number }>;
      const [record] = outside ? await rows(`select * from ${table(def)} where id = ${outside.id}`) : [];
      if (!record) continue;
      const d = await publish(def.code, waitThen(action));
      started.push({ type: def.code, id: (await ok(post('workflow_instance/start', { key: d.key, record_id: record.id }, lisi))).id });
    }
    const [agentRole] = await db.select().from(roles).where(eq(roles.code, 'agent'));
    await db.update(userRoles).set({ role_id: agentRole!.id }).where(eq(userRoles.user_id, u!.id));
    await db.update(users).set({ agent_id: hnUser!.agent_id, identity: 'agent' }).where(eq(users.id, u!.id));
    const narrow = (await contextOfUser(db, u!.id))!;
    await wakeDue(t.handle.db, new Date(Date.now() + 120_000));
    const outOfScope: string[] = [];
    for (const s of started) {
      // a record type the agent scope does not narrow (the company's app releases) is not refused for scope
      if (recordType(s.type).resource.scope(narrow) === undefined) continue;
      const zh = await ok(get('workflow_instance/get_info', { id: s.id }, admin, 'zh'));
      const en = await ok(get('workflow_instance/get_info', { id: s.id }, admin, 'en'));
      expect(zh.state, s.type).toBe('failed');
      expect(zh.error_key, `${s.type}: ${zh.error}`).toBe('error.not_found');
      expect(zh.error).toMatch(/[\u4e00-\u9fa5]/);
      expect(en.error).not.toMatch(/[\u4e00-\u9fa5]/);
      outOfScope.push(s.type);
    }
    expect(outOfScope.length).toBeGreaterThanOrEqual(15);
  });

  it('every business event starts its bound process in the change’s own transaction', async () => {
    const one = async (text: string) => (await rows(text))[0]!;
    const [shigong] = await rows("select id from users where username = 'shigong'");
    const now = new Date();
    // 客户签约
    const c = await one("select * from customers where stage = 'intentional' and status <> 'lost' order by id limit 1");
    await ok(post('customer/convert', { id: c.id, version: c.version, business_mode: 'purchase' }));
    // 派单
    const wo = await one("select * from work_orders where status = 'pending_dispatch' and station_id in (select id from stations where not frozen) order by id limit 1");
    await ok(post('work_order/dispatch', { id: wo.id, version: wo.version, team_id: shigong!.id, deadline: new Date(now.getTime() + 7 * 86400_000).toISOString() }));
    // 自检提交 (the construction order under way, with its photos)
    const building = await one("select * from work_orders where kind = 'build' and status = 'in_progress' and station_id in (select id from stations where not frozen) order by id limit 1");
    const photo = async () => (await uploadFile(t.app, admin, `${S}/file/upload?owner_type=self_audit`, await testImage(64, 48), 'image/jpeg', '铭牌.jpg')).data.id as number;
    await ok(
      post('self_audit/submit', {
        work_order_id: building.id,
        items: [
          { key: 'module_nameplate', file_ids: [await photo()] },
          { key: 'inverter_nameplate', file_ids: [await photo()] },
          { key: 'inverter_sn', value: 'SN20261201A' },
          { key: 'tilt', value: '25' },
          { key: 'safety_nodes', file_ids: [await photo(), await photo()] },
          { key: 'property_deed', file_ids: [await photo()] },
        ],
      }),
    );
    // 巡检提交
    const insp = await one("select * from inspections where status = 'in_progress' and station_id in (select id from stations where not frozen) order by id limit 1");
    const results = [];
    for (const i of insp.checklist as Array<{ key: string; kind: string; min?: number; photo_required?: boolean }>) {
      const photos = i.kind === 'photo' || i.photo_required ? [(await uploadFile(t.app, admin, `${S}/file/upload?owner_type=inspection`, await testImage(64, 48), 'image/jpeg', '现场.jpg')).data.id] : undefined;
      results.push({ key: i.key, ...(i.kind === 'pass_fail' ? { pass: true } : i.kind === 'number' ? { value: String(i.min ?? 1) } : i.kind === 'text' ? { text: '正常' } : {}), ...(photos ? { photos } : {}) });
    }
    await ok(post('inspection/submit', { id: insp.id, version: insp.version, results }));
    // 租赁合同签署, 收款账户变更
    const draft = await one("select * from lease_contracts where status = 'draft' and station_id in (select id from stations where not frozen) order by id limit 1");
    await ok(post('lease_contract/sign', { id: draft.id, version: draft.version, sign_method: 'paper', signed_date: '2026-01-05' }));
    const live = await one("select * from lease_contracts where status = 'active' order by id limit 1");
    await ok(post('lease_contract/change_card', { id: live.id, version: live.version, payee_name: '流程业主', bank_name: '中国银行', bank_card: '6228480402564890018' }));
    // 结算单有异议 (a line of one sent for confirmation)
    const draftSettlement = await one("select * from settlements where status = 'draft' and line_count > 0 order by id limit 1");
    const pending = await ok(post('settlement/submit', { id: draftSettlement.id, version: draftSettlement.version }));
    const [line] = await rows(`select id from settlement_lines where settlement_id = ${String(pending.id)} and status = 'normal' order by id limit 1`);
    await ok(post('settlement/dispute', { id: pending.id, version: pending.version, line_id: line!.id, reason: '数量不对' }));
    // 对方账单导入 (the statement sent above)
    const sent = await one("select * from statements where status = 'sent' order by id limit 1");
    const sheet = buildXlsx([
      ['电站编号', '金额'],
      ['PV-NONE-1', '1.00'],
    ]);
    const imported = await t.app.inject({ method: 'POST', url: `${S}/statement/import?id=${String(sent.id)}&version=${String(sent.version)}&file_name=sheet.xlsx`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, payload: sheet });
    expect(imported.statusCode, imported.body).toBe(200);
    // 发票录入
    const cc = (body: string) => body + creditCodeCheck(body)!;
    const lines = [{ item: '运维服务', amount: '100.00', tax_rate: '6' }];
    await ok(post('invoice/add', { direction: 'in', kind: 'normal', invoice_code: '3700231130', invoice_no: '70000001', issue_date: '2026-11-20', seller_name: '青岛运维服务有限公司', seller_tax_id: cc('91370200MA3C00009'), buyer_name: '光E宝能源科技有限公司', ...invoiceTotals(lines), lines }));
    // 合作伙伴收款账户变更
    const partner = await one('select * from partners order by id limit 1');
    await ok(post('partner/edit', { id: partner.id, version: partner.version, account_type: 'corporate', account_holder: partner.name, bank_name: '招商银行济南分行', account_no: '531902000010901' }));
    // 理赔报案 (a station a policy covers today)
    const cover = await one("select ps.station_id, ps.sum_insured from insurance_policy_stations ps join insurance_policies p on p.id = ps.policy_id where p.status = 'active' and ps.start_date <= current_date and ps.end_date >= current_date order by ps.id limit 1");
    const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    await ok(post('insurance_claim/add', { station_id: cover.station_id, cause: 'hail', incident_date: today, description: '冰雹砸坏组件', amount_claimed: String(Math.min(25000, Number(cover.sum_insured))) }));

    const missing: string[] = [];
    for (const [event, key] of eventProcess) {
      const [n] = await rows<{ n: number }>(`select count(*)::int as n from workflow_instances where key = '${key}' and trigger = 'event' and event = '${event}'`);
      if (!Number(n!.n)) missing.push(event);
    }
    expect(missing, `events that started nothing: ${missing.join(', ')}`).toEqual([]);
    // each started on its own record type, its task with the approver
    const [wrong] = await rows<{ n: number }>(`select count(*)::int as n from workflow_instances i join workflow_definitions d on d.id = i.definition_id where i.trigger = 'event' and i.record_type <> d.record_type`);
    expect(Number(wrong!.n)).toBe(0);
  });
});

/** The decoded content streams of a generated PDF, and text as the UTF-16BE hex it is drawn with. */
const pdfText = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)].map((m) => strFromU8(unzlibSync(pdf.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1]))))).join('\n');
};
const hex = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');
const instanceOf = async (key: string, recordId: number) => (await rows<{ id: number }>(`select id from workflow_instances where key = '${key}' and record_id = ${recordId} order by id desc limit 1`))[0]!.id;
const openTask = async (instanceId: number) => (await t.handle.db.select().from(workflowTasks).where(eq(workflowTasks.instance_id, instanceId))).find((x) => x.state === 'open')!;
/** Refused by the segregation-of-duties rule in both languages, naming who and the rule. */
async function refusedForSod(run: (lang: 'zh' | 'en') => Promise<{ status: number; msg: string }>, who: string, role: { zh: string; en: string }) {
  const zh = await run('zh');
  const en = await run('en');
  expect(zh.status, zh.msg).toBe(403);
  expect(zh.msg).toContain('职责分离');
  expect(zh.msg).toContain(who);
  expect(zh.msg).toContain(role.zh);
  expect(en.status).toBe(403);
  expect(en.msg).toContain('Segregation of duties');
  expect(en.msg).toContain(role.en);
}

/**
 * Who a seeded approval's task goes to: the role's enabled members (the demo's 财务审批 / 运维审核 user,
 * where the demo has one), else the administrators (the processes' fallback) — less those the
 * record's rule leaves out. The demo users and 审批小周 share the administrator's password.
 */
async function approversOf(role: string, excluded: number[]): Promise<number[]> {
  const of = async (code: string) =>
    (await rows<{ id: number }>(`select distinct u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.code = '${code}' and u.status = 'enabled' order by u.id`))
      .map((r) => Number(r.id))
      .filter((id) => !excluded.includes(id));
  const members = await of(role);
  return members.length ? members : of('admin');
}
const tokens = new Map<number, string>();
async function tokenOfUser(id: number): Promise<string> {
  if (!tokens.has(id)) tokens.set(id, await login(t.app, String((await rows(`select username from users where id = ${id}`))[0]!.username), ADMIN_PASSWORD));
  return tokens.get(id)!;
}
const fullName = async (id: number) => String((await rows(`select full_name from users where id = ${id}`))[0]!.full_name);

describe('segregation of duties: one rule, the direct action and the process alike', () => {
  /** A batch of one free bill made and submitted by `token`'s user. */
  async function batchBy(token: string) {
    const [bill] = await rows("select id from rent_bills where status in ('pending', 'failed') and batch_id is null and amount_payable > 0 and station_id in (select id from stations where not frozen) order by id limit 1");
    const b = await ok(post('payment_batch/add', { selection: { bill_ids: [bill!.id] } }, token));
    return ok(post('payment_batch/submit', { id: b.id, version: b.version }, token));
  }

  it('payment batch: its maker never approves it — not directly, not as the task’s assignee, not by taking it over, not by the 已线下签字 click — and its 审批单 names the one who did', async () => {
    const batch = await batchBy(admin);
    // direct
    await refusedForSod((lang) => post('payment_batch/approve', { id: batch.id, version: batch.version }, admin, lang), '系统管理员', { zh: '制单人', en: 'maker' });
    // the seeded 付款批次审批 started on submit: 财务审批 has nobody, so its fallback (the administrators) less the maker
    const inst = await instanceOf('payment_batch_approval', batch.id);
    const task = await openTask(inst);
    const approvers = await approversOf('finance_approver', [adminId]);
    expect(task.assignees).toEqual(approvers);
    expect(task.assignees).not.toContain(adminId);
    const by = approvers[0]!;
    // taking it over (转办 to himself) is refused; so is completing a task that names him
    await refusedForSod((lang) => post('workflow_instance/reassign', { task_id: task.id, user_id: adminId, comment: '我来批' }, admin, lang), '系统管理员', { zh: '制单人', en: 'maker' });
    await t.handle.db.update(workflowTasks).set({ assignees: [adminId, by] }).where(eq(workflowTasks.id, task.id));
    await refusedForSod((lang) => post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, admin, lang), '系统管理员', { zh: '制单人', en: 'maker' });
    expect((await rows(`select status from payment_batches where id = ${String(batch.id)}`))[0]!.status).toBe('pending_approval');
    // the approver approves: the 审批单 names him, the click is his too
    const approved = await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'approve', comment: '同意' }, await tokenOfUser(by)));
    const file = await t.app.inject({ method: 'GET', url: `${S}/workflow_instance/document?id=${String(approved.documents[0].id)}`, headers: { authorization: `Bearer ${admin}` } });
    const text = pdfText(file.rawPayload);
    expect(text).toContain(hex(`系统审批：${await fullName(by)}`));
    expect(text).not.toContain(hex('系统审批：系统管理员'));
    const click = await openTask(inst);
    expect(click.assignees).toEqual(approvers);
    await t.handle.db.update(workflowTasks).set({ assignees: [adminId] }).where(eq(workflowTasks.id, click.id));
    await refusedForSod((lang) => post('workflow_instance/complete', { task_id: click.id }, admin, lang), '系统管理员', { zh: '制单人', en: 'maker' });
    await t.handle.db.update(workflowTasks).set({ assignees: [by] }).where(eq(workflowTasks.id, click.id));
    await ok(post('workflow_instance/complete', { task_id: click.id }, await tokenOfUser(by)));
    expect((await rows(`select status, approved_by from payment_batches where id = ${String(batch.id)}`))[0]).toMatchObject({ status: 'approved', approved_by: by });
  });

  it('when the approver role’s only member is the maker: the fallback gets the task, or the start is refused naming the rule (by hand) and the instance fails (by event)', async () => {
    const { db } = t.handle;
    const [only] = await db.insert(roles).values({ code: 'cw_only', name: '仅管理员的审批角色', permissions: [], data_scope: 'all' }).returning();
    await db.insert(userRoles).values({ user_id: adminId, role_id: only!.id });
    const onlyRole = graph(
      [node({ id: 'ok', kind: 'user', name: '审批', data: { assignee: { type: 'role', roles: ['cw_only'] } } }), node({ id: 'end', kind: 'end', data: { result: 'approved' } })],
      [
        ['start', 'ok'],
        ['ok', 'end'],
      ],
    );
    const byHand = await publish('payment_batch', onlyRole);
    const batch = await batchBy(admin);
    for (const lang of ['zh', 'en'] as const) {
      const r = await post('workflow_instance/start', { key: byHand.key, record_id: batch.id }, admin, lang);
      expect(r.status).toBe(400);
      expect(r.msg).toContain(lang === 'zh' ? '系统管理员是付款批次' : 'maker of Payment batch');
      expect(r.msg).toContain(batch.batch_no);
    }
    // with a fallback (升级处理人) the task goes there
    const withFallback = structuredClone(onlyRole);
    (withFallback.nodes[1]!.data as Json).fallback = { type: 'user', users: [approver.id] };
    const fb = await publish('payment_batch', withFallback);
    const started = await ok(post('workflow_instance/start', { key: fb.key, record_id: batch.id }));
    expect(started.tasks[0].assignees).toEqual([approver.id]);
    // bound to the event: the submit stands, the instance fails with the reason
    const onEvent = await publish('payment_batch', onlyRole, { event: 'payment_batch.submitted' });
    const next = await batchBy(admin);
    const failed = await ok(get('workflow_instance/get_info', { id: await instanceOf(onEvent.key, next.id) }, admin, 'en'));
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('maker');
    expect((await rows(`select status from payment_batches where id = ${String(next.id)}`))[0]!.status).toBe('pending_approval');
    await ok(post('workflow/disable', { id: onEvent.id, version: (await ok(get('workflow/get_info', { id: onEvent.id }))).version }));
  });

  it('self-audit: whoever submitted it reviews it neither directly nor in a process', async () => {
    // the construction self-audit the administrator submitted (the events test)
    const [audit] = await rows(`select * from self_audits where submitted_by = ${adminId} and result = 'pending' order by id desc limit 1`);
    await refusedForSod((lang) => post('self_audit/approve', { id: audit!.id, version: audit!.version }, admin, lang), '系统管理员', { zh: '提交人', en: 'submitter' });
    const d = await publish('self_audit', approval(adminId, 'approve'));
    const r = await post('workflow_instance/start', { key: d.key, record_id: audit!.id });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('提交人');
  });

  it('maintenance order: its handler approves his own work neither directly nor in a process', async () => {
    const [open] = await rows("select * from maintenance_orders where status = 'in_progress' and station_id in (select id from stations where not frozen) order by id limit 1");
    let order = open;
    if (!order) {
      const [any] = await rows("select * from maintenance_orders where status = 'pending_dispatch' order by id limit 1");
      order = any;
    }
    // the administrator as the order's handler (team)
    await t.handle.db.execute(sql`update maintenance_orders set team_id = ${adminId}, status = 'review_pending', measures = '更换熔丝' where id = ${order!.id as number}`);
    const [o] = await rows(`select * from maintenance_orders where id = ${String(order!.id)}`);
    await refusedForSod((lang) => post('maintenance/approve', { id: o!.id, version: o!.version }, admin, lang), '系统管理员', { zh: '处理人', en: 'handler' });
    const d = await publish('maintenance', approval(adminId, 'approve'));
    const r = await post('workflow_instance/start', { key: d.key, record_id: o!.id }, admin, 'en');
    expect(r.status).toBe(400);
    expect(r.msg).toContain('handler');
  });

  it('settlement: the team member it pays never marks it paid, nor holds a task of its process', async () => {
    const [s] = await rows("select * from settlements where status = 'confirmed' and batch_id is null order by id limit 1");
    const target = s ?? (await rows("select * from settlements order by id limit 1"))[0]!;
    await t.handle.db.execute(sql`update settlements set party_kind = 'team', party_id = ${adminId}, status = 'confirmed', batch_id = null where id = ${target.id as number}`);
    const [row] = await rows(`select * from settlements where id = ${String(target.id)}`);
    await refusedForSod((lang) => post('settlement/pay', { id: row!.id, version: row!.version, bank_serial: 'SOD-1' }, admin, lang), '系统管理员', { zh: '收款人', en: 'payee' });
    const d = await publish('settlement', approval(adminId));
    const r = await post('workflow_instance/start', { key: d.key, record_id: row!.id });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('收款人');
  });
});

describe('the seeded approvals', () => {
  it('发票登记审批（超过 ¥20,000）: registering a large invoice goes to the finance approver (never its maker, never who asked); approved, the invoice is registered', async () => {
    const cc = (body: string) => body + creditCodeCheck(body)!;
    const lines = [{ item: '组件', amount: '30000.00', tax_rate: '13' }];
    const inv = await ok(post('invoice/add', { direction: 'in', kind: 'normal', invoice_code: '3700231130', invoice_no: '70000002', issue_date: '2026-11-21', seller_name: '青岛组件供应有限公司', seller_tax_id: cc('91370200MA3C00008'), buyer_name: '光E宝能源科技有限公司', ...invoiceTotals(lines), lines }));
    const asked = await ok(post('invoice/register', { id: inv.id, version: inv.version }));
    expect(asked).toMatchObject({ status: 'draft', workflow_request: { key: 'invoice_register_approval' } });
    const task = await openTask(asked.workflow_request.instance_id);
    const approvers = await approversOf('finance_approver', [adminId]);
    expect(task.assignees).toEqual(approvers);
    const done = await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'approve', comment: '票面与明细一致' }, await tokenOfUser(approvers[0]!)));
    expect(done).toMatchObject({ state: 'completed', result: 'approved' });
    expect((await rows(`select status, registered_by from invoices where id = ${String(inv.id)}`))[0]).toMatchObject({ status: 'registered', registered_by: approvers[0] });
  });

  it('租金扣款审批（超过 ¥500）: ¥100 applies at once; ¥600 waits and is applied on approval; with nobody else to approve, the request is refused naming the rule', async () => {
    // a bill of ¥2,000 (the demo's quarters are smaller)
    const [free] = await rows("select id from rent_bills where status in ('pending', 'failed') and batch_id is null and station_id in (select id from stations where not frozen) order by id limit 1");
    await t.handle.db.execute(sql`update rent_bills set amount_due = 2000, deduction = 0, amount_payable = 2000 where id = ${free!.id as number}`);
    const [bill] = await rows(`select * from rent_bills where id = ${String(free!.id)}`);
    const small = await ok(post('rent_bill/deduct', { id: bill!.id, version: bill!.version, amount: '100.00', reason: '清洗费' }));
    expect(small.workflow_request).toBeUndefined();
    const big = await ok(post('rent_bill/deduct', { id: small.id, version: small.version, amount: '600.00', reason: '组件损坏赔偿' }));
    expect(big).toMatchObject({ deduction: small.deduction, workflow_request: { key: 'rent_deduction_approval' } });
    const task = await openTask(big.workflow_request.instance_id);
    expect(task.assignees).not.toContain(adminId);
    await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, await tokenOfUser(task.assignees[0]!)));
    expect((await rows(`select deduction::text as d from rent_bills where id = ${String(bill!.id)}`))[0]!.d).toBe((Number(small.deduction) + 600).toFixed(2));
    // every other approver away: the administrator asking has nobody to approve for him
    const away = (await rows<{ id: number }>(`select distinct u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.code in ('finance_approver', 'admin') and u.status = 'enabled' and u.id <> ${adminId}`)).map((r) => Number(r.id));
    await t.handle.db.update(users).set({ status: 'disabled' }).where(inArray(users.id, away));
    try {
      const [now] = await rows(`select version from rent_bills where id = ${String(bill!.id)}`);
      const zh = await post('rent_bill/deduct', { id: bill!.id, version: now!.version, amount: '700.00', reason: '再次扣款' });
      const en = await post('rent_bill/deduct', { id: bill!.id, version: now!.version, amount: '700.00', reason: '再次扣款' }, admin, 'en');
      expect(zh.status).toBe(400);
      expect(zh.msg).toContain('扣款需要审批');
      expect(zh.msg).toContain('系统管理员是租金账单');
      expect(zh.msg).toContain('申请人');
      expect(en.msg).toContain('requester');
    } finally {
      await t.handle.db.update(users).set({ status: 'enabled' }).where(inArray(users.id, away));
    }
  });

  it('库存盘点调整审批: a difference worth more than ¥500 waits for 运维审核 and is posted against the book it was counted on; a small one is posted at once', async () => {
    const [b] = await rows("select b.*, m.unit_price from stock_balances b join materials m on m.id = b.material_id where b.qty >= 3 and m.unit_price > 600 and not m.serial_tracked order by b.id limit 1");
    const asked = await ok(post('stock_movement/adjust', { warehouse_id: b!.warehouse_id, material_id: b!.material_id, counted: String(Number(b!.qty) - 1), reason: '盘亏一块' }));
    expect(asked).toMatchObject({ total: 0, workflow_request: { key: 'stock_adjust_approval' } });
    const inst = await ok(get('workflow_instance/get_info', { id: asked.workflow_request.instance_id }));
    expect(inst.request_text).toContain('实盘数量');
    // 运维审核 (or, without one, the administrators less the one who asked)
    expect(inst.tasks[0].assignees).toEqual(await approversOf('om_reviewer', [adminId]));
    await ok(post('workflow_instance/complete', { task_id: inst.tasks[0].id, outcome: 'approve' }, await tokenOfUser(inst.tasks[0].assignees[0])));
    expect(Number((await rows(`select qty from stock_balances where id = ${String(b!.id)}`))[0]!.qty)).toBe(Number(b!.qty) - 1);
    const [cheap] = await rows("select b.* from stock_balances b join materials m on m.id = b.material_id where b.qty >= 3 and m.unit_price < 100 and not m.serial_tracked order by b.id limit 1");
    const posted = await ok(post('stock_movement/adjust', { warehouse_id: cheap!.warehouse_id, material_id: cheap!.material_id, counted: String(Number(cheap!.qty) - 1), reason: '盘亏' }));
    expect(posted.workflow_request).toBeUndefined();
    expect(posted.total).toBe(1);
  });

  it('理赔赔付确认审批（超过 ¥20,000）: confirming a large payment of the insurer waits for the finance approver, who gets the 赔付确认单; approved, the claim is paid', async () => {
    // the claim reported in the events test, with its documents, assessed
    const [reported] = await rows("select * from insurance_claims where status = 'reported' order by id desc limit 1");
    const doc = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=insurance_claim&name=loss.pdf`, testPdf('loss'), 'application/pdf');
    const submitted = await ok(post('insurance_claim/submit', { id: reported!.id, version: reported!.version, document_ids: [doc.data.id] }));
    await ok(post('insurance_claim/assess', { id: submitted.id, version: submitted.version, amount_approved: submitted.amount_claimed }));
    const [claim] = await rows(`select * from insurance_claims where id = ${String(reported!.id)}`);
    const asked = await ok(post('insurance_claim/pay', { id: claim!.id, version: claim!.version, amount_received: claim!.amount_approved, paid_on: '2026-11-25' }));
    expect(asked).toMatchObject({ status: 'assessed', workflow_request: { key: 'claim_pay_approval' } });
    const task = await openTask(asked.workflow_request.instance_id);
    const by = (await approversOf('finance_approver', [adminId]))[0]!;
    expect(task.assignees[0]).toBe(by);
    const done = await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, await tokenOfUser(by)));
    expect(done.documents[0].name).toBe(`理赔赔付确认单_${String(claim!.claim_no)}.pdf`);
    const file = await t.app.inject({ method: 'GET', url: `${S}/workflow_instance/document?id=${String(done.documents[0].id)}`, headers: { authorization: `Bearer ${admin}` } });
    expect(pdfText(file.rawPayload)).toContain(hex(`审批人：${await fullName(by)}`));
    expect((await rows(`select status, paid_on::text as paid_on from insurance_claims where id = ${String(claim!.id)}`))[0]).toMatchObject({ status: 'paid', paid_on: '2026-11-25' });
  });
});
