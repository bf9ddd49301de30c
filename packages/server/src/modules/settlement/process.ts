import { SETTLEMENT_MACHINE, SettlementActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { asDb, bodyOf, defineRecordType, machineAction } from '../../lifecycle/records.ts';
import { SettlementActions } from './actions.ts';
import { settlementResource } from './resource.ts';

const actions = (c: { tx: Queryable }) => new SettlementActions(asDb(c.tx));

/**
 * 结算单 as a record type of processes: sent to the party for confirmation, confirmed, marked paid
 * (with the bank's serial); a disputed settlement starts a process. A team member is never the one
 * who marks his own settlement paid, nor holds a task of its process.
 */
export const settlementRecordType = defineRecordType({
  code: 'settlement',
  label: { zh: '结算单', en: 'Settlement' },
  resource: settlementResource,
  number: 'settlement_no',
  link: '/finance/settlementDetail?id={id}',
  actions: {
    submit: machineAction(SETTLEMENT_MACHINE, SettlementActionLabel, 'submit', (c) => actions(c).submit(bodyOf(c), c.auth, c.actor)),
    confirm: machineAction(SETTLEMENT_MACHINE, SettlementActionLabel, 'confirm', (c) => actions(c).confirm(bodyOf(c), c.auth, c.actor)),
    pay: machineAction(SETTLEMENT_MACHINE, SettlementActionLabel, 'pay', (c) => actions(c).pay(bodyOf(c, { bank_serial: c.params.bank_serial, paid_at: c.params.paid_at ?? null }), c.auth, c.actor), {
      bank_serial: { label: { zh: '银行流水号', en: 'Bank serial' }, required: true },
      paid_at: { label: { zh: '付款日期', en: 'Paid on' }, kind: 'date' },
    }),
  },
  events: {
    'settlement.submitted': { label: { zh: '结算单提交确认', en: 'Settlement sent for confirmation' }, match: ['party_kind'] },
    'settlement.disputed': { label: { zh: '结算单有异议', en: 'Settlement disputed' }, match: ['party_kind'] },
  },
  sod: {
    rules: [{ role: { zh: '收款人', en: 'payee' }, users: async (_tx, s) => (s.party_kind === 'team' && s.party_id != null ? [Number(s.party_id)] : []) }],
    actions: ['pay'],
  },
});
