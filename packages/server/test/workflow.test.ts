import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { WorkflowGraph } from '@pv/contract';
import { sysLog, workflowVersions } from '../src/db/schema/index.ts';
import { call, fixtures, login, ok, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * 流程定义 (issue 16): drafts edited freely (version-checked), publishing validated on the server
 * with every error pinned in data.errors (zh and en), immutable versions (even to SQL), disable /
 * enable, delete only while never published, permissions, the list export, the change log.
 */
let t: TestApp;
let admin: string;
let op: string;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', `${S}/${url}`, { token, query: q });

const graph = (): WorkflowGraph => ({
  nodes: [
    { id: 'start', kind: 'start', name: '开始' },
    { id: 'review', kind: 'user', name: '财务审核', data: { assignee: { type: 'role', roles: ['operator'] } } },
    { id: 'end', kind: 'end', name: '结束', data: { result: 'approved', action: 'close' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'review' },
    { id: 'e2', source: 'review', target: 'end' },
  ],
});

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('workflow definitions', () => {
  it('a new process is a draft start → end; the key is unique; bad input is refused in the caller’s language', async () => {
    const d = await ok(post('workflow/add', { key: 'bank_card_review', name: '银行卡变更审核', record_type: 'matter', event: 'matter.created', event_match: { type: 'bank_card' } }));
    expect(d).toMatchObject({ status: 'draft', published_version: 0, version: 1, dirty: true, updated_by_name: expect.any(String) });
    expect(d.graph.nodes.map((n: Json) => n.kind)).toEqual(['start', 'end']);
    const again = await post('workflow/add', { key: 'bank_card_review', name: 'x', record_type: 'matter' });
    expect(again.status).toBe(400);
    expect(again.msg).toContain('bank_card_review');
    const bad = await post('workflow/add', { key: 'Bad Key', name: '', record_type: 'ship' }, admin, 'en');
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/key|Key/);
    // an event of another record type, or a match field the event does not offer
    expect((await post('workflow/add', { key: 'x1', name: 'x', record_type: 'matter', event: 'payment_batch.submitted' })).status).toBe(400);
    const m = await post('workflow/add', { key: 'x2', name: 'x', record_type: 'matter', event: 'matter.created', event_match: { status: 'pending' } }, admin, 'en');
    expect(m.status).toBe(400);
    expect(m.msg).toContain('status');
    // nodes of an unknown kind
    const k = await post('workflow/add', { key: 'x3', name: 'x', record_type: 'matter', graph: { nodes: [{ id: 'a', kind: 'gateway' }], edges: [] } });
    expect(k.status).toBe(400);
  });

  it('publishing validates on the server: every error pinned to its node/edge in data.errors, nothing published', async () => {
    const [d] = (await ok(get('workflow/index', { key: 'bank_card_review' }) as never)).list as Json[];
    const broken: WorkflowGraph = { ...graph(), nodes: graph().nodes.map((n) => (n.id === 'review' ? { id: 'review', kind: 'user', name: '财务审核' } : n)), edges: [...graph().edges, { id: 'e9', source: 'review', target: 'ghost' }] };
    const edited = await ok(post('workflow/edit', { id: d!.id, version: d!.version, graph: broken }));
    for (const lang of ['zh', 'en'] as const) {
      const r = await post('workflow/publish', { id: d!.id, version: edited.version }, admin, lang);
      expect(r.status).toBe(400);
      const errors = r.data.errors as Json[];
      expect(errors.map((e) => [e.code, e.nodeId ?? e.edgeId])).toEqual(
        expect.arrayContaining([
          ['edge_dangling', 'e9'],
          ['user_no_assignee', 'review'],
        ]),
      );
      expect(errors.find((e) => e.code === 'user_no_assignee')!.message).toBe(lang === 'zh' ? '人工审批“财务审核”没有设置处理人' : 'The user task “财务审核” has no assignee');
      expect(r.msg).toContain(lang === 'zh' ? '未发布' : 'not published');
    }
    expect(await t.handle.db.select().from(workflowVersions).where(eq(workflowVersions.definition_id, d!.id))).toEqual([]);
  });

  it('publish makes an immutable version; the draft stays editable; a stale version gets 409', async () => {
    let d = (await ok(get('workflow/index', { key: 'bank_card_review' }) as never)).list[0] as Json;
    d = await ok(post('workflow/edit', { id: d.id, version: d.version, graph: graph() }));
    const stale = await post('workflow/publish', { id: d.id, version: d.version - 1 });
    expect(stale.status).toBe(409);
    d = await ok(post('workflow/publish', { id: d.id, version: d.version, note: '首版' }));
    expect(d).toMatchObject({ status: 'published', published_version: 1, dirty: false });
    // the draft moves on; version 1 does not
    const g2 = graph();
    g2.nodes[1]!.name = '财务复核';
    d = await ok(post('workflow/edit', { id: d.id, version: d.version, graph: g2 }));
    expect(d).toMatchObject({ dirty: true, published_version: 1 });
    d = await ok(post('workflow/publish', { id: d.id, version: d.version }));
    const versions = await ok(get('workflow/versions', { id: d.id }) as never);
    expect(versions.list.map((v: Json) => [v.version_no, v.note])).toEqual([
      [2, null],
      [1, '首版'],
    ]);
    const v1 = await ok(get('workflow/version', { id: d.id, version: 1 }) as never);
    const v2 = await ok(get('workflow/version', { id: d.id, version: 2 }) as never);
    expect(v1.graph.nodes[1].name).toBe('财务审核');
    expect(v2.graph.nodes[1].name).toBe('财务复核');
    expect((await get('workflow/version', { id: d.id, version: 9 })).status).toBe(404);
    // even SQL cannot change or delete a published version
    const refused = (q: Promise<unknown>) => q.then(() => 'done', (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message));
    expect(await refused(t.handle.db.execute(sql`update workflow_versions set name = 'x' where definition_id = ${d.id}`))).toMatch(/immutable/);
    expect(await refused(t.handle.db.execute(sql`delete from workflow_versions where definition_id = ${d.id}`))).toMatch(/immutable/);
    // published once: no delete, only disable
    const del = await post('workflow/del', { id: d.id });
    expect(del.status).toBe(400);
    expect(del.msg).toContain('停用');
  });

  it('disable / enable, each from the right state; a disabled process cannot be edited or published', async () => {
    let d = (await ok(get('workflow/index', { key: 'bank_card_review' }) as never)).list[0] as Json;
    expect((await post('workflow/enable', { id: d.id, version: d.version })).status).toBe(400);
    d = await ok(post('workflow/disable', { id: d.id, version: d.version }));
    expect(d.status).toBe('disabled');
    const edit = await post('workflow/edit', { id: d.id, version: d.version, name: 'x' });
    expect(edit.status).toBe(400);
    expect(edit.msg).toContain('已停用');
    expect((await post('workflow/publish', { id: d.id, version: d.version })).status).toBe(400);
    d = await ok(post('workflow/enable', { id: d.id, version: d.version }));
    expect(d.status).toBe('published');
    const log = await t.handle.db.select({ action: sysLog.action }).from(sysLog).where(sql`${sysLog.resource} = 'workflow' and ${sysLog.record_id} = ${d.id}`).orderBy(sysLog.id);
    expect(log.map((l) => l.action)).toEqual(['add', 'edit', 'edit', 'publish', 'edit', 'publish', 'disable', 'enable']);
    const history = await ok(get('workflow/history', { id: d.id }) as never);
    expect(history.total).toBe(8);
  });

  it('a draft never published can be deleted; filters, export; the operator without workflow:* is refused', async () => {
    const d = await ok(post('workflow/add', { key: 'tmp_draft', name: '临时', record_type: 'maintenance' }));
    expect((await get('workflow/index', { status: 'draft' })).data.list.map((r: Json) => r.key)).toEqual(['tmp_draft']);
    expect((await get('workflow/index', { record_type: 'matter' })).data.total).toBe(1);
    expect((await get('workflow/index', { status: 'nope' })).status).toBe(400);
    const x = await t.app.inject({ method: 'GET', url: `${S}/workflow/export`, headers: { authorization: `Bearer ${admin}` } });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect((await ok(post('workflow/del', { id: d.id }))).ids).toEqual([d.id]);
    for (const [url, body] of [
      ['workflow/add', { key: 'op_try', name: 'x', record_type: 'matter' }],
      ['workflow/publish', { id: 1, version: 1 }],
    ] as const) {
      const r = await post(url, body, op);
      expect(r.status).toBe(403);
      expect(r.msg).toContain('workflow:');
    }
    expect((await get('workflow/index', {}, op)).status).toBe(403);
  });
});
