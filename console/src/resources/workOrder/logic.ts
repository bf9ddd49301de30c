import {
  WORK_ORDER_MACHINE,
  allowedActions,
  auditItemsFor,
  type AuditItemDef,
  type WorkOrder,
  type WorkOrderAction,
  type WorkOrderKindValue,
} from '@pv/contract';
import { BUILD_ORDERS, GRID_ORDERS, BUILD_AUDITS, GRID_AUDITS } from '../names.ts';
export { BUILD_ORDERS, GRID_ORDERS, BUILD_AUDITS, GRID_AUDITS };

/**
 * The pure rules of the dispatch and self-audit screens (no React): which actions a work-order row
 * offers, what a self-audit submission sends and what it lacks, and how a rejection form maps onto
 * selfAuditRejectSchema. console/test/workOrder.test.ts covers them.
 */

/** RA resources (route paths) of the four lists; each is the work_order / self_audit API with a fixed kind. */
export const WORK_ORDER_API = 'work_order';
export const SELF_AUDIT_API = 'self_audit';

/** The kind a list resource shows (the grid lists are 并网, everything else 施工). */
export const kindOfResource = (resource: string | undefined): WorkOrderKindValue => (resource === GRID_ORDERS || resource === GRID_AUDITS ? 'grid' : 'build');
export const orderResourceOf = (kind: WorkOrderKindValue) => (kind === 'grid' ? GRID_ORDERS : BUILD_ORDERS);
export const auditResourceOf = (kind: WorkOrderKindValue) => (kind === 'grid' ? GRID_AUDITS : BUILD_AUDITS);

/** #/stationManagement/buildSelfAuditDetail?id=N (施工) or #/stationManagement/ongridselfauditdetails?id=N (并网). */
export const selfAuditDetailPath = (kind: WorkOrderKindValue, id: number | string) =>
  kind === 'grid' ? `/stationManagement/ongridselfauditdetails?id=${id}` : `/stationManagement/buildSelfAuditDetail?id=${id}`;
export const stationDetailPath = (id: number | string) => `/stationManagement/stationDetail?id=${id}`;
/** The kind's dispatch list filtered to one order (the self-audit page links back to its order). */
export const orderListPath = (kind: WorkOrderKindValue, filter: Record<string, unknown>) =>
  `/${orderResourceOf(kind)}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
export const auditListPath = (kind: WorkOrderKindValue, filter: Record<string, unknown>) =>
  `/${auditResourceOf(kind)}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** approve / reject belong to the self-audit (its page, self_audit:approve / self_audit:reject). */
const REVIEW_ACTIONS: readonly WorkOrderAction[] = ['approve', 'reject'];

/** Every action a dispatch row can offer, in the lifecycle's order. */
export const ROW_ACTIONS: readonly WorkOrderAction[] = (Object.keys(WORK_ORDER_MACHINE) as WorkOrderAction[]).filter((a) => !REVIEW_ACTIONS.includes(a));

/**
 * The buttons a row shows now: the transitions its status allows (minus the self-audit's review),
 * those the user may run (work_order:<action>), none while the station is frozen (it refuses them all).
 */
export function rowActions(order: Pick<WorkOrder, 'status'> & { station_frozen?: boolean | null }, can: (action: WorkOrderAction) => boolean): WorkOrderAction[] {
  if (order.station_frozen) return [];
  return allowedActions(WORK_ORDER_MACHINE, order.status).filter((a) => !REVIEW_ACTIONS.includes(a) && can(a));
}

/** Orders a batch dispatch cannot take (not 待派单, or on a frozen station): the server refuses the whole batch then. */
export const notDispatchable = (orders: readonly (Pick<WorkOrder, 'status'> & { station_frozen?: boolean | null })[]) =>
  orders.filter((o) => o.status !== 'pending_dispatch' || !!o.station_frozen).length;

// ---------------------------------------------------------------- self-audit submission

