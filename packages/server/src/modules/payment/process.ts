import { PAYMENT_BATCH_MACHINE, PaymentBatchActionLabel } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { query } from '../../db/client.ts';
import { REASON, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { approveBatchIn, cancelBatchIn, rejectBatchIn } from './actions.ts';
import { paymentBatchResource } from './resource.ts';

/**
 * 付款批次 as a record type of processes: approved, sent back or cancelled; whoever made or
 * submitted it never approves it — the direct 审批通过 and every task of its process alike.
 */
export const paymentBatchRecordType = defineRecordType({
  code: 'payment_batch',
  label: { zh: '付款批次', en: 'Payment batch' },
  resource: paymentBatchResource,
  number: 'batch_no',
  link: '/finance/paymentBatchDetail?id={id}',
  actions: {
    approve: machineAction(PAYMENT_BATCH_MACHINE, PaymentBatchActionLabel, 'approve', (c) => approveBatchIn(c.tx, c.record.id as number, null, c.auth, c.actor)),
    reject: machineAction(PAYMENT_BATCH_MACHINE, PaymentBatchActionLabel, 'reject', (c) => rejectBatchIn(c.tx, c.record.id as number, null, reasonOf(c), c.auth, c.actor), REASON),
    cancel: machineAction(PAYMENT_BATCH_MACHINE, PaymentBatchActionLabel, 'cancel', (c) => cancelBatchIn(c.tx, c.record.id as number, c.record.version as number, reasonOf(c), c.auth, c.actor), REASON),
  },
  events: {
    'payment_batch.submitted': { label: { zh: '付款批次提交审批', en: 'Payment batch submitted' }, match: ['payable_type'] },
  },
  sod: {
    rules: [
      { role: { zh: '制单人', en: 'maker' }, field: 'created_by' },
      { role: { zh: '提交人', en: 'submitter' }, field: 'submitted_by' },
      // a settlement batch pays team members: none of them approves a batch that pays him
      {
        role: { zh: '收款人', en: 'payee' },
        users: async (tx, b) =>
          (await query<{ id: number }>(tx, sql`select distinct s.party_id as id from payment_lines l join settlements s on s.id = l.settlement_id where l.batch_id = ${b.id as number}::int and s.party_kind = 'team'`)).map((r) => Number(r.id)),
      },
    ],
    actions: ['approve'],
  },
});
