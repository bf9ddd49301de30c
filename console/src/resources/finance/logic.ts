import { LEASE_MACHINE, RENT_BILL_MACHINE, canTransition, type LeaseAction, type RentBillAction } from '@pv/contract';
import { LEASE_RESOURCE, BILL_RESOURCE } from '../names.ts';
export { LEASE_RESOURCE, BILL_RESOURCE };

/** react-admin resources of 财务 (route paths) and their APIs. */
export const LEASE_API = 'lease_contract';
export const BILL_API = 'rent_bill';

export const leaseDetailPath = (id: number | string) => `/finance/leaseContractDetail?id=${id}`;
/** The bill list filtered (links from the contract, customer and station pages). */
export const billsOf = (filter: { contract_id?: number; station_id?: number; customer_id?: number }) =>
  `/${BILL_RESOURCE}?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)])).toString()}`;

/** The contract's lifecycle buttons a state allows, in the order the detail page shows them (expiry is the scheduler's). */
export const LEASE_ACTIONS: LeaseAction[] = ['sign', 'activate', 'terminate'];
export const allowedLeaseActions = (status: string) => LEASE_ACTIONS.filter((a) => canTransition(LEASE_MACHINE, status, a));
/** The payee account can change while the contract is open; a draft's terms are edited freely. */
export const cardChangeable = (status: string) => status === 'draft' || status === 'signed' || status === 'active';

/** A bill's buttons (cancel is termination's). Deduct works on any unpaid bill. */
export type BillButton = RentBillAction | 'deduct';
export const BILL_ACTIONS: BillButton[] = ['deduct', 'pay', 'fail', 'pause', 'release'];
export const allowedBillActions = (status: string, pausedBy?: string | null, batchId?: number | null): BillButton[] =>
  BILL_ACTIONS.filter((a) => {
    // an unpaid bill a payment batch holds waits for the batch (the server refuses these too)
    if (batchId != null && (status === 'pending' || status === 'failed')) return false;
    if (a === 'deduct') return status === 'pending' || status === 'failed' || status === 'paused';
    // a bill its station paused is released by unfreezing the station, not by hand
    if (a === 'release' && pausedBy === 'station') return false;
    return canTransition(RENT_BILL_MACHINE, status, a);
  });

/** Today's date in China (YYYY-MM-DD), the default signing / termination day. */
export const chinaToday = (now = new Date()) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