/** The submit form's values: typed values and uploaded files per check item, an overall note. */
export interface AuditSubmitForm {
  values?: Record<string, string | null | undefined>;
  files?: Record<string, readonly { id: number }[] | null | undefined>;
  note?: string | null;
}

/** Form field of an item: `values.<key>` for value items, `files.<key>` for photo/document items. */
export const auditFieldOf = (def: AuditItemDef) => (def.input === 'value' ? `values.${def.key}` : `files.${def.key}`);

/** What a submission lacks: form field → i18n key and its params (every item of the kind is required). */
export function auditSubmitErrors(kind: WorkOrderKindValue, form: AuditSubmitForm): Record<string, { key: string; params?: Record<string, unknown> }> {
  const errors: Record<string, { key: string; params?: Record<string, unknown> }> = {};
  for (const def of auditItemsFor(kind)) {
    if (def.input === 'value') {
      const value = form.values?.[def.key]?.trim() ?? '';
      if (!value) errors[auditFieldOf(def)] = { key: 'pv.msg.validation.required' };
      else if (value.length > 200) errors[auditFieldOf(def)] = { key: 'pv.msg.validation.too_long', params: { max: 200 } };
    } else {
      const count = form.files?.[def.key]?.length ?? 0;
      const min = def.minFiles ?? 1;
      if (count < min) errors[auditFieldOf(def)] = { key: 'pv.workOrder.submit.files_required', params: { min } };
      else if (count > 20) errors[auditFieldOf(def)] = { key: 'pv.msg.validation.too_many', params: { max: 20 } };
    }
  }
  if ((form.note?.trim().length ?? 0) > 1000) errors.note = { key: 'pv.msg.validation.too_long', params: { max: 1000 } };
  return errors;
}

/** POST self_audit/submit body (selfAuditSubmitSchema): every item of the kind, in its order. */
export function auditSubmitBody(workOrderId: number, kind: WorkOrderKindValue, form: AuditSubmitForm) {
  const items = auditItemsFor(kind).map((def) =>
    def.input === 'value' ? { key: def.key, value: form.values?.[def.key]?.trim() ?? '' } : { key: def.key, file_ids: (form.files?.[def.key] ?? []).map((f) => f.id) },
  );
  const note = form.note?.trim();
  return { work_order_id: workOrderId, items, ...(note ? { note } : {}) };
}

// ---------------------------------------------------------------- self-audit rejection

/** The reject form: an overall reason, the failed items (keys) and a reason per failed item. */
export interface AuditRejectForm {
  reason?: string | null;
  failed?: readonly string[] | null;
  reasons?: Record<string, string | null | undefined>;
}

/** POST self_audit/reject body (selfAuditRejectSchema), failed items in the kind's order. */
export function auditRejectBody(record: { id: number; version: number; kind: WorkOrderKindValue }, form: AuditRejectForm) {
  const failed = new Set(form.failed ?? []);
  const items = auditItemsFor(record.kind)
    .filter((d) => failed.has(d.key))
    .map((d) => ({ key: d.key, reason: (form.reasons?.[d.key] ?? '').trim() }));
  return { id: record.id, version: record.version, reason: (form.reason ?? '').trim(), items };
}

/**
 * A schema error path of the reject body → the form field showing it: `items` → the failed-item
 * checkboxes, `items.N.reason` → that item's reason field.
 */
export function rejectFieldOf(path: string, body: { items: readonly { key: string }[] }): string {
  if (path === 'items') return 'failed';
  const m = /^items\.(\d+)(?:\.|$)/.exec(path);
  if (m) {
    const item = body.items[Number(m[1])];
    return item ? `reasons.${item.key}` : 'failed';
  }
  return path;
}

/**
 * Flat error paths ('files.tilt') as the nested object react-hook-form keeps: a flat key shows, but
 * is never cleared when the field is fixed (RHF unsets the nested path).
 */
export function nestErrors<E>(flat: Record<string, E>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = error;
  }
  return out;
}
