import type { AuditItem } from '@pv/contract';
import { eq } from 'drizzle-orm';
import { workOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/client.ts';
import { REASON, asDb, bodyOf, defineRecordType, reasonOf } from '../../lifecycle/records.ts';
import { WorkOrderActions } from '../work_order/actions.ts';
import { SelfAuditActions } from './actions.ts';
import { selfAuditResource } from './resource.ts';

/** The routes' action class in the engine's transaction (its file service only serves reading files, which no process does). */
const actions = (c: { tx: Queryable }) => new SelfAuditActions(asDb(c.tx), new WorkOrderActions(asDb(c.tx)), null as never);

/**
 * 自检单 as a record type of processes: approved (the order completes, the station moves on) or
 * rejected (every item with the reason). Whoever submitted it never reviews it.
 */
export const selfAuditRecordType = defineRecordType({
  code: 'self_audit',
  label: { zh: '自检单', en: 'Self-audit' },
  resource: selfAuditResource,
  state: 'result',
  // its order's number and the attempt: 施工派单 SG… -2 is the second submission
  name: async (tx, row) => {
    const [o] = await tx.select({ no: workOrders.order_no }).from(workOrders).where(eq(workOrders.id, row.work_order_id as number));
    return `${o?.no ?? `#${String(row.work_order_id)}`}-${String(row.attempt)}`;
  },
  link: '/stationManagement/buildSelfAuditDetail?id={id}',
  actions: {
    approve: { label: { zh: '审核通过', en: 'approve' }, from: ['pending'], run: (c) => actions(c).approve(bodyOf(c, { opinion: c.reason }), c.auth, c.actor) },
    reject: {
      label: { zh: '审核驳回', en: 'reject' },
      from: ['pending'],
      params: REASON,
      run: (c) => actions(c).reject(bodyOf(c, { reason: reasonOf(c), items: (c.record.items as AuditItem[]).map((i) => ({ key: i.key, reason: reasonOf(c) })) }), c.auth, c.actor),
    },
  },
  events: {
    'self_audit.submitted': { label: { zh: '自检单已提交', en: 'Self-audit submitted' }, match: ['kind'] },
  },
  sod: { rules: [{ role: { zh: '提交人', en: 'submitter' }, field: 'submitted_by' }], actions: ['approve', 'reject'] },
});
