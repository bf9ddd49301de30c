import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { WorkflowGraph, WorkflowNode } from '@pv/contract';
import { buildApp } from '../src/app.ts';
import { matters, messages, roles, userRoles, users, workflowEvents, workflowInstances, workflowTasks } from '../src/db/schema/index.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { wakeDue } from '../src/modules/workflow/engine.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * The workflow engine (issue 16) on 光E宝 matters: each node kind run for real (user, push,
 * download, click, time, end with the write-back through the matter's lifecycle), started by the
 * business event in the matter's own transaction and by hand, the refusals (wrong assignee, a task
 * already handled, a cancelled instance, an outcome on a click), return, failure and retry,
 * escalation, running instances keeping their version, and two servers completing the same task at
 * once (exactly one wins).
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let reviewer: { id: number; token: string };
let customerId: number;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', `${S}/${url}`, { token, query: q });

const node = (n: WorkflowNode) => n;
const byRole = (code: string) => ({ type: 'role' as const, roles: [code] });

/** A published process on matters, bound to matter.created of one matter type (or started by hand). */
async function publish(key: string, graph: WorkflowGraph, bind: { type?: string } | null = null) {
  const d = await ok(post('workflow/add', { key, name: key, record_type: 'matter', ...(bind ? { event: 'matter.created', event_match: bind.type ? { type: bind.type } : null } : {}), graph }));
  return ok(post('workflow/publish', { id: d.id, version: d.version }));
}

let seq = 0;
async function newMatter(type = 'bank_card', token = admin) {
  seq++;
  return ok(post('matter/add', { type, customer_id: customerId, title: `银行卡变更 ${seq}`, content: '更换收款银行卡' }, token));
}
const instancesOf = (matterId: number) => t.handle.db.select().from(workflowInstances).where(and(eq(workflowInstances.record_type, 'matter'), eq(workflowInstances.record_id, matterId))).orderBy(workflowInstances.id);
const openTask = async (instanceId: number) => (await t.handle.db.select().from(workflowTasks).where(and(eq(workflowTasks.instance_id, instanceId), eq(workflowTasks.state, 'open'))))[0];
const actions = async (instanceId: number) => (await t.handle.db.select({ action: workflowEvents.action }).from(workflowEvents).where(eq(workflowEvents.instance_id, instanceId)).orderBy(workflowEvents.id)).map((e) => e.action);
const matterRow = async (id: number) => (await t.handle.db.select().from(matters).where(eq(matters.id, id)))[0]!;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  // a reviewer role with one member (财务), and an empty role
  const { db } = t.handle;
  const [fin] = await db.insert(roles).values({ code: 'fin_review', name: '财务（测试）', permissions: ['matter:index', 'matter:get_info'], data_scope: 'all' }).returning();
  await db.insert(roles).values({ code: 'nobody', name: '空角色', permissions: [], data_scope: 'self' });
  const [u] = await db.insert(users).values({ username: 'fin', password_hash: await hashPassword(USER_PASSWORD), full_name: '财务小王', identity: 'staff' }).returning();
  await db.insert(userRoles).values({ user_id: u!.id, role_id: fin!.id });
  reviewer = { id: u!.id, token: await login(t.app, 'fin', USER_PASSWORD) };
  customerId = (await ok(post('customer/add', customerBody({ phone: '13900000001' })))).id;
});
afterAll(async () => t.close());

