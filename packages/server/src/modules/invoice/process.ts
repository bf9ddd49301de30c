import { INVOICE_MACHINE, InvoiceActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { REASON, asDb, bodyOf, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { invoiceResource } from './resource.ts';
import { InvoiceService } from './service.ts';

const service = (c: { tx: Queryable }) => new InvoiceService(asDb(c.tx), null);

/**
 * 发票 as a record type of processes: registered (which may need approval: 发票登记审批) or voided.
 * Whoever entered it never approves its registration (its maker, and the requester).
 */
export const invoiceRecordType = defineRecordType({
  code: 'invoice',
  label: { zh: '发票', en: 'Invoice' },
  resource: invoiceResource,
  number: 'invoice_no',
  link: '/finance/invoiceDetail?id={id}',
  labels: { total: ['价税合计', 'Total incl. tax'] },
  actions: {
    register: machineAction(INVOICE_MACHINE, InvoiceActionLabel, 'register', (c) => service(c).register(bodyOf(c), c.auth, c.actor)),
    void: machineAction(INVOICE_MACHINE, InvoiceActionLabel, 'void', (c) => service(c).void(bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor), REASON),
  },
  events: {
    'invoice.created': { label: { zh: '发票已录入', en: 'Invoice entered' }, match: ['direction', 'kind'] },
    'invoice.registered': { label: { zh: '发票已登记', en: 'Invoice registered' }, match: ['direction', 'kind'] },
  },
  sod: { rules: [{ role: { zh: '录入人', en: 'maker' }, field: 'created_by' }], actions: [] },
});
