import { CustomerStatus } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { asDb, bodyOf, defineRecordType, reasonOf } from '../../lifecycle/records.ts';
import { lose, survey } from './actions.ts';
import { customerResource } from './resource.ts';

const db = (c: { tx: Queryable }) => asDb(c.tx);

/** 客户 as a record type of processes: marked surveyed or lost (with the reason); its signing and loss are events. */
export const customerRecordType = defineRecordType({
  code: 'customer',
  label: { zh: '客户', en: 'Customer' },
  resource: customerResource,
  number: 'name',
  link: '/customer/customerDetail?id={id}',
  secret: ['app_password'],
  actions: {
    survey: { label: { zh: '标记为已踏勘', en: 'mark as surveyed' }, from: ['new', 'following'], run: (c) => survey(db(c), bodyOf(c), c.auth, c.actor) },
    lose: {
      label: { zh: '标记为流失', en: 'mark as lost' },
      from: CustomerStatus.values.filter((s) => s !== 'lost'),
      params: { reason: { label: { zh: '流失原因', en: 'Reason lost' }, required: true } },
      run: (c) => lose(db(c), bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor),
    },
  },
  events: {
    'customer.converted': { label: { zh: '客户已签约（转为正式客户）', en: 'Customer signed (converted)' }, match: ['business_mode', 'source'] },
    'customer.lost': { label: { zh: '客户已流失', en: 'Customer lost' }, match: ['source'] },
  },
});
