import { CLAIM_MACHINE, ClaimActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { REASON, asDb, bodyOf, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { chinaDate } from '../inspection/generate.ts';
import { InsuranceActions } from './actions.ts';
import { claimResource, policyResource } from './resource.ts';

/** The routes' action class in the engine's transaction (the file service only serves documents, which no process attaches). */
const actions = (c: { tx: Queryable }) => new InsuranceActions(asDb(c.tx), null as never);

/** 保单 as a record type of processes: surrendered (on the day asked for, or today). */
export const insurancePolicyRecordType = defineRecordType({
  code: 'insurance_policy',
  label: { zh: '保单', en: 'Insurance policy' },
  resource: policyResource,
  number: 'policy_no',
  link: '/partner/insurancePolicyDetail?id={id}',
  actions: {
    surrender: {
      label: { zh: '退保', en: 'surrender' },
      from: ['active'],
      params: { ...REASON, surrender_date: { label: { zh: '退保日期', en: 'Surrender date' }, kind: 'date' } },
      run: (c) => actions(c).surrender(bodyOf(c, { reason: reasonOf(c), surrender_date: (c.params.surrender_date as string | undefined) ?? chinaDate(new Date()) }), c.auth, c.actor),
    },
  },
  events: {
    'insurance_policy.surrendered': { label: { zh: '保单已退保', en: 'Policy surrendered' }, match: ['kind'] },
  },
});

/**
 * 理赔 as a record type of processes: assessed, paid (the insurer's payment confirmed — which may
 * need approval) or rejected. Whoever asks for the payment's confirmation never approves it.
 */
export const insuranceClaimRecordType = defineRecordType({
  code: 'insurance_claim',
  label: { zh: '理赔', en: 'Insurance claim' },
  resource: claimResource,
  number: 'claim_no',
  link: '/partner/insuranceClaimDetail?id={id}',
  actions: {
    assess: machineAction(CLAIM_MACHINE, ClaimActionLabel, 'assess', (c) => actions(c).assessClaim(bodyOf(c, { amount_approved: c.params.amount_approved, note: c.reason }), c.auth, c.actor), {
      amount_approved: { label: { zh: '定损金额', en: 'Amount approved' }, kind: 'money', required: true },
    }),
    pay: machineAction(
      CLAIM_MACHINE,
      ClaimActionLabel,
      'pay',
      (c) => actions(c).payClaim(bodyOf(c, { amount_received: c.params.amount_received ?? c.record.amount_approved, paid_on: (c.params.paid_on as string | undefined) ?? chinaDate(new Date()) }), c.auth, c.actor),
      {
        // by default the amount assessed, received today
        amount_received: { label: { zh: '赔付金额', en: 'Amount received' }, kind: 'money' },
        paid_on: { label: { zh: '到账日期', en: 'Received on' }, kind: 'date' },
      },
    ),
    reject: machineAction(CLAIM_MACHINE, ClaimActionLabel, 'reject', (c) => actions(c).rejectClaim(bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor), REASON),
  },
  events: {
    'insurance_claim.reported': { label: { zh: '理赔已报案', en: 'Claim reported' }, match: ['cause'] },
    'insurance_claim.assessed': { label: { zh: '理赔已定损', en: 'Claim assessed' }, match: ['cause'] },
  },
});
