import {
  type ChecklistItem,
  INSPECTION_MACHINE,
  type InspectionAction,
  InspectionActionLabel,
  type InspectionResult,
  InspectionStatus,
  OperationPlanStatus,
  inspectionAssignSchema,
  inspectionMoveSchema,
  inspectionReasonSchema,
  inspectionSubmitSchema,
  operationPlanMoveSchema,
  operationPlanPreviewSchema,
  operationPlanRunSchema,
  resultFailed,
} from '@pv/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { operationPlans, stations, users } from '../../db/schema/index.ts';
import { sendMessage } from '../message/centre.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, illegalTransition, recordTransition, stationFrozen } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { openForFailedItem } from '../maintenance/resource.ts';
import { chinaMidnight, generatePlan, latestPeriodStart, nextPeriodStart, previewPlan } from './generate.ts';
import { inspectionResource, operationPlanResource } from './resource.ts';

type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;
const planActionLabels = { label: (a: string, lang: 'zh' | 'en') => ({ enable: { zh: '启用', en: 'enable' }, disable: { zh: '停用', en: 'disable' }, run: { zh: '立即生成', en: 'generate now' } })[a]?.[lang] ?? a };

/** Answers checked against the inspection's own checklist: every required item answered, no unknown item, readings as numbers. */
export function checkResults(checklist: ChecklistItem[], results: InspectionResult[]): { results: InspectionResult[]; failed: number } {
  const byKey = new Map(checklist.map((i) => [i.key, i]));
  for (const r of results) if (!byKey.has(r.key)) throw new ApiError(400, 'error.inspection_item_unknown', { key: r.key });
  const answers = new Map(results.map((r) => [r.key, r]));
  let failed = 0;
  for (const item of checklist) {
    const a = answers.get(item.key);
    const photos = a?.photos?.length ?? 0;
    const answered = !!a && (item.kind === 'pass_fail' ? typeof a.pass === 'boolean' : item.kind === 'number' ? a.value != null && a.value !== '' : item.kind === 'text' ? !!a.text : photos > 0);
    if ((item.required !== false && !answered) || (answered && item.photo_required && photos === 0)) throw new ApiError(400, 'error.inspection_item_missing', { item: item.label });
    if (resultFailed(item, a)) failed++;
  }
  return { results: checklist.flatMap((i) => (answers.has(i.key) ? [answers.get(i.key)!] : [])), failed };
}

/**
 * The inspection lifecycle (INSPECTION_MACHINE). Every inspection action locks the station first,
 * then the inspection (the work orders' lock order), checks data scope and the version read, refuses
 * a frozen station or a wrong state (naming the state), and writes the change, sys_log and the
 * timeline in one transaction: `lockInspection` + `applyInspection`. The `…In(tx, …)` functions are
 * the actions another module runs in its own transaction (the workflow's end node), as the routes do.
 */
export async function lockInspection(tx: Queryable, id: number, version: number | null, auth: AuthContext, action: InspectionAction | 'assign') {
  const [ref] = await tx.select({ station_id: inspectionResource.table.station_id }).from(inspectionResource.table).where(eq(inspectionResource.table.id, id));
  if (!ref) throw notFound(id);
  const [station] = await tx.select({ code: stations.code, frozen: stations.frozen }).from(stations).where(eq(stations.id, ref.station_id)).for('update');
  const row = await loadOne(tx, inspectionResource, id, auth, { lock: true });
  if (version !== null && row.version !== version) throw conflict(row.version as number, version);
  if (station!.frozen) throw stationFrozen(station!.code, action, { label: (a, lang) => (a === 'assign' ? (lang === 'zh' ? '改派' : 'reassign') : InspectionActionLabel.label(a, lang)) });
  return row;
}

export async function applyInspection(tx: Queryable, row: Row, actor: Actor, action: InspectionAction, set: Row, extra: { reason?: string; data?: Record<string, unknown> } = {}) {
  const to = assertTransition(INSPECTION_MACHINE, row.status as string, action, InspectionStatus, InspectionActionLabel);
  const [after] = (await tx
    .update(inspectionResource.table)
    .set({ ...set, status: to, version: sql`${inspectionResource.table.version} + 1`, updated_at: new Date() } as never)
    .where(eq(inspectionResource.table.id, row.id as number))
    .returning()) as Row[];
  await writeLog(tx, actor, { action, resource: 'inspection', recordId: row.id as number, before: row, after });
  await recordTransition(tx, actor, { entity: 'inspection', entityId: row.id as number, action, from: row.status as string, to, reason: extra.reason, data: extra.data });
  return after!;
}

