import { INSPECTION_MACHINE, canTransition, resultFailed, type ChecklistItem, type InspectionAction, type InspectionResult } from '@pv/contract';
import { PLAN_RESOURCE, INSPECTION_RESOURCE } from '../names.ts';
export { PLAN_RESOURCE, INSPECTION_RESOURCE };

/** react-admin resources of 运维计划 and 巡检 (route paths) and their APIs. */
export const PLAN_API = 'operation_plan';
export const INSPECTION_API = 'inspection';

export const planShowPath = (id: number | string) => `/${PLAN_RESOURCE}/${id}/show`;
/** The inspection list filtered to one plan or station. */
export const inspectionsOf = (filter: { plan_id?: number; station_id?: number }) => `/${INSPECTION_RESOURCE}?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)])).toString()}`;
export const inspectionDetailPath = (id: number | string) => `/operation/inspectionDetail?id=${id}`;
export const stationDetailPath = (id: number | string) => `/stationManagement/stationDetail?id=${id}`;

/** The lifecycle actions a state allows, in the order the detail page shows them. */
export const INSPECTION_ACTIONS: InspectionAction[] = ['start', 'submit', 'approve', 'reject', 'cancel'];
export const allowedActions = (status: string) => INSPECTION_ACTIONS.filter((a) => canTransition(INSPECTION_MACHINE, status, a));

/** "200–800 V", "≥ 200 V", "" */
export function rangeText(item: Pick<ChecklistItem, 'min' | 'max' | 'unit'>): string {
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.min != null && item.max != null) return `${item.min}–${item.max}${unit}`;
  if (item.min != null) return `≥ ${item.min}${unit}`;
  if (item.max != null) return `≤ ${item.max}${unit}`;
  return '';
}

/** The checklist with each item's answer and verdict, for the detail page and the submit dialog. */
export function judged(checklist: ChecklistItem[], results: InspectionResult[]) {
  const answers = new Map(results.map((r) => [r.key, r]));
  return checklist.map((item) => {
    const answer = answers.get(item.key);
    return { item, answer, failed: resultFailed(item, answer) };
  });
}

/**
 * The submit form's values → the API's results: pass/fail from "pass" / "fail", readings as text,
 * photos as ids; items left blank are not sent (the server says which required one is missing).
 */
export function resultsOf(checklist: ChecklistItem[], values: Record<string, { pass?: string; value?: string | number; text?: string; photos?: number[] } | undefined>): InspectionResult[] {
  const out: InspectionResult[] = [];
  for (const item of checklist) {
    const v = values[item.key];
    if (!v) continue;
    const r: InspectionResult = { key: item.key };
    if (v.pass === 'pass' || v.pass === 'fail') r.pass = v.pass === 'pass';
    if (v.value !== undefined && v.value !== null && v.value !== '') r.value = String(v.value);
    if (v.text) r.text = v.text;
    if (v.photos?.length) r.photos = v.photos;
    if (Object.keys(r).length > 1) out.push(r);
  }
  return out;
}
