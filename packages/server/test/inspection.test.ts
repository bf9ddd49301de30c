import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { inspectionCounts, inspectionCountsCity, inspectionRuns, inspections, messages, operationPlans, stations } from '../src/db/schema/index.ts';
import { chinaMidnight, generateBatch, generateDue, generatePlan, nextPeriodStart, periodKey } from '../src/modules/inspection/generate.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, testImage, uploadFile, type TestApp } from './helpers.ts';

/**
 * Operation plans and inspections (issue 13): plan validation and preview, generation idempotent
 * (twice, two runs at once, a run stopped half-way resumes), team per region, every inspection
 * transition allowed / wrong state / no permission / another agent's record / frozen station,
 * result checking against the checklist, overdue marking, list totals from the counters.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let sd: string;
let hn: string;
const S = '/api/system';
type Res = { status: number; code: number; msg: string; data: any };
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh'): Promise<Res> => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, query: Record<string, string | number> = {}, token = admin): Promise<Res> => call(t.app, 'GET', `${S}/${url}`, { token, query });

const CHECKLIST = [
  { key: 'panels', label: '组件外观', kind: 'pass_fail' },
  { key: 'voltage', label: '直流电压', kind: 'number', unit: 'V', min: '200', max: '800' },
  { key: 'site', label: '现场照片', kind: 'photo' },
  { key: 'note', label: '备注', kind: 'text', required: false },
];
const planBody = (extra: Record<string, unknown> = {}) => ({
  name: '季度巡检',
  kind: 'inspection',
  scope: { region_codes: ['370000'] },
  every_months: 3,
  start_date: '2026-01-01',
  deadline_days: 15,
  checklist: CHECKLIST,
  ...extra,
});

let seq = 0;
async function station(extra: Partial<typeof stations.$inferInsert> = {}) {
  seq++;
  const [s] = await t.handle.db
    .insert(stations)
    .values({ code: `PVT${String(seq).padStart(5, '0')}`, name: `测试电站${seq}`, province_code: '370000', city_code: '370100', status: 'operating', capacity_kwp: 10, grid_at: new Date('2025-06-01T00:00:00Z'), agent_id: fx.sd.id, ...extra })
    .returning();
  return s!;
}
async function plan(extra: Record<string, unknown> = {}) {
  const res = await post('operation_plan/add', planBody(extra));
  expect(res.status, res.msg).toBe(200);
  return res.data as { id: number; version: number; status: string };
}
async function enabled(extra: Record<string, unknown> = {}) {
  const p = await plan(extra);
  const res = await post('operation_plan/enable', { id: p.id, version: p.version });
  expect(res.status, res.msg).toBe(200);
  return res.data as { id: number; version: number; next_period_at: string };
}
const rowsOf = async (planId: number) => t.handle.db.select().from(inspections).where(eq(inspections.plan_id, planId)).orderBy(inspections.station_id);

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('periods', () => {
  const monthly = { every_months: 1, cron: null, start_date: '2026-01-31', end_date: '2026-06-30' };
  it('every N months from the start date, the 31st clamped to short months, within the end date', () => {
    expect(nextPeriodStart(monthly, null)).toEqual(chinaMidnight('2026-01-31'));
    expect(nextPeriodStart(monthly, chinaMidnight('2026-01-31'))).toEqual(chinaMidnight('2026-02-28'));
    expect(nextPeriodStart(monthly, chinaMidnight('2026-03-05'))).toEqual(chinaMidnight('2026-03-31'));
    expect(nextPeriodStart(monthly, chinaMidnight('2026-06-01'))).toEqual(chinaMidnight('2026-06-30'));
    expect(nextPeriodStart(monthly, chinaMidnight('2026-06-30'))).toBeNull();
    expect(periodKey(monthly, chinaMidnight('2026-02-28'))).toBe('2026-02');
    const quarterly = { every_months: 3, cron: null, start_date: '2026-01-01', end_date: null };
    expect(nextPeriodStart(quarterly, chinaMidnight('2026-11-25'))).toEqual(chinaMidnight('2027-01-01'));
  });
  it('cron plans: the occurrences, keyed to the minute (China time)', () => {
    const weekly = { every_months: null, cron: '0 8 * * 1', start_date: '2026-11-01', end_date: null };
    const first = nextPeriodStart(weekly, null)!;
    expect(first.toISOString()).toBe('2026-11-02T00:00:00.000Z'); // Monday 08:00 China
    expect(periodKey(weekly, first)).toBe('2026-11-02 08:00');
  });
});

describe('operation plans', () => {
  it('validates the plan with messages in the caller\'s language and changes nothing on refusal', async () => {
    const before = (await t.handle.db.select({ n: count() }).from(operationPlans))[0]!.n;
    const both = await post('operation_plan/add', planBody({ cron: '0 8 * * 1' }));
    expect([both.status, both.msg]).toEqual([400, '周期(月)：请选择按月周期或填写Cron表达式（二选一）']);
    const dupKeys = await post('operation_plan/add', planBody({ checklist: [CHECKLIST[0], CHECKLIST[0]] }), admin, 'en');
    expect(dupKeys.status).toBe(400);
    expect(dupKeys.msg).toContain('Item keys must be unique');
    const range = await post('operation_plan/add', planBody({ checklist: [{ key: 'v', label: 'V', kind: 'number', min: '10', max: '1' }] }));
    expect(range.msg).toContain('上限不能小于下限');
    const cron = await post('operation_plan/add', planBody({ every_months: null, cron: 'every day' }));
    expect([cron.status, cron.msg]).toEqual([400, 'Cron表达式“every day”不正确']);
    const team = await post('operation_plan/add', planBody({ default_team_id: 999999 }));
    expect(team.status).toBe(400);
    expect((await t.handle.db.select({ n: count() }).from(operationPlans))[0]!.n).toBe(before);
  });

  it('previews the stations a set hits: connected and unfrozen ones of the region, agent, capacity and dates', async () => {
    const a = await station({ capacity_kwp: 20 });
    await station({ status: 'building' });
    await station({ frozen: true });
    await station({ province_code: '410000', city_code: '410100', agent_id: fx.hn.id });
    const res = await post('operation_plan/preview', { scope: { station_ids: [a.id] } });
    expect(res.data).toMatchObject({ stations: 1, sample: [{ id: a.id, code: a.code }] });
    // a plan over chosen stations names them by code
    const chosen = await post('operation_plan/add', planBody({ scope: { station_ids: [a.id] } }));
    expect(chosen.status, chosen.msg).toBe(200);
    expect((await get('operation_plan/get_info', { id: chosen.data.id })).data.station_codes).toEqual({ [a.id]: a.code });
    const big = await post('operation_plan/preview', { scope: { region_codes: ['370100'], capacity_min: '15' } });
    expect(big.data.sample.map((s: { id: number }) => s.id)).toContain(a.id);
    expect(big.data.stations).toBe(1);
    const none = await post('operation_plan/preview', { scope: { region_codes: ['370000'], grid_after: '2030-01-01' } });
    expect(none.data.stations).toBe(0);
    // an agent's user previews its own stations only, and cannot make plans
    const hnView = await post('operation_plan/preview', { scope: {} }, hn);
    expect(hnView.data.stations).toBe(1);
    expect((await post('operation_plan/add', planBody(), hn)).status).toBe(403);
  });

  it('enables, generates one inspection per station and period with the team of the region, and never twice', async () => {
    await t.handle.db.delete(stations);
    const jn = await station({ city_code: '370100' });
    const wf = await station({ city_code: '370700', agent_id: fx.sdc.id });
    await station({ province_code: '410000', city_code: '410100', agent_id: fx.hn.id });
    // a region named twice: the first rule wins
    const assignment = [{ region_code: '370000', team_id: fx.op.id }, { region_code: '370700', team_id: fx.sdUser.id }, { region_code: '370700', team_id: fx.hnUser.id }];
    const p = await enabled({ assignment, default_team_id: null });
    // the quarter running now (plans started in January: October)
    expect(p.next_period_at).toBe(chinaMidnight('2026-10-01').toISOString());
    const run = await post('operation_plan/run', { id: p.id });
    expect(run.data).toMatchObject({ created: 2, stations: 2, period: '2026-10' });
    const rows = await rowsOf(p.id);
    expect(rows.map((r) => [r.station_id, r.team_id, r.status, r.period])).toEqual([
      [jn.id, fx.op.id, 'pending', '2026-10'],
      [wf.id, fx.sdUser.id, 'pending', '2026-10'],
    ]);
    expect(rows[0]!.checklist).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'voltage', min: '200' })]));
    // the plan moved on to the next quarter; running again makes nothing
    const info = await get('operation_plan/get_info', { id: p.id });
    expect(info.data).toMatchObject({ next_period_at: chinaMidnight('2027-01-01').toISOString(), last_period: '2026-10', generated_count: 2, open_inspections: 2 });
    expect(info.data.team_names).toEqual({ [fx.op.id]: '运营小李', [fx.sdUser.id]: '山东代理王', [fx.hnUser.id]: '河南代理陈' });
    expect((await post('operation_plan/run', { id: p.id })).data.created).toBe(0);
    expect(await generateDue(t.handle.db, new Date())).toMatchObject({ inspections: 0 });
    // each team member got one message for the period
    const sent = await t.handle.db.select().from(messages).where(eq(messages.link, '/operation/inspectionList'));
    expect(sent.map((m) => m.recipient_id).sort()).toEqual([fx.op.id, fx.sdUser.id].sort());
    // the timeline starts with the generation
    const timeline = await get('inspection/timeline', { id: rows[0]!.id });
    expect(timeline.data.list[0]).toMatchObject({ action: 'generate', to_status: 'pending' });
  });

  it('two runs at once create each inspection once; a run stopped half-way resumes at its cursor', async () => {
    await t.handle.db.delete(stations);
    for (let i = 0; i < 25; i++) await station();
    const p = await enabled({ every_months: 1, start_date: '2026-11-01' });
    const [a, b] = await Promise.all([generatePlan(t.handle.db, p.id, new Date(), 4), generatePlan(t.handle.db, p.id, new Date(), 4)]);
    expect(a.created + b.created).toBe(25);
    expect((await rowsOf(p.id)).length).toBe(25);

    // a crash after two batches: the run row keeps the cursor; the job finishes the rest
    const q = await enabled({ every_months: 1, start_date: '2026-11-01', name: '月度清洗', kind: 'cleaning' });
    const planRow = (await t.handle.db.select().from(operationPlans).where(eq(operationPlans.id, q.id)))[0]!;
    await t.handle.db.insert(inspectionRuns).values({ plan_id: q.id, period: '2026-11', period_start: chinaMidnight('2026-11-01') });
    await generateBatch(t.handle.db, planRow, '2026-11', 5);
    await generateBatch(t.handle.db, planRow, '2026-11', 5);
    const [half] = await t.handle.db.select().from(inspectionRuns).where(eq(inspectionRuns.plan_id, q.id));
    expect([half!.created, half!.finished_at]).toEqual([10, null]);
    const resumed = await generateDue(t.handle.db, new Date());
    expect(resumed.inspections).toBe(15);
    expect((await rowsOf(q.id)).length).toBe(25);
    const [done] = await t.handle.db.select().from(inspectionRuns).where(eq(inspectionRuns.plan_id, q.id));
    expect(done!.finished_at).not.toBeNull();
  });

  it('a period in lanes split by city: each station once, a lane stopped half-way resumes, the plan moves on once', async () => {
    await t.handle.db.delete(stations);
    const cities = ['370100', '370200', '370300', '370500', '370600', '370700', '370800']; // the plan's set is 山东
    for (let i = 0; i < 42; i++) await station({ province_code: cities[i % 7]!.slice(0, 2) + '0000', city_code: cities[i % 7] });
    const p = await enabled({ every_months: 1, start_date: '2026-11-01', name: '分道巡检' });
    const planRow = (await t.handle.db.select().from(operationPlans).where(eq(operationPlans.id, p.id)))[0]!;
    await t.handle.db.insert(inspectionRuns).values([0, 1, 2].map((lane) => ({ plan_id: p.id, period: '2026-11', period_start: chinaMidnight('2026-11-01'), lane, lanes: 3 })));
    // lane 1 stops after one batch (a crash); then two runners go at once over all three lanes
    await generateBatch(t.handle.db, planRow, '2026-11', 2, 1, 3);
    const [x, y] = await Promise.all([generatePlan(t.handle.db, p.id, new Date(), 3), generatePlan(t.handle.db, p.id, new Date(), 3)]);
    expect(x.created + y.created).toBe(40);
    const rows = await rowsOf(p.id);
    expect(rows.map((r) => r.station_id)).toEqual([...new Set(rows.map((r) => r.station_id))]);
    expect(rows).toHaveLength(42);
    const runs = await t.handle.db.select().from(inspectionRuns).where(eq(inspectionRuns.plan_id, p.id)).orderBy(inspectionRuns.lane);
    // every lane walked its own cities (none empty with seven cities over three lanes), and finished
    expect(runs.map((r) => r.finished_at !== null)).toEqual([true, true, true]);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(42);
    expect(runs.every((r) => r.created > 0)).toBe(true);
    // the plan moved on once, and each team member got one message for the period
    const [after] = await t.handle.db.select().from(operationPlans).where(eq(operationPlans.id, p.id));
    expect([after!.last_period, after!.next_period_at?.toISOString(), after!.generated_count]).toEqual(['2026-11', chinaMidnight('2026-12-01').toISOString(), 42]);
    const sent = await t.handle.db.select().from(messages).where(sql`${messages.content} = ${planRow.plan_no}`);
    expect(sent).toHaveLength(new Set(rows.map((r) => r.team_id).filter((id) => id !== null)).size);
  });

  it('numbers past the millionth document keep all their digits (lpad would cut them into duplicates)', async () => {
    await t.handle.db.delete(stations);
    for (let i = 0; i < 3; i++) await station();
    await t.handle.db.execute(sql`select setval('doc_no_seq', 999998)`);
    const p = await enabled({ name: '编号测试', every_months: 1, start_date: '2026-11-01' });
    expect((await post('operation_plan/run', { id: p.id })).data.created).toBe(3);
    const numbers = (await rowsOf(p.id)).map((r) => r.inspection_no.slice(10));
    expect(numbers.sort()).toEqual(['1000000', '1000001', '1000002']);
  });

  it('enable / disable / delete follow the plan\'s status; an enabled plan keeps its recurrence', async () => {
    const p = await enabled({ name: '停用测试' });
    const again = await post('operation_plan/enable', { id: p.id, version: p.version });
    expect([again.status, again.msg]).toEqual([400, '当前状态为“启用”，不能启用']);
    const edit = await post('operation_plan/edit', { id: p.id, version: p.version, every_months: 6 });
    expect([edit.status, edit.msg]).toEqual([400, '计划启用中不能修改周期和起止日期，请先停用']);
    const rename = await post('operation_plan/edit', { id: p.id, version: p.version, name: '改名' });
    expect(rename.status).toBe(200);
    const off = await post('operation_plan/disable', { id: p.id, version: rename.data.version });
    expect(off.data.status).toBe('disabled');
    expect((await post('operation_plan/run', { id: p.id })).status).toBe(400);
    const del = await post('operation_plan/del', { id: p.id });
    expect([del.status, del.msg]).toEqual([400, '计划“改名”已启用过，不能删除（可停用）']);
    const draft = await plan({ name: '草稿' });
    expect((await post('operation_plan/del', { id: draft.id })).status).toBe(200);
    expect((await post('operation_plan/add', planBody(), op)).status).toBe(403);
  });
});

describe('inspections', () => {
  let ids: number[] = [];
  const info = async (id: number) => (await get('inspection/get_info', { id })).data;
  beforeAll(async () => {
    await t.handle.db.delete(stations);
    await station();
    await station();
    await station({ province_code: '410000', city_code: '410100', agent_id: fx.hn.id });
    const p = await enabled({ scope: {}, name: '全部巡检' });
    await post('operation_plan/run', { id: p.id });
    ids = (await rowsOf(p.id)).map((r) => r.id);
    expect(ids.length).toBe(3);
  });

  it('start → submit (checked against the checklist) → reject → start → submit → approve, with the timeline', async () => {
    const id = ids[0]!;
    let row = await info(id);
    const wrong = await post('inspection/submit', { id, version: row.version, results: [] });
    expect([wrong.status, wrong.msg]).toEqual([400, '当前状态为“待执行”，不能提交结果']);
    row = (await post('inspection/start', { id, version: row.version })).data;
    expect(row.status).toBe('in_progress');
    const missing = await post('inspection/submit', { id, version: row.version, results: [{ key: 'panels', pass: true }] });
    expect([missing.status, missing.msg]).toEqual([400, '检查项“直流电压”未填写完整']);
    const unknown = await post('inspection/submit', { id, version: row.version, results: [{ key: 'roof', pass: true }] }, admin, 'en');
    expect(unknown.msg).toBe('Unknown checklist item: roof');
    const photo = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=inspection`, await testImage(), 'image/jpeg', 'site.jpg');
    expect(photo.status, photo.msg).toBe(200);
    const results = [
      { key: 'panels', pass: false },
      { key: 'voltage', value: '950' },
      { key: 'site', photos: [photo.data.id] },
    ];
    row = (await post('inspection/submit', { id, version: row.version, results, lat: 36.65, lng: 117.12, remark: '组件有裂纹' })).data;
    expect(row).toMatchObject({ status: 'audit_pending', failed_count: 2, lat: '36.650000', remark: '组件有裂纹' });
    const photos = await get('inspection/photos', { id });
    expect(photos.data.list.map((f: { id: number }) => f.id)).toEqual([photo.data.id]);
    expect(photos.data.list[0].thumb_url).toBeTruthy();
    const noReason = await post('inspection/reject', { id, version: row.version, reason: ' ' });
    expect([noReason.status, noReason.msg]).toEqual([400, '原因：请填写原因']);
    row = (await post('inspection/reject', { id, version: row.version, reason: '照片不清楚' })).data;
    expect([row.status, row.reject_reason]).toEqual(['rejected', '照片不清楚']);
    row = (await post('inspection/start', { id, version: row.version })).data;
    row = (await post('inspection/submit', { id, version: row.version, results: [...results.slice(0, 1), { key: 'voltage', value: 420 }, results[2]] })).data;
    expect(row.failed_count).toBe(1);
    row = (await post('inspection/approve', { id, version: row.version })).data;
    expect(row.status).toBe('completed');
    expect(row.finished_at).toBeTruthy();
    const timeline = await get('inspection/timeline', { id });
    expect(timeline.data.list.map((e: { action: string }) => e.action)).toEqual(['generate', 'start', 'submit', 'reject', 'start', 'submit', 'approve']);
    const stale = await post('inspection/cancel', { id, version: 1, reason: 'x' });
    expect(stale.status).toBe(409);
  });

  it('refuses without permission, outside the agent\'s stations, on a frozen station and on a stale version', async () => {
    const id = ids[1]!;
    const row = await info(id);
    const opRes = await post('inspection/start', { id, version: row.version }, op);
    expect([opRes.status, opRes.msg]).toEqual([403, '没有权限执行此操作（需要 inspection:start）']);
    const other = await post('inspection/start', { id, version: row.version }, hn);
    expect([403, 404]).toContain(other.status);
    expect((await get('inspection/index', {}, hn)).data.list.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    await t.handle.db.update(stations).set({ frozen: true }).where(eq(stations.id, row.station_id));
    const frozen = await post('inspection/start', { id, version: row.version });
    expect(frozen.status).toBe(400);
    expect(frozen.msg).toContain('冻结');
    await t.handle.db.update(stations).set({ frozen: false }).where(eq(stations.id, row.station_id));
    expect((await info(id)).status).toBe('pending');
    const started = await post('inspection/start', { id, version: row.version }, sd);
    expect(started.data.status).toBe('in_progress');
  });

  it('reassigns with a message, cancels with a reason, marks overdue, and lists with totals from the counters', async () => {
    const id = ids[2]!;
    let row = await info(id);
    const assigned = await post('inspection/assign', { id, version: row.version, team_id: fx.hnUser.id, deadline: '2099-12-31' });
    expect(assigned.data).toMatchObject({ team_id: fx.hnUser.id, team_name: '河南代理陈', version: row.version + 1 });
    expect((await t.handle.db.select().from(messages).where(eq(messages.recipient_id, fx.hnUser.id))).map((m) => m.title)).toContain(`巡检任务改派给你：${row.inspection_no}`);
    // overdue: a deadline in the past, then the job
    await t.handle.db.update(inspections).set({ deadline: new Date(Date.now() - 1000) }).where(eq(inspections.id, id));
    const job = await JOBS.mark_overdue_inspections!.run({ db: t.handle.db, now: new Date() });
    expect(job).toEqual({ marked: 1 });
    expect((await get('inspection/index', { overdue: 'true' })).data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    // a planned-day range (a `date` column: the value stays a calendar day, on PostgreSQL too)
    const planned = (await info(id)).planned_date as string;
    const inRange = await get('inspection/index', { planned_date_gte: planned, planned_date_lte: planned, id });
    expect([inRange.status, inRange.data.total]).toEqual([200, 1]);
    expect((await get('inspection/index', { planned_date_gte: '2099-01-01', id })).data.total).toBe(0);
    row = await info(id);
    const cancelled = await post('inspection/cancel', { id, version: row.version, reason: '电站拆除' });
    expect(cancelled.data.status).toBe('cancelled');
    // totals come from inspection_counts, which match the rows
    const list = await get('inspection/index', { status: 'cancelled' });
    expect(list.data.total).toBe(1);
    const [counted] = await t.handle.db.select({ n: sql<number>`sum(n)::int` }).from(inspectionCounts);
    const [rows] = await t.handle.db.select({ n: count() }).from(inspections);
    expect(counted!.n).toBe(rows!.n);
    // … and a city's or a team's from inspection_counts_city (the triggers keep it, the list sums it)
    const [byCity] = await t.handle.db.select({ n: sql<number>`sum(n)::int` }).from(inspectionCountsCity);
    expect(byCity!.n).toBe(rows!.n);
    const [one] = await t.handle.db.select({ city: inspections.city_code, team: inspections.team_id }).from(inspections).where(eq(inspections.id, id));
    const countRows = async (where: ReturnType<typeof sql>) => Number((await t.handle.db.select({ n: count() }).from(inspections).where(where))[0]!.n);
    expect((await get('inspection/index', { city_code: one!.city! })).data.total).toBe(await countRows(sql`city_code = ${one!.city}`));
    expect((await get('inspection/index', { team_id: one!.team!, status: 'cancelled' })).data.total).toBe(1);
    const exported = await t.app.inject({ method: 'GET', url: `${S}/inspection/export?status=cancelled`, headers: { authorization: `Bearer ${admin}` } });
    expect([exported.statusCode, exported.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  });

  it('the O&M statistics count planned, completed, first-time-right and overdue inspections from the rollups, as the rows say', async () => {
    const range = { period: 'custom', start: '2025-06-01', end: '2028-05-31' };
    const res = await post('statistic/operation', range);
    expect(res.status, res.msg).toBe(200);
    const [expected] = await t.handle.db
      .select({
        planned: sql<number>`count(*) filter (where status <> 'cancelled')::int`,
        completed: sql<number>`count(*) filter (where status = 'completed')::int`,
        first_pass: sql<number>`count(*) filter (where status = 'completed' and reject_count = 0)::int`,
        overdue: sql<number>`count(*) filter (where overdue and status in ('pending', 'in_progress', 'rejected'))::int`,
      })
      .from(inspections);
    expect(res.data.inspections).toMatchObject(expected!);
    // the first inspection was rejected once before it was approved: completed, but not first time right
    expect(res.data.inspections.completed).toBeGreaterThan(res.data.inspections.first_pass);
    expect(res.data.inspections.coverage).toBe(Math.round((expected!.completed / expected!.planned) * 10000) / 10000);
    // an agent sees its own stations' inspections only
    const hnStat = await post('statistic/operation', range, hn);
    expect(hnStat.status).toBe(403); // the built-in agent role has no statistic:view
    expect(res.data.stock_value_total).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('failed items → 运维工单', () => {
  it('one click opens one order per failed item (refused for a passed or already linked item); approval opens the auto_maintenance ones', async () => {
    await t.handle.db.delete(stations);
    await station();
    const checklist = [
      { key: 'panels', label: '组件外观', kind: 'pass_fail', auto_maintenance: true },
      { key: 'inverter', label: '逆变器运行', kind: 'pass_fail' },
      { key: 'voltage', label: '直流电压', kind: 'number', unit: 'V', min: '200', max: '800' },
    ];
    const p = await enabled({ scope: {}, name: '转工单', checklist });
    await post('operation_plan/run', { id: p.id });
    const [row] = await rowsOf(p.id);
    const id = row!.id;
    let i = (await post('inspection/start', { id, version: row!.version })).data;
    const early = await post('maintenance/from_inspection', { inspection_id: id, item_key: 'inverter' });
    expect([early.status, early.msg]).toEqual([400, '巡检项“逆变器运行”没有不合格结果，不能转运维工单']);
    i = (await post('inspection/submit', { id, version: i.version, results: [{ key: 'panels', pass: false }, { key: 'inverter', pass: false }, { key: 'voltage', value: '950' }] })).data;
    expect(i.failed_count).toBe(3);
    // by hand: the inverter item, with the dialog's priority; its category comes from the label
    const made = await post('maintenance/from_inspection', { inspection_id: id, item_key: 'inverter', priority: 'urgent' });
    expect(made.status, made.msg).toBe(200);
    expect(made.data).toMatchObject({ source: 'inspection', source_id: id, source_item: 'inverter', priority: 'urgent', fault_category: 'inverter', status: 'pending_dispatch' });
    expect(made.data.description).toContain('「逆变器运行」不合格');
    const twice = await post('maintenance/from_inspection', { inspection_id: id, item_key: 'inverter' }, admin, 'en');
    expect([twice.status, twice.msg]).toEqual([400, `The inspection item "逆变器运行" already has maintenance order ${made.data.order_no}`]);
    const unknown = await post('maintenance/from_inspection', { inspection_id: id, item_key: 'roof' });
    expect([unknown.status, unknown.msg]).toEqual([400, '巡检没有检查项 roof']);
    expect((await post('maintenance/from_inspection', { inspection_id: id, item_key: 'voltage' }, hn)).status).toBe(403);
    // approval: the auto_maintenance item (panels) gets its order; the linked one is not doubled, voltage (not auto) waits for a click
    i = await (await get('inspection/get_info', { id })).data;
    await post('inspection/approve', { id, version: i.version });
    const orders = await get('maintenance/index', { source: 'inspection', source_id: id, sort: 'id', order: 'ASC' });
    expect(orders.data.list.map((o: { source_item: string }) => o.source_item)).toEqual(['inverter', 'panels']);
    expect(orders.data.list[1]).toMatchObject({ fault_category: 'module', priority: 'medium' });
    // each order names its source by the inspection's number and the failed item by its label (not "#id · panels")
    expect(orders.data.list.map((o: { source_no: string; source_item_label: string }) => [o.source_no, o.source_item_label])).toEqual([
      [i.inspection_no, '逆变器运行'],
      [i.inspection_no, '组件外观'],
    ]);
    const voltage = await post('maintenance/from_inspection', { inspection_id: id, item_key: 'voltage' });
    expect(voltage.data.description).toContain('950 V');
  });
});
