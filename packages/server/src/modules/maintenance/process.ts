import { MAINTENANCE_MACHINE, MaintenanceActionLabel } from '@pv/contract';
import { REASON, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { approveMaintenanceIn, cancelMaintenanceIn, rejectMaintenanceIn } from './actions.ts';
import { maintenanceResource } from './resource.ts';

/**
 * 运维工单 as a record type of processes: the review decided (approve / reject) or the order
 * cancelled; its handler never reviews the work he handled (segregation of duties).
 */
export const maintenanceRecordType = defineRecordType({
  code: 'maintenance',
  label: { zh: '运维工单', en: 'Maintenance order' },
  resource: maintenanceResource,
  number: 'order_no',
  link: '/operation/maintenanceDetail?id={id}',
  actions: {
    approve: machineAction(MAINTENANCE_MACHINE, MaintenanceActionLabel, 'approve', (c) => approveMaintenanceIn(c.tx, c.record.id as number, null, c.auth, c.actor)),
    reject: machineAction(MAINTENANCE_MACHINE, MaintenanceActionLabel, 'reject', (c) => rejectMaintenanceIn(c.tx, c.record.id as number, null, reasonOf(c), c.auth, c.actor), REASON),
    cancel: machineAction(MAINTENANCE_MACHINE, MaintenanceActionLabel, 'cancel', (c) => cancelMaintenanceIn(c.tx, c.record.id as number, null, reasonOf(c), c.auth, c.actor), REASON),
  },
  events: {
    'maintenance.created': { label: { zh: '运维工单已创建', en: 'Maintenance order opened' }, match: ['priority', 'fault_category', 'source'] },
    'maintenance.submitted': { label: { zh: '运维工单提交验收', en: 'Maintenance order submitted for review' }, match: ['priority', 'fault_category'] },
  },
  sod: { rules: [{ role: { zh: '处理人', en: 'handler' }, field: 'team_id' }], actions: ['approve'] },
});
