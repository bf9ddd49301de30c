import { lazy } from 'react';
import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { BILL_RESOURCE, LEASE_RESOURCE } from '../names.ts';

const LeaseList = lazyView(() => import('./LeaseList.tsx'));
const RentBillList = lazyView(() => import('./RentBillList.tsx'));

/** 租赁合同: #/finance/leaseContract; rows open #/finance/leaseContractDetail?id=N. */
export const leaseContract = {
  name: LEASE_RESOURCE,
  list: LeaseList,
  recordRepresentation: 'contract_no',
  options: { label: 'pv.route.leaseContract' },
};

/** 租金账单: #/finance/rentBill; a row opens the bill in a drawer. */
export const rentBill = {
  name: BILL_RESOURCE,
  list: RentBillList,
  recordRepresentation: 'bill_no',
  options: { label: 'pv.route.rentBill' },
};

export const loadLeaseDetail = () => import('./LeaseDetail.tsx');

/** 租金报表: #/finance/rentReport (by month and region; revenue and rent per station). */
export const loadRentReport = () => import('./RentReport.tsx');

/** The money tab of the customer and station pages, loaded when opened. */
export const MoneyTab = lazy(() => import('./MoneyTab.tsx'));
