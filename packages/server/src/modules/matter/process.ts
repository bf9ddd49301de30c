import { MATTER_MACHINE, MatterActionLabel } from '@pv/contract';
import { REASON, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { closeMatterIn, rejectMatterIn } from './actions.ts';
import { matterRecords } from './resource.ts';

/** 光E宝事项 as a record type of processes (lifecycle/records.ts): close or reject it, started when one is raised. */
export const matterRecordType = defineRecordType({
  code: 'matter',
  label: { zh: '光E宝事项', en: 'GuangEbao matter' },
  resource: matterRecords,
  number: 'matter_no',
  link: '/stationManagement/matterDetails?id={id}',
  actions: {
    close: machineAction(MATTER_MACHINE, MatterActionLabel, 'close', (c) =>
      closeMatterIn(c.tx, c.record.id as number, null, { result: (c.params.result as string | undefined) ?? c.reason, reply: true, data: { workflow: true } }, c.auth, c.actor),
    { result: { label: { zh: '办理结果', en: 'Result' } } }),
    reject: machineAction(MATTER_MACHINE, MatterActionLabel, 'reject', (c) => rejectMatterIn(c.tx, c.record.id as number, null, reasonOf(c), c.auth, c.actor), REASON),
  },
  events: {
    'matter.created': { label: { zh: '光E宝事项已创建', en: 'GuangEbao matter created' }, match: ['type', 'channel'] },
  },
});
