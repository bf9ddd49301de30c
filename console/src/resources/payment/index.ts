import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { PAYMENT_RESOURCE } from '../names.ts';

const PaymentBatchList = lazyView(() => import('./PaymentBatchList.tsx'));

/** 付款批次: #/finance/paymentBatch; a row opens #/finance/paymentBatchDetail?id=N. */
export const paymentBatch = {
  name: PAYMENT_RESOURCE,
  list: PaymentBatchList,
  recordRepresentation: 'batch_no',
  options: { label: 'pv.route.paymentBatch' },
};

export const loadPaymentBatchDetail = () => import('./PaymentBatchDetail.tsx');
