import { LEASE_MACHINE, LeaseActionLabel, RENT_BILL_MACHINE, RentBillActionLabel } from '@pv/contract';
import { type ActionParam, REASON, asDb, bodyOf, defineRecordType, labelsOf, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { chinaDate } from '../inspection/generate.ts';
import { LeaseActions } from './actions.ts';
import { RentBillActions } from './bills.ts';
import { leaseContractResource, rentBillResource } from './resource.ts';

const contracts = (c: { tx: Parameters<typeof asDb>[0] }) => new LeaseActions(asDb(c.tx));
const bills = (c: { tx: Parameters<typeof asDb>[0] }) => new RentBillActions(asDb(c.tx));

/**
 * 租赁合同 as a record type of processes: started into performance or terminated (the last day the
 * request's, or today); its payee account's change is an event (a card change is checked before the
 * next payment).
 */
export const leaseContractRecordType = defineRecordType({
  code: 'lease_contract',
  label: { zh: '租赁合同', en: 'Lease contract' },
  resource: leaseContractResource,
  number: 'contract_no',
  link: '/finance/leaseContractDetail?id={id}',
  actions: {
    activate: machineAction(LEASE_MACHINE, LeaseActionLabel, 'activate', (c) => contracts(c).activate(bodyOf(c), c.auth, c.actor)),
    terminate: machineAction(
      LEASE_MACHINE,
      LeaseActionLabel,
      'terminate',
      (c) => contracts(c).terminate(bodyOf(c, { reason: reasonOf(c), terminate_date: (c.params.terminate_date as string | undefined) ?? chinaDate(new Date()) }), c.auth, c.actor),
      { ...REASON, terminate_date: { label: { zh: '终止日期', en: 'Last day' }, kind: 'date' } },
    ),
  },
  events: {
    'lease_contract.signed': { label: { zh: '租赁合同已签署', en: 'Lease contract signed' }, match: ['sign_method', 'rent_rule'] },
    'lease_contract.card_changed': { label: { zh: '租赁合同收款账户变更', en: 'Lease contract payee card changed' } },
  },
});

const AMOUNT: Record<string, ActionParam> = { amount: { label: { zh: '扣款金额', en: 'Amount' }, kind: 'money', required: true }, ...REASON };

/**
 * 租金账单 as a record type of processes: a deduction (which may need approval above an amount),
 * paused, released, voided by the process. Whoever asks for a deduction never approves it (the
 * engine's requester rule).
 */
export const rentBillRecordType = defineRecordType({
  code: 'rent_bill',
  label: { zh: '租金账单', en: 'Rent bill' },
  resource: rentBillResource,
  number: 'bill_no',
  link: '/finance/rentBill?id={id}',
  actions: {
    deduct: {
      label: labelsOf(RentBillActionLabel, 'deduct'),
      from: ['pending', 'failed', 'paused'],
      params: AMOUNT,
      run: (c) => bills(c).deduct(bodyOf(c, { amount: c.params.amount, reason: reasonOf(c) }), c.auth, c.actor),
    },
    pause: machineAction(RENT_BILL_MACHINE, RentBillActionLabel, 'pause', (c) => bills(c).pause(bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor), REASON),
    release: machineAction(RENT_BILL_MACHINE, RentBillActionLabel, 'release', (c) => bills(c).release(bodyOf(c), c.auth, c.actor)),
  },
  events: {
    'rent_bill.deducted': { label: { zh: '租金账单已扣款', en: 'Rent bill deducted' } },
    'rent_bill.paused': { label: { zh: '租金账单已暂停', en: 'Rent bill paused' } },
  },
});