/**
 * 审核通过: 待审核 → 已完成. Each failed item whose checklist entry says auto_maintenance gets a
 * 运维工单 in the same transaction (unless one was already opened for it by hand).
 */
export async function approveInspectionIn(tx: Queryable, id: number, version: number | null, auth: AuthContext, actor: Actor) {
  const row = await lockInspection(tx, id, version, auth, 'approve');
  const after = await applyInspection(tx, row, actor, 'approve', { finished_at: new Date(), reviewed_by: auth.userId, overdue: false });
  const results = new Map(((after.results as InspectionResult[] | null) ?? []).map((r) => [r.key, r]));
  for (const item of after.checklist as ChecklistItem[]) {
    if (item.auto_maintenance && resultFailed(item, results.get(item.key))) await openForFailedItem(tx, after, item.key, { existing: 'skip' }, actor, auth.userId);
  }
  return after;
}

/** 审核驳回 with a reason: 待审核 → 已驳回 (the team starts again). */
export async function rejectInspectionIn(tx: Queryable, id: number, version: number | null, reason: string, auth: AuthContext, actor: Actor) {
  const row = await lockInspection(tx, id, version, auth, 'reject');
  return applyInspection(tx, row, actor, 'reject', { reject_reason: reason, reviewed_by: auth.userId, reject_count: sql`${inspectionResource.table.reject_count} + 1` }, { reason });
}

