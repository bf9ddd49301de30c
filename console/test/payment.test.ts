import { describe, expect, it } from 'vitest';
import { PAYMENT_BATCH_MACHINE, formatMoney } from '@pv/contract';
import { bindingOf } from '../src/providers/resources.ts';
import { allowedBatchButtons, BATCH_PERMISSION, linesRemovable, paymentDetailPath, selectionOf } from '../src/resources/payment/logic.ts';
import { filterParams } from '../src/providers/dataProvider.ts';

const all = () => true;
const batch = (status: string, created_by: number | null = 1, submitted_by: number | null = null) => ({ status, created_by, submitted_by });

describe('payment batch screens', () => {
  it('offer the buttons a batch’s state allows', () => {
    expect(allowedBatchButtons(batch('draft'), all, 9)).toEqual(['submit', 'cancel']);
    expect(allowedBatchButtons(batch('pending_approval'), all, 9)).toEqual(['approve', 'reject', 'cancel']);
    expect(allowedBatchButtons(batch('approved'), all, 9)).toEqual(['export', 'cancel']);
    // at the bank: the same file again, and the result; no cancel
    expect(allowedBatchButtons(batch('exported'), all, 9)).toEqual(['export', 'import_result']);
    expect(allowedBatchButtons(batch('completed'), all, 9)).toEqual([]);
    expect(allowedBatchButtons(batch('cancelled'), all, 9)).toEqual([]);
    expect(['draft', 'pending_approval', 'approved', 'exported', 'completed', 'cancelled'].filter(linesRemovable)).toEqual(['draft']);
    // every button is a transition of the contract's machine (one place of truth)
    for (const b of Object.keys(BATCH_PERMISSION)) expect(b in PAYMENT_BATCH_MACHINE, b).toBe(true);
  });

  it('hide approve and send back from the maker and the submitter (four eyes), and each button without its permission', () => {
    expect(allowedBatchButtons(batch('pending_approval', 9), all, 9)).toEqual(['cancel']);
    expect(allowedBatchButtons(batch('pending_approval', 1, 9), all, 9)).toEqual(['cancel']);
    expect(allowedBatchButtons(batch('pending_approval', 1, 2), all, 9)).toEqual(['approve', 'reject', 'cancel']);
    const only = (codes: string[]) => (c: string) => codes.includes(c);
    expect(allowedBatchButtons(batch('approved'), only(['payment_batch:cancel']), 9)).toEqual(['cancel']);
    expect(allowedBatchButtons(batch('exported'), only(['payment_batch:import']), 9)).toEqual(['import_result']);
    expect(BATCH_PERMISSION).toMatchObject({ export: 'payment_batch:export', import_result: 'payment_batch:import' });
  });

  it('make a batch from the bill list’s filters as the list sends them', () => {
    const values = { status: ['pending', 'failed'], period: '2026-Q4', q: '', province_code: null, due_date_lte: '2026-11-30', contract_id: 7, paused_by: [] };
    expect(selectionOf(filterParams(values))).toEqual({ status: 'pending,failed', period: '2026-Q4', due_date_lte: '2026-11-30 23:59:59', contract_id: '7' });
  });

  it('call the payment batch API and show amounts by string', () => {
    expect(bindingOf('finance/paymentBatch').api).toBe('payment_batch');
    expect(paymentDetailPath(12)).toBe('/finance/paymentBatchDetail?id=12');
    expect(formatMoney('100000.10')).toBe('100,000.10');
  });
});
