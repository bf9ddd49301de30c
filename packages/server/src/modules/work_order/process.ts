import { WORK_ORDER_MACHINE, WorkOrderActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { REASON, asDb, bodyOf, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { WorkOrderActions } from './actions.ts';
import { workOrderResource } from './resource.ts';

const actions = (c: { tx: Queryable }) => new WorkOrderActions(asDb(c.tx));

/** 施工派单 / 并网派单 as a record type of processes: cancelled, or sent into rectification after a rejection. */
export const workOrderRecordType = defineRecordType({
  code: 'work_order',
  label: { zh: '施工/并网派单', en: 'Work order' },
  resource: workOrderResource,
  number: 'order_no',
  // the build list filtered to the order (a grid order's page is its station's)
  link: '/stationManagement/buildWorkOrderList?filter=%7B%22id%22%3A{id}%7D',
  actions: {
    rectify: machineAction(WORK_ORDER_MACHINE, WorkOrderActionLabel, 'rectify', (c) => actions(c).rectify(bodyOf(c), c.auth, c.actor)),
    cancel: machineAction(WORK_ORDER_MACHINE, WorkOrderActionLabel, 'cancel', (c) => actions(c).cancel(bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor), REASON),
  },
  events: {
    'work_order.dispatched': { label: { zh: '派单已派出', en: 'Work order dispatched' }, match: ['kind', 'dispatch_type'] },
  },
});