describe('workflow engine', () => {
  it('user → push → end: the business event starts it in the matter’s transaction; the assignee approves; the result is written back', async () => {
    await publish(
      'bank_card_review',
      {
        nodes: [
          node({ id: 'start', kind: 'start' }),
          node({ id: 'review', kind: 'user', name: '财务审核', data: { assignee: byRole('fin_review') } }),
          node({ id: 'notify', kind: 'push', name: '通知发起人', data: { title: '{matter_no} 已审核通过', content: '{title}', starter: true } }),
          node({ id: 'done', kind: 'end', data: { result: 'approved', action: 'close' } }),
          node({ id: 'no', kind: 'end', data: { result: 'rejected', action: 'reject' } }),
        ],
        edges: [
          { id: 'e1', source: 'start', target: 'review' },
          { id: 'e2', source: 'review', target: 'no', condition: { type: 'outcome', outcome: 'reject' } },
          { id: 'e3', source: 'review', target: 'notify', default: true },
          { id: 'e4', source: 'notify', target: 'done' },
        ],
      },
      { type: 'bank_card' },
    );
    // a matter of another type starts nothing
    const other = await newMatter('rent');
    expect(await instancesOf(other.id)).toEqual([]);

    const m = await newMatter('bank_card', op);
    const [inst] = await instancesOf(m.id);
    expect(inst).toMatchObject({ state: 'running', trigger: 'event', event: 'matter.created', record_label: m.matter_no, current_node: 'review' });
    const task = (await openTask(inst!.id))!;
    expect(task).toMatchObject({ node_kind: 'user', assignees: [reviewer.id] });
    // the reviewer's to-do message and list
    const [todo] = await t.handle.db.select().from(messages).where(eq(messages.recipient_id, reviewer.id));
    expect(todo!.title).toContain('财务审核');
    const mine = await ok(get('workflow_task/index', {}, reviewer.token));
    expect(mine.list.map((x: Json) => [x.id, x.record_label, x.node_name])).toEqual([[task.id, m.matter_no, '财务审核']]);
    expect((await ok(get('workflow_task/index', {}, op))).total).toBe(0);

    // somebody else: refused, naming the assignee; nothing changes
    const wrong = await post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, op);
    expect(wrong.status).toBe(403);
    expect(wrong.msg).toContain('财务小王');
    const noOutcome = await post('workflow_instance/complete', { task_id: task.id }, reviewer.token, 'en');
    expect(noOutcome.status).toBe(400);
    expect(noOutcome.msg).toContain('approve, reject or return');

    const done = await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'approve', comment: '卡号核对无误' }, reviewer.token));
    expect(done).toMatchObject({ state: 'completed', result: 'approved', current_node: null });
    expect(done.history.map((h: Json) => h.action)).toEqual(['start', 'enter', 'approve', 'push', 'end']);
    expect(done.history.find((h: Json) => h.action === 'approve')).toMatchObject({ user_name: '财务小王', comment: '卡号核对无误' });
    // written back through the matter's lifecycle: 已办结, on its timeline and in the log
    expect(await matterRow(m.id)).toMatchObject({ status: 'closed', result: '卡号核对无误' });
    const timeline = await ok(get('matter/timeline', { id: m.id }));
    expect(timeline.list.at(-1)).toMatchObject({ action: 'close', to_status: 'closed' });
    // the push reached the starter (op) with the template filled
    const pushed = await t.handle.db.select().from(messages).where(and(eq(messages.recipient_id, fx.op.id), sql`${messages.title} like '%已审核通过'`));
    expect(pushed.map((p) => [p.title, p.content])).toEqual([[`${m.matter_no} 已审核通过`, m.title]]);

    // the same task again: already handled
    const again = await post('workflow_instance/complete', { task_id: task.id, outcome: 'reject' }, reviewer.token);
    expect(again.status).toBe(409);
    expect(again.msg).toContain('已处理');
  });

  it('reject takes the outcome edge; the matter is rejected with the comment as reason', async () => {
    const m = await newMatter();
    const [inst] = await instancesOf(m.id);
    const task = (await openTask(inst!.id))!;
    const r = await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'reject', comment: '银行卡户名与业主不符' }, reviewer.token));
    expect(r).toMatchObject({ state: 'completed', result: 'rejected' });
    expect(await matterRow(m.id)).toMatchObject({ status: 'rejected', result: '银行卡户名与业主不符' });
  });

  it('a cancelled instance refuses its task; cancel needs the version read and a running instance', async () => {
    const m = await newMatter();
    const [inst] = await instancesOf(m.id);
    const task = (await openTask(inst!.id))!;
    expect((await post('workflow_instance/cancel', { id: inst!.id, version: inst!.version - 1, reason: '重复提交' })).status).toBe(409);
    const cancelled = await ok(post('workflow_instance/cancel', { id: inst!.id, version: inst!.version, reason: '重复提交' }));
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.tasks.map((x: Json) => x.state)).toEqual(['cancelled']);
    const r = await post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, reviewer.token);
    expect(r.status).toBe(409);
    expect(r.msg).toContain('已取消');
    const twice = await post('workflow_instance/cancel', { id: inst!.id, version: cancelled.version, reason: 'x' }, admin, 'en');
    expect(twice.status).toBe(400);
    expect(twice.msg).toContain('Cancelled');
    expect((await matterRow(m.id)).status).toBe('pending');
    // the operator has no workflow_instance:cancel
    expect((await post('workflow_instance/cancel', { id: inst!.id, version: cancelled.version, reason: 'x' }, op)).status).toBe(403);
  });

  it('download makes an xlsx of the record for the next people; click waits for its button, without an outcome', async () => {
    const p = await publish('paper_sign', {
      nodes: [
        node({ id: 'start', kind: 'start' }),
        node({ id: 'doc', kind: 'download', name: '变更申请表', data: { file_name: '银行卡变更申请表', fields: ['matter_no', 'title', 'status'] } }),
        node({ id: 'sign', kind: 'click', name: '线下签字', data: { button: '已线下签字', assignee: byRole('fin_review') } }),
        node({ id: 'end', kind: 'end', data: { result: 'done' } }),
      ],
      edges: [
        { id: 'a', source: 'start', target: 'doc' },
        { id: 'b', source: 'doc', target: 'sign' },
        { id: 'c', source: 'sign', target: 'end' },
      ],
    });
    const m = await newMatter('other');
    const started = await ok(post('workflow_instance/start', { key: p.key, record_id: m.id, comment: '请打印签字' }));
    expect(started).toMatchObject({ state: 'running', current_node: 'sign', trigger: 'manual' });
    expect(started.documents).toHaveLength(1);
    const docId = started.documents[0].id;
    const file = await t.app.inject({ method: 'GET', url: `${S}/workflow_instance/document?id=${docId}`, headers: { authorization: `Bearer ${admin}` } });
    expect(file.statusCode).toBe(200);
    const rows = readXlsx(file.rawPayload);
    expect(rows.flat()).toEqual(expect.arrayContaining([m.matter_no, m.title]));
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain('银行卡变更申请表');
    // a second start of the same process on the record: one is running
    const dup = await post('workflow_instance/start', { key: p.key, record_id: m.id });
    expect(dup.status).toBe(409);
    const mine = await ok(get('workflow_task/index', {}, reviewer.token));
    const click = mine.list.find((x: Json) => x.instance_id === started.id);
    expect(click).toMatchObject({ node_kind: 'click', button: '已线下签字' });
    expect((await post('workflow_instance/complete', { task_id: click.id, outcome: 'approve' }, reviewer.token)).status).toBe(400);
    const done = await ok(post('workflow_instance/complete', { task_id: click.id }, reviewer.token));
    expect(done).toMatchObject({ state: 'completed', result: 'done' });
    expect(done.history.map((h: Json) => h.action)).toEqual(['start', 'download', 'enter', 'click', 'end']);
    // a process with no end action leaves the matter's state alone
    expect((await matterRow(m.id)).status).toBe('pending');
  });

  it('time waits until the scheduler wakes it (a duration, or a date of the record)', async () => {
    const p = await publish('wait_then_close', {
      nodes: [
        node({ id: 'start', kind: 'start' }),
        node({ id: 'wait', kind: 'time', name: '冷静期', data: { duration_minutes: 30 } }),
        node({ id: 'until', kind: 'time', name: '创建后两小时', data: { date_field: 'created_at', offset_minutes: 120 } }),
        node({ id: 'end', kind: 'end', data: { result: 'done', action: 'close' } }),
      ],
      edges: [
        { id: 'a', source: 'start', target: 'wait' },
        { id: 'b', source: 'wait', target: 'until' },
        { id: 'c', source: 'until', target: 'end' },
      ],
    });
    const m = await newMatter('complaint');
    const now = new Date();
    const inst = await ok(post('workflow_instance/start', { key: p.key, record_id: m.id }));
    expect(inst.current_node).toBe('wait');
    const wake = new Date(inst.tasks[0].wake_at).getTime();
    expect(wake - now.getTime()).toBeGreaterThanOrEqual(29 * 60_000);
    // not yet
    await wakeDue(t.handle.db, new Date(wake - 1000));
    expect((await ok(get('workflow_instance/get_info', { id: inst.id }))).current_node).toBe('wait');
    // the duration is over: on to the date node (created_at + 2 h)
    expect((await wakeDue(t.handle.db, new Date(wake + 1000))).woken).toBe(1);
    const mid = await ok(get('workflow_instance/get_info', { id: inst.id }));
    expect(mid.current_node).toBe('until');
    const created = new Date((await matterRow(m.id)).created_at).getTime();
    expect(new Date(mid.tasks[1].wake_at).getTime()).toBe(created + 120 * 60_000);
    // a timer task is nobody's to complete
    const timer = await post('workflow_instance/complete', { task_id: mid.tasks[1].id }, admin);
    expect(timer.status).toBe(400);
    expect(timer.msg).toContain('定时等待由系统到时唤醒');
    await wakeDue(t.handle.db, new Date(created + 121 * 60_000));
    const end = await ok(get('workflow_instance/get_info', { id: inst.id }));
    expect(end).toMatchObject({ state: 'completed', result: 'done' });
    expect(end.history.map((h: Json) => h.action)).toEqual(['start', 'enter', 'wake', 'enter', 'wake', 'end']);
    expect((await matterRow(m.id)).status).toBe('closed');
  });

  it('return goes back to the person before; an overdue task is escalated once', async () => {
    const p = await publish('two_step', {
      nodes: [
        node({ id: 'start', kind: 'start' }),
        node({ id: 'first', kind: 'user', name: '初审', data: { assignee: byRole('fin_review'), due_hours: 2, escalation: '请尽快初审' } }),
        node({ id: 'second', kind: 'user', name: '复核', data: { assignee: { type: 'user', users: [1] } } }),
        node({ id: 'end', kind: 'end', data: { result: 'approved' } }),
      ],
      edges: [
        { id: 'a', source: 'start', target: 'first' },
        { id: 'b', source: 'first', target: 'second' },
        { id: 'c', source: 'second', target: 'end' },
      ],
    });
    const m = await newMatter('other');
    const inst = await ok(post('workflow_instance/start', { key: p.key, record_id: m.id }));
    const first = (await openTask(inst.id))!;
    const due = first.due_at!.getTime();
    expect((await wakeDue(t.handle.db, new Date(due + 60_000))).escalated).toBe(1);
    expect((await wakeDue(t.handle.db, new Date(due + 120_000))).escalated).toBe(0);
    const warned = await t.handle.db.select().from(messages).where(and(eq(messages.recipient_id, reviewer.id), eq(messages.level, 'warning')));
    expect(warned.map((w) => [w.title, w.content])).toEqual([[`待办已超时：初审（${m.matter_no as string}）`, '请尽快初审']]);

    await ok(post('workflow_instance/complete', { task_id: first.id, outcome: 'approve' }, reviewer.token));
    const second = (await openTask(inst.id))!;
    expect(second.node_id).toBe('second');
    const back = await ok(post('workflow_instance/complete', { task_id: second.id, outcome: 'return', comment: '附件不全' }));
    expect(back).toMatchObject({ state: 'running', current_node: 'first' });
    const again = (await openTask(inst.id))!;
    expect(again).toMatchObject({ node_id: 'first', assignees: [reviewer.id] });
    // returning from the first person: nowhere to go, refused, nothing changes
    const nowhere = await post('workflow_instance/complete', { task_id: again.id, outcome: 'return' }, reviewer.token);
    expect(nowhere.status).toBe(400);
    expect(nowhere.msg).toContain('初审');
    expect((await openTask(inst.id))!.id).toBe(again.id);
  });

  it('a step that cannot run on an event marks the instance failed and keeps the matter; retry runs it again; reassign', async () => {
    await publish(
      'nobody_reviews',
      {
        nodes: [
          node({ id: 'start', kind: 'start' }),
          node({ id: 'review', kind: 'user', name: '空角色审核', data: { assignee: byRole('nobody') } }),
          node({ id: 'end', kind: 'end', data: { result: 'done' } }),
        ],
        edges: [
          { id: 'a', source: 'start', target: 'review' },
          { id: 'b', source: 'review', target: 'end' },
        ],
      },
      { type: 'fault' },
    );
    const m = await newMatter('fault');
    expect((await matterRow(m.id)).status).toBe('pending');
    const [inst] = await instancesOf(m.id);
    expect(inst).toMatchObject({ state: 'failed', current_node: 'review', error_key: 'error.workflow_no_assignee' });
    expect(inst!.error).toContain('空角色审核');
    expect(await openTask(inst!.id)).toBeUndefined();
    expect(await actions(inst!.id)).toEqual(['start', 'fail']);
    // retry while still nobody: refused, stays failed
    const still = await post('workflow_instance/retry', { id: inst!.id, version: inst!.version });
    expect(still.status).toBe(400);
    expect((await instancesOf(m.id))[0]!.state).toBe('failed');
    // somebody joins the role: retry makes the task
    const [nobody] = await t.handle.db.select().from(roles).where(eq(roles.code, 'nobody'));
    await t.handle.db.insert(userRoles).values({ user_id: fx.op.id, role_id: nobody!.id });
    const retried = await ok(post('workflow_instance/retry', { id: inst!.id, version: inst!.version }));
    expect(retried).toMatchObject({ state: 'running', current_node: 'review', error: null });
    const task = (await openTask(inst!.id))!;
    expect(task.assignees).toEqual([fx.op.id]);
    const moved = await ok(post('workflow_instance/reassign', { task_id: task.id, user_id: reviewer.id, comment: '休假' }));
    expect(moved.tasks.at(-1).assignees).toEqual([reviewer.id]);
    expect((await post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, op)).status).toBe(403);
    expect((await ok(post('workflow_instance/complete', { task_id: task.id, outcome: 'approve' }, reviewer.token))).state).toBe('completed');
    expect(await actions(inst!.id)).toEqual(['start', 'fail', 'retry', 'enter', 'reassign', 'approve', 'end']);
  });

  it('a failed step reads in the reader’s language; retry, cancel and reassign need their permissions; a due time in minutes', async () => {
    const { db } = t.handle;
    await db.insert(roles).values({ code: 'vacant', name: '无人角色', permissions: [], data_scope: 'self' });
    const p = await publish('vacant_review', {
      nodes: [
        node({ id: 'start', kind: 'start' }),
        // the record's created_at has passed: the next scheduler pass continues
        node({ id: 'wait', kind: 'time', name: '等到创建时间', data: { date_field: 'created_at', offset_minutes: 0 } }),
        node({ id: 'review', kind: 'user', name: '无人审核', data: { assignee: byRole('vacant'), due_minutes: 30, escalation: '半小时未审核' } }),
        node({ id: 'end', kind: 'end', data: { result: 'done' } }),
      ],
      edges: [
        { id: 'a', source: 'start', target: 'wait' },
        { id: 'b', source: 'wait', target: 'review' },
        { id: 'c', source: 'review', target: 'end' },
      ],
    });
    const m = await newMatter('other');
    const started = await ok(post('workflow_instance/start', { key: p.key, record_id: m.id }));
    expect(started).toMatchObject({ state: 'running', current_node: 'wait' });
    expect(started.tasks).toMatchObject([{ node_kind: 'time', state: 'open' }]);
    expect(await wakeDue(db, new Date(Date.now() + 1000))).toMatchObject({ woken: 0, failed: 1 });
    const read = (lang: 'zh' | 'en') => call(t.app, 'GET', `${S}/workflow_instance/get_info`, { token: admin, query: { id: started.id }, lang }).then((r) => r.data as Json);
    const [zh, en] = [await read('zh'), await read('en')];
    expect(zh).toMatchObject({ state: 'failed', current_node: 'review', error: '节点“无人审核”的处理人规则没有找到任何可用的用户' });
    expect(en.error).toBe('The assignee rule of “无人审核” found no active user');
    expect(en.history.at(-1)).toMatchObject({ action: 'fail', data: { message: { en: en.error, zh: zh.error } } });
    // the instances list says where it failed
    const listed = await ok(get('workflow_instance/index', { record_type: 'matter', record_id: m.id }));
    expect(listed.list).toMatchObject([{ state: 'failed', current_node_name: '无人审核' }]);

    // without the permissions: refused, nothing changes
    const failed = (await instancesOf(m.id))[0]!;
    for (const [url, body] of [
      ['retry', { id: failed.id, version: failed.version }],
      ['cancel', { id: failed.id, version: failed.version, reason: '不需要了' }],
    ] as const) {
      const r = await post(`workflow_instance/${url}`, body, op);
      expect(r.status, url).toBe(403);
    }
    expect((await instancesOf(m.id))[0]).toMatchObject({ state: 'failed', version: failed.version });

    // the cause fixed (somebody in the role): retry makes the task, due in 30 minutes
    const [vacant] = await db.select().from(roles).where(eq(roles.code, 'vacant'));
    await db.insert(userRoles).values({ user_id: reviewer.id, role_id: vacant!.id });
    const before = Date.now();
    await ok(post('workflow_instance/retry', { id: failed.id, version: failed.version }));
    const task = (await openTask(failed.id))!;
    expect(task.due_at!.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(task.due_at!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
    const denied = await post('workflow_instance/reassign', { task_id: task.id, user_id: fx.op.id }, op);
    expect(denied.status).toBe(403);
    expect((await openTask(failed.id))!.assignees).toEqual([reviewer.id]);
    const moved = await ok(post('workflow_instance/reassign', { task_id: task.id, user_id: 1, comment: '财务休假' }));
    expect(moved.history.at(-1)).toMatchObject({ action: 'reassign', comment: '财务休假', data: { to: [1], to_name: '系统管理员' } });
    // 30 minutes later: escalated once, to the new assignee and the starter
    expect((await wakeDue(db, new Date(task.due_at!.getTime() + 1000))).escalated).toBe(1);
    const warned = await db.select().from(messages).where(and(eq(messages.level, 'warning'), eq(messages.content, '半小时未审核')));
    expect(warned.map((w) => w.recipient_id)).toEqual([1]);
  });

  it('a running instance keeps its version when the process is published again', async () => {
    const [d] = (await ok(get('workflow/index', { key: 'bank_card_review' }))).list as Json[];
    const m = await newMatter();
    const [inst] = await instancesOf(m.id);
    const detail = await ok(get('workflow/get_info', { id: d!.id }));
    const g = detail.graph as WorkflowGraph;
    g.nodes = g.nodes.map((n) => (n.id === 'review' ? { ...n, name: '财务复核（新版）' } : n));
    const edited = await ok(post('workflow/edit', { id: d!.id, version: detail.version, graph: g }));
    await ok(post('workflow/publish', { id: d!.id, version: edited.version }));
    const info = await ok(get('workflow_instance/get_info', { id: inst!.id }));
    expect(info.version_no).toBe(1);
    expect(info.graph.nodes.find((n: Json) => n.id === 'review').name).toBe('财务审核');
    const m2 = await newMatter();
    const [inst2] = await instancesOf(m2.id);
    expect((await ok(get('workflow_instance/get_info', { id: inst2!.id }))).version_no).toBe(2);
    // a record's instances (the record page's diagram)
    const list = await ok(get('workflow_instance/index', { record_type: 'matter', record_id: m.id }));
    expect(list.list.map((x: Json) => [x.id, x.current_node_name])).toEqual([[inst!.id, '财务审核']]);
  });

  it('two servers completing the same task at once: exactly one wins, the other is told it is handled', async () => {
    const second = await buildApp({ db: t.handle.db, config: t.config, dbKind: t.handle.kind });
    await second.ready();
    try {
      for (let round = 0; round < 3; round++) {
        const m = await newMatter();
        const [inst] = await instancesOf(m.id);
        const task = (await openTask(inst!.id))!;
        const body = (outcome: string) => ({ task_id: task.id, outcome });
        const results = await Promise.all([
          call(t.app, 'POST', `${S}/workflow_instance/complete`, { token: reviewer.token, body: body('approve') }),
          call(second, 'POST', `${S}/workflow_instance/complete`, { token: reviewer.token, body: body('reject') }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
        const winner = results.find((r) => r.status === 200)!;
        const [row] = await t.handle.db.select().from(workflowInstances).where(eq(workflowInstances.id, inst!.id));
        // the instance went one way only: one completion in its history, the matter moved once
        expect(row!.result).toBe(winner.data.result);
        const decisions = (await actions(inst!.id)).filter((a) => a === 'approve' || a === 'reject');
        expect(decisions).toHaveLength(1);
        expect((await matterRow(m.id)).status).toBe(row!.result === 'approved' ? 'closed' : 'rejected');
      }
    } finally {
      await second.close();
    }
  });
});
