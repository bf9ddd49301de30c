import { describe, expect, it } from 'vitest';
import { allowedInvoiceButtons, lineBody } from '../src/resources/invoice/logic.ts';

const all = () => true;
const inv = (extra: Record<string, unknown> = {}) => ({ status: 'registered', is_red: false, matched_amount: '0.00', credited_amount: '0.00', direction: 'in', ...extra }) as Parameters<typeof allowedInvoiceButtons>[0];

describe('invoice buttons', () => {
  it('by state: a draft registers or voids; a registered invoice matches, credits, voids while untouched', () => {
    expect(allowedInvoiceButtons(inv({ status: 'draft' }), all)).toEqual(['register', 'void']);
    expect(allowedInvoiceButtons(inv(), all)).toEqual(['match', 'red_letter', 'void']);
    expect(allowedInvoiceButtons(inv({ matched_amount: '10.00' }), all)).toEqual(['match', 'red_letter']);
    expect(allowedInvoiceButtons(inv({ status: 'matched', matched_amount: '113.00' }), all)).toEqual(['red_letter']);
    expect(allowedInvoiceButtons(inv({ status: 'credited', credited_amount: '113.00' }), all)).toEqual([]);
    expect(allowedInvoiceButtons(inv({ status: 'voided' }), all)).toEqual([]);
  });
  it('a red-letter invoice is neither matched nor credited; buttons need their permission', () => {
    expect(allowedInvoiceButtons(inv({ is_red: true }), all)).toEqual(['void']);
    expect(allowedInvoiceButtons(inv(), (c) => c === 'invoice:match')).toEqual(['match']);
  });
  it('a form line goes without blank cells, its rate as text', () => {
    expect(lineBody({ item: '组件', spec: '', unit: null, amount: '1.00', tax_rate: 13 })).toEqual({ item: '组件', amount: '1.00', tax_rate: '13' });
  });
});
