import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { INVOICE_RESOURCE } from './logic.ts';

const InvoiceList = lazyView(() => import('./InvoiceList.tsx'));
const InvoiceCreate = lazyView(() => import('./InvoiceCreate.tsx'));
const InvoiceEdit = lazyView(() => import('./InvoiceEdit.tsx'));

/** 发票: #/finance/invoice (list, create, a draft's edit #/finance/invoice/N); a row opens #/finance/invoiceDetail?id=N. */
export const invoice = {
  name: INVOICE_RESOURCE,
  list: InvoiceList,
  create: InvoiceCreate,
  edit: InvoiceEdit,
  recordRepresentation: 'invoice_no',
  options: { label: 'pv.route.invoice' },
};

export const loadInvoiceDetail = () => import('./InvoiceDetail.tsx');
