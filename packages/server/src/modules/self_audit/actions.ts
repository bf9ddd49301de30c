import {
  type AuditItem,
  SelfAuditResult,
  type WorkOrderKindValue,
  auditItemsFor,
  selfAuditApproveSchema,
  selfAuditRejectSchema,
  selfAuditSubmitSchema,
  numeric,
} from '@pv/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { selfAudits, stations } from '../../db/schema/index.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { illegalTransition, recordTransition } from '../../lifecycle/engine.ts';
import { getRecord, loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { assertSod } from '../../lifecycle/sod.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import type { WorkOrderActions } from '../work_order/actions.ts';
import { createDraftOnGrid } from '../lease/actions.ts';
import { openWorkOrder } from '../work_order/resource.ts';
import { selfAuditResource } from './resource.ts';

type Row = Record<string, unknown>;

/** An item's name in the caller's language, for messages about it. */
function itemError(key: 'error.audit_item_missing' | 'error.audit_file_invalid', kind: WorkOrderKindValue, item: string, extra: Record<string, unknown> = {}) {
  const def = auditItemsFor(kind).find((d) => d.key === item);
  return new ApiError(400, key, { item, ...extra }, (lang) => t(key, lang, { ...extra, item: def?.label[lang] ?? item }));
}

/**
 * What an approved construction audit tells about the station as built: the inverter serial number
 * and the module tilt the team recorded become the station's own (the approved values win).
 */
function builtFacts(items: AuditItem[]): Row {
  const value = (key: string) => items.find((i) => i.key === key)?.value?.trim() || null;
  const facts: Row = {};
  const sn = value('inverter_sn');
  if (sn) facts.inverter_sn = sn.slice(0, 64);
  const tilt = Number(value('tilt'));
  if (value('tilt') !== null && Number.isFinite(tilt) && tilt >= 0 && tilt <= 90) facts.tilt_deg = tilt;
  return facts;
}

/**
 * What an approved grid-connection audit tells: the meter number 电表号 becomes the station's own
 * (settlement sheets name the meter). It is unique among stations: a number another station holds
 * refuses the approval with a message naming that station.
 */
async function gridFacts(tx: Queryable, items: AuditItem[], stationId: number): Promise<Row> {
  const meter = items.find((i) => i.key === 'meter_number')?.value?.trim().slice(0, 32);
  if (!meter) return {};
  const [other] = await tx.select({ code: stations.code }).from(stations).where(and(eq(stations.meter_no, meter), ne(stations.id, stationId)));
  if (other) throw new ApiError(400, 'error.meter_no_taken', { meter, station: other.code });
  return { meter_no: meter };
}

const auditActionLabels = {
  label: (action: string | null | undefined, lang: 'zh' | 'en') =>
    ({ approve: { zh: '审核通过', en: 'approve' }, reject: { zh: '审核驳回', en: 'reject' } })[action as 'approve' | 'reject']?.[lang] ?? String(action),
};

/**
 * Self-audits: submit (the team, through the order's submit_audit), approve and reject (a
 * reviewer who is not the submitter). Each moves the self-audit, its work order and the station in
 * one transaction; approving a construction audit also opens the grid-connection order.
 */
export class SelfAuditActions {
  constructor(
    private readonly db: Db,
    private readonly orders: WorkOrderActions,
    private readonly files: FileService,
  ) {}

  /** 提交自检: every check item of the order's kind with its value or files; attempt n+1. */
  async submit(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(selfAuditSubmitSchema, body);
    return this.db.transaction(async (tx) => {
      const { order } = await this.orders.lock(tx, input.work_order_id, null, auth, 'submit_audit');
      const kind = order.kind as WorkOrderKindValue;
      const items = this.checkItems(kind, input.items);
      const attempt = (order.audit_count as number) + 1;
      const [audit] = (await tx
        .insert(selfAudits)
        .values({
          work_order_id: order.id as number,
          kind,
          station_id: order.station_id as number,
          agent_id: order.agent_id as number | null,
          province_code: order.province_code as string,
          city_code: order.city_code as string | null,
          district_code: order.district_code as string | null,
          attempt,
          items,
          note: input.note ?? null,
          submitted_by: auth.userId,
          created_by: auth.userId,
        })
        .returning()) as Row[];
      const auditId = audit!.id as number;
      for (const item of items) {
        try {
          await this.files.attach(tx, item.file_ids ?? [], 'self_audit', auditId, auth);
        } catch (err) {
          if (err instanceof ApiError) throw itemError('error.audit_file_invalid', kind, item.key, { id: (err.params as { id?: unknown }).id });
          throw err;
        }
      }
      await writeLog(tx, actor, { action: 'submit', resource: 'self_audit', recordId: auditId, after: audit });
      await recordTransition(tx, actor, { entity: 'self_audit', entityId: auditId, action: 'submit', from: null, to: 'pending', data: { order_no: order.order_no, attempt } });
      await this.orders.apply(tx, order, actor, 'submit_audit', {
        set: { submitted_at: new Date(), audit_count: attempt },
        data: { audit_id: auditId, attempt },
        station: { action: kind === 'build' ? 'submit_build' : 'submit_grid' },
      });
      await raiseWorkflowEvent(tx, 'self_audit.submitted', auditId, actor);
      return audit!;
    });
  }

  /** Every item of the kind, in its order, with what it asks for; unknown items are refused. */
  private checkItems(kind: WorkOrderKindValue, given: z.infer<typeof selfAuditSubmitSchema>['items']): AuditItem[] {
    const defs = auditItemsFor(kind);
    const byKey = new Map(given.map((i) => [i.key, i]));
    for (const i of given) if (!defs.some((d) => d.key === i.key)) throw new ApiError(400, 'error.audit_item_unknown', { key: i.key });
    return defs.map((d) => {
      const item = byKey.get(d.key);
      const files = [...new Set(item?.file_ids ?? [])];
      const complete = d.input === 'value' ? !!item?.value?.trim() : files.length >= (d.minFiles ?? 1);
      if (!complete) throw itemError('error.audit_item_missing', kind, d.key);
      return { key: d.key, value: item?.value?.trim() || null, file_ids: files, note: item?.note ?? null, result: null, reject_reason: null };
    });
  }

  /** Locks the order (and its station, refusing a frozen one), then the audit; a pending, latest audit by someone else. */
  private async review(tx: Queryable, id: number, version: number, auth: AuthContext, action: 'approve' | 'reject') {
    const [ref] = await tx.select({ work_order_id: selfAudits.work_order_id }).from(selfAudits).where(eq(selfAudits.id, id));
    if (!ref) throw notFound(id);
    const { order, station } = await this.orders.lock(tx, ref.work_order_id, null, auth, action);
    const audit = await loadOne(tx, selfAuditResource, id, auth, { lock: true });
    if (audit.version !== version) throw conflict(audit.version as number, version);
    if (audit.result !== 'pending') throw illegalTransition(audit.result as string, action, SelfAuditResult, auditActionLabels);
    if (audit.attempt !== order.audit_count) throw new ApiError(400, 'error.audit_not_latest', { attempt: audit.attempt });
    await assertSod(tx, 'self_audit', audit, auth.userId, action);
    return { order, station, audit };
  }

  private async finish(tx: Queryable, audit: Row, actor: Actor, action: 'approve' | 'reject', set: Row, reason: string | null) {
    const [after] = (await tx
      .update(selfAudits)
      .set({ ...set, result: action === 'approve' ? 'approved' : 'rejected', reviewed_at: new Date(), version: sql`${selfAudits.version} + 1`, updated_at: new Date() } as any)
      .where(eq(selfAudits.id, audit.id as number))
      .returning()) as Row[];
    await writeLog(tx, actor, { action, resource: 'self_audit', recordId: audit.id as number, before: audit, after });
    await recordTransition(tx, actor, { entity: 'self_audit', entityId: audit.id as number, action, from: 'pending', to: after!.result as string, reason });
    return after!;
  }

  /**
   * 审核通过: the audit is approved, its order completed; a construction audit moves the station to
   * 待并网 (built_at) and opens the grid-connection order, a grid audit moves it to 已并网 (grid_at).
   */
  async approve(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(selfAuditApproveSchema, body);
    return this.db.transaction(async (tx) => {
      const { order, audit } = await this.review(tx, input.id, input.version, auth, 'approve');
      const items = (audit.items as AuditItem[]).map((i) => ({ ...i, result: 'pass' as const, reject_reason: null }));
      const after = await this.finish(tx, audit, actor, 'approve', { items, reviewer_id: auth.userId, review_opinion: input.opinion ?? null }, input.opinion ?? null);
      const now = new Date();
      const build = order.kind === 'build';
      await this.orders.apply(tx, order, actor, 'approve', {
        set: { finished_at: now },
        reason: input.opinion ?? null,
        data: { audit_id: audit.id, attempt: audit.attempt },
        station: build
          ? { action: 'approve_build', set: { built_at: now, ...builtFacts(items) } }
          : { action: 'approve_grid', set: { grid_at: now, ...(await gridFacts(tx, items, order.station_id as number)) } },
      });
      const [station] = await tx.select().from(stations).where(eq(stations.id, order.station_id as number));
      if (build) await openWorkOrder(tx, station!, 'grid', actor, auth.userId);
      // 已并网: a 屋顶租赁 owner's station gets its draft lease contract, to be checked and signed
      else await createDraftOnGrid(tx, station!, actor, auth.userId);
      return after;
    });
  }

  /** 审核驳回: an overall reason and a reason per failed item; the order goes to 已驳回, the station to 完工驳回 / 并网驳回. */
  async reject(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(selfAuditRejectSchema, body);
    return this.db.transaction(async (tx) => {
      const { order, audit } = await this.review(tx, input.id, input.version, auth, 'reject');
      const failed = new Map(input.items.map((i) => [i.key, i.reason]));
      const stored = audit.items as AuditItem[];
      for (const key of failed.keys()) if (!stored.some((i) => i.key === key)) throw new ApiError(400, 'error.audit_item_unknown', { key });
      const items = stored.map((i) => (failed.has(i.key) ? { ...i, result: 'fail' as const, reject_reason: failed.get(i.key)! } : { ...i, result: 'pass' as const, reject_reason: null }));
      const after = await this.finish(tx, audit, actor, 'reject', { items, reviewer_id: auth.userId, reject_reason: input.reason }, input.reason);
      await this.orders.apply(tx, order, actor, 'reject', {
        reason: input.reason,
        data: { audit_id: audit.id, attempt: audit.attempt, failed: [...failed.keys()] },
        station: { action: order.kind === 'build' ? 'reject_build' : 'reject_grid' },
      });
      return after;
    });
  }

  /** GET self_audit/get_info?id=: the audit with each item's files (signed links). */
  async info(query: unknown, auth: AuthContext, lang: 'zh' | 'en') {
    const { id } = parse(z.object({ id: numeric(z.number({ error: 'validation.number' }).int().positive()) }), query);
    const row = await getRecord(this.db, selfAuditResource, id, auth, lang);
    const items = row.items as AuditItem[];
    const files = await this.files.byIds(this.db, items.flatMap((i) => i.file_ids ?? []));
    return { ...row, items: items.map((i) => ({ ...i, files: (i.file_ids ?? []).flatMap((f) => (files.has(f) ? [files.get(f)!] : [])) })) };
  }
}
