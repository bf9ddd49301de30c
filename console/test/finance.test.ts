import { describe, expect, it } from 'vitest';
import { formatMoney } from '@pv/contract';
import { bindingOf } from '../src/providers/resources.ts';
import { allowedBillActions, allowedLeaseActions, billsOf, cardChangeable, chinaToday, leaseDetailPath } from '../src/resources/finance/logic.ts';
import { MONEY_SECTIONS } from '../src/resources/finance/MoneyTab.tsx';

describe('finance screens', () => {
  it('show only the contract actions its state allows (expiry is the scheduler’s)', () => {
    expect(allowedLeaseActions('draft')).toEqual(['sign', 'terminate']);
    expect(allowedLeaseActions('signed')).toEqual(['activate', 'terminate']);
    expect(allowedLeaseActions('active')).toEqual(['terminate']);
    expect(allowedLeaseActions('expired')).toEqual([]);
    expect(allowedLeaseActions('terminated')).toEqual([]);
    expect(['draft', 'signed', 'active', 'expired', 'terminated'].filter(cardChangeable)).toEqual(['draft', 'signed', 'active']);
  });

  it('show only the bill actions its state allows; a bill its station paused is released by unfreezing, not by hand', () => {
    expect(allowedBillActions('pending')).toEqual(['deduct', 'pay', 'fail', 'pause']);
    expect(allowedBillActions('failed')).toEqual(['deduct', 'pay', 'fail', 'pause']);
    expect(allowedBillActions('paused', 'manual')).toEqual(['deduct', 'release']);
    expect(allowedBillActions('paused', 'station')).toEqual(['deduct']);
    expect(allowedBillActions('paid')).toEqual([]);
    expect(allowedBillActions('cancelled')).toEqual([]);
    // a payment batch holds it: nothing by hand until the batch settles it (a failed bill in a retry batch too)
    expect(allowedBillActions('pending', null, 12)).toEqual([]);
    expect(allowedBillActions('failed', null, 12)).toEqual([]);
    // a paid bill keeps the batch that paid it
    expect(allowedBillActions('paid', null, 12)).toEqual([]);
  });

  it('call the lease and bill APIs, link filtered lists and show amounts by string', () => {
    expect(bindingOf('finance/leaseContract').api).toBe('lease_contract');
    expect(bindingOf('finance/rentBill').api).toBe('rent_bill');
    expect(leaseDetailPath(7)).toBe('/finance/leaseContractDetail?id=7');
    expect(billsOf({ station_id: 3 })).toBe('/finance/rentBill?station_id=3');
    expect(formatMoney('1234567.05')).toBe('1,234,567.05');
    expect(chinaToday(new Date('2026-11-25T17:00:00Z'))).toBe('2026-11-26');
  });

  it('the money tab is a list of sections, each behind its permission: contracts, bills, revenue', () => {
    expect(MONEY_SECTIONS.map((s) => [s.key, s.permission])).toEqual([
      ['lease_contracts', 'lease_contract:index'],
      ['rent_bills', 'rent_bill:index'],
      ['revenue', 'revenue:index'],
    ]);
  });
});