/** The inspection routes and the plan's named actions. */
export class InspectionActions {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
  ) {}

  private move(body: unknown, auth: AuthContext, actor: Actor, action: InspectionAction, plan: (row: Row, input: Row) => { set: Row; reason?: string }) {
    const schema = action === 'reject' || action === 'cancel' ? inspectionReasonSchema : inspectionMoveSchema;
    const input = parse(schema, body) as Row & { id: number; version: number };
    return this.db.transaction(async (tx) => {
      const row = await lockInspection(tx, input.id, input.version, auth, action);
      const p = plan(row, input);
      return applyInspection(tx, row, actor, action, p.set, { reason: p.reason });
    });
  }

  /** 开始执行: 待执行 / 已驳回 → 执行中. */
  start(body: unknown, auth: AuthContext, actor: Actor) {
    return this.move(body, auth, actor, 'start', (row) => ({ set: row.started_at ? {} : { started_at: new Date() } }));
  }

  /** 提交结果: 执行中 → 待审核 with the answers (checked against the checklist), photos bound, position and time. */
  submit(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(inspectionSubmitSchema, body);
    return this.db.transaction(async (tx) => {
      const row = await lockInspection(tx, input.id, input.version, auth, 'submit');
      // state first: a wrong state says so before the answers are judged
      assertTransition(INSPECTION_MACHINE, row.status as string, 'submit', InspectionStatus, InspectionActionLabel);
      const { results, failed } = checkResults(row.checklist as ChecklistItem[], input.results);
      await this.files.attach(tx, results.flatMap((r) => r.photos ?? []), 'inspection', row.id as number, auth);
      const after = await applyInspection(
        tx,
        row,
        actor,
        'submit',
        { results, failed_count: failed, remark: input.remark ?? null, lat: input.lat?.toFixed(6) ?? null, lng: input.lng?.toFixed(6) ?? null, submitted_at: new Date(), submitted_by: auth.userId },
        { data: { failed } },
      );
      await raiseWorkflowEvent(tx, 'inspection.submitted', row.id as number, actor);
      return after;
    });
  }

  /** 审核通过 (approveInspectionIn). */
  approve(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(inspectionMoveSchema, body);
    return this.db.transaction((tx) => approveInspectionIn(tx, input.id, input.version, auth, actor));
  }

  /** 审核驳回 with a reason (rejectInspectionIn). */
  reject(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(inspectionReasonSchema, body);
    return this.db.transaction((tx) => rejectInspectionIn(tx, input.id, input.version, input.reason, auth, actor));
  }

  /** 取消 with a reason, from the open states. */
  cancel(body: unknown, auth: AuthContext, actor: Actor) {
    return this.move(body, auth, actor, 'cancel', (_row, input) => ({ set: { cancel_reason: input.reason }, reason: input.reason as string }));
  }

  /** 改派: another team member and / or deadline while open; the new member gets a message. Not a state change. */
  async assign(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(inspectionAssignSchema, body);
    return this.db.transaction(async (tx) => {
      const row = await lockInspection(tx, input.id, input.version, auth, 'assign');
      if (!['pending', 'in_progress', 'rejected'].includes(row.status as string)) throw illegalTransition(row.status as string, 'assign', InspectionStatus, { label: (_a, lang) => (lang === 'zh' ? '改派' : 'reassign') });
      const [team] = await tx
        .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` })
        .from(users)
        .where(and(eq(users.id, input.team_id), eq(users.status, 'enabled')));
      if (!team) throw new ApiError(400, 'error.team_invalid', { id: input.team_id });
      const set: Row = { team_id: team.id };
      if (input.deadline) {
        const deadline = new Date(chinaMidnight(input.deadline).getTime() + DAY_MS - 1000);
        if (deadline.getTime() <= Date.now()) throw new ApiError(400, 'error.deadline_past');
        Object.assign(set, { deadline, overdue: false });
      }
      const [after] = (await tx
        .update(inspectionResource.table)
        .set({ ...set, version: sql`${inspectionResource.table.version} + 1`, updated_at: new Date() } as never)
        .where(eq(inspectionResource.table.id, row.id as number))
        .returning()) as Row[];
      await writeLog(tx, actor, { action: 'assign', resource: 'inspection', recordId: row.id as number, before: row, after });
      await recordTransition(tx, actor, { entity: 'inspection', entityId: row.id as number, action: 'assign', from: row.status as string, to: row.status as string, data: { team_id: team.id, team_name: team.name, ...(input.deadline ? { deadline: input.deadline } : {}) } });
      const msg = await sendMessage(tx, { key: 'msg.inspection_reassigned', params: { inspection_no: row.inspection_no as string }, link: '/operation/inspectionList', sender: auth.userId, to: team.id });
      return { row: after!, message: { id: msg.id, recipient_id: team.id } };
    });
  }

  // ---------------------------------------------------------------- plans

  private async planMove(body: unknown, auth: AuthContext, actor: Actor, action: 'enable' | 'disable', from: string[], to: string, set: (plan: Row) => Row) {
    const input = parse(operationPlanMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const plan = await loadOne(tx, operationPlanResource, input.id, auth, { lock: true });
      if (plan.version !== input.version) throw conflict(plan.version as number, input.version);
      if (!from.includes(plan.status as string)) throw illegalTransition(plan.status as string, action, OperationPlanStatus, planActionLabels);
      const [after] = (await tx
        .update(operationPlans)
        .set({ ...set(plan), status: to, version: sql`${operationPlans.version} + 1`, updated_at: new Date() } as never)
        .where(eq(operationPlans.id, input.id))
        .returning()) as Row[];
      await writeLog(tx, actor, { action, resource: 'operation_plan', recordId: input.id, before: plan, after });
      if (action === 'enable') await raiseWorkflowEvent(tx, 'operation_plan.enabled', input.id, actor);
      return after!;
    });
  }

  /**
   * 启用: draft / disabled → enabled. The next period to generate is the one running now (when the
   * plan has started) or its first one; the scheduler's next tick (or "generate now") makes it.
   */
  enable(body: unknown, auth: AuthContext, actor: Actor) {
    return this.planMove(body, auth, actor, 'enable', ['draft', 'disabled'], 'enabled', (plan) => {
      const rec = plan as never as Parameters<typeof nextPeriodStart>[0];
      const now = new Date();
      const first = nextPeriodStart(rec, null);
      if (!first) throw new ApiError(400, 'error.plan_no_period');
      // the period containing now (latest start ≤ now), else the first one ahead
      return { next_period_at: latestPeriodStart(rec, first, now) ?? first };
    });
  }

  /** 停用: enabled → disabled; nothing more is generated (open inspections stay). */
  disable(body: unknown, auth: AuthContext, actor: Actor) {
    return this.planMove(body, auth, actor, 'disable', ['enabled'], 'disabled', () => ({}));
  }

  /** How many stations a station set hits (before enabling). */
  preview(body: unknown, auth: AuthContext) {
    const input = parse(operationPlanPreviewSchema, body);
    return previewPlan(this.db, input.scope, auth.scope === 'agent' ? auth.agentId : null);
  }

  /** 立即生成: run the plan's due period now (the same generator as the scheduler; idempotent). */
  async run(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(operationPlanRunSchema, body);
    const plan = await loadOne(this.db, operationPlanResource, input.id, auth);
    if (plan.status !== 'enabled') throw illegalTransition(plan.status as string, 'run', OperationPlanStatus, planActionLabels);
    const result = await generatePlan(this.db, input.id, new Date());
    await this.db.transaction((tx) => writeLog(tx, actor, { action: 'run', resource: 'operation_plan', recordId: input.id, after: result }));
    return result;
  }
}
