import { INSPECTION_MACHINE, InspectionActionLabel } from '@pv/contract';
import { REASON, asDb, bodyOf, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import type { Queryable } from '../../db/client.ts';
import { InspectionActions, approveInspectionIn, rejectInspectionIn } from './actions.ts';
import { inspectionResource, operationPlanResource } from './resource.ts';

/** The routes' action class in the engine's transaction (the file service only serves submit, which no process runs). */
const actions = (c: { tx: Queryable }) => new InspectionActions(asDb(c.tx), null as never);

/** 巡检任务 as a record type of processes: the review decided, or the task cancelled. */
export const inspectionRecordType = defineRecordType({
  code: 'inspection',
  label: { zh: '巡检任务', en: 'Inspection' },
  resource: inspectionResource,
  number: 'inspection_no',
  link: '/operation/inspectionDetail?id={id}',
  actions: {
    approve: machineAction(INSPECTION_MACHINE, InspectionActionLabel, 'approve', (c) => approveInspectionIn(c.tx, c.record.id as number, null, c.auth, c.actor)),
    reject: machineAction(INSPECTION_MACHINE, InspectionActionLabel, 'reject', (c) => rejectInspectionIn(c.tx, c.record.id as number, null, reasonOf(c), c.auth, c.actor), REASON),
    cancel: machineAction(INSPECTION_MACHINE, InspectionActionLabel, 'cancel', (c) => actions(c).cancel(bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor), REASON),
  },
  events: {
    'inspection.submitted': { label: { zh: '巡检任务提交审核', en: 'Inspection submitted for review' }, match: ['kind'] },
  },
});

const PLAN_LABELS = { enable: { zh: '启用', en: 'enable' }, disable: { zh: '停用', en: 'disable' } } as const;

/** 运维计划 as a record type of processes: enabled or disabled (a new plan put under approval before it generates work). */
export const operationPlanRecordType = defineRecordType({
  code: 'operation_plan',
  label: { zh: '运维计划', en: 'Operation plan' },
  resource: operationPlanResource,
  number: 'plan_no',
  link: '/operation/operationPlan/{id}/show',
  actions: {
    enable: { label: PLAN_LABELS.enable, from: ['draft', 'disabled'], run: (c) => actions(c).enable(bodyOf(c), c.auth, c.actor) },
    disable: { label: PLAN_LABELS.disable, from: ['enabled'], run: (c) => actions(c).disable(bodyOf(c), c.auth, c.actor) },
  },
  events: {
    'operation_plan.enabled': { label: { zh: '运维计划已启用', en: 'Operation plan enabled' }, match: ['kind'] },
  },
});
