import { describe, expect, it } from 'vitest';
import {
  INVOICE_MACHINE,
  Money,
  canTransition,
  invoiceCreateSchema,
  invoiceMatchSchema,
  invoiceNumberProblem,
  invoiceRedLetterSchema,
  invoiceTotals,
  lineTax,
  linePriceOk,
  rateSummary,
  sumMoney,
  totalsMismatch,
} from '../src/index.ts';

/** A tiny deterministic generator (no Math.random in tests). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const RATES = ['13', '9', '6', '3', '1', '0'];

describe('invoice tax arithmetic', () => {
  it('rounds each line once, half away from zero, at every rate; negative lines round symmetrically', () => {
    expect(lineTax('100.05', '13')).toBe('13.01'); // 13.0065
    expect(lineTax('33.33', '6')).toBe('2.00'); // 1.9998
    expect(lineTax('0.50', '1')).toBe('0.01'); // 0.005 → 0.01, never 0.00
    expect(lineTax('1.50', '3')).toBe('0.05'); // 0.045 → 0.05
    expect(lineTax('-0.50', '1')).toBe('-0.01');
    expect(lineTax('-100.05', '13')).toBe('-13.01');
    expect(lineTax('12345.67', '0')).toBe('0.00');
    expect(lineTax('999999999.99', '9')).toBe('90000000.00'); // 89,999,999.9991
  });

  it('the totals are the sums of the lines and their rounded taxes, never rounded again (200 seeds)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = rng(seed);
      const lines = Array.from({ length: 1 + Math.floor(r() * 12) }, () => ({ amount: (Math.floor(r() * 10_000_000) / 100).toFixed(2), tax_rate: RATES[Math.floor(r() * RATES.length)]! }));
      const t = invoiceTotals(lines);
      // exact in fen: integers, not floats
      const fen = (v: string) => BigInt(v.replace('.', ''));
      expect(fen(t.amount_total)).toBe(lines.reduce((s, l) => s + fen(l.amount), 0n));
      expect(fen(t.tax_total)).toBe(lines.reduce((s, l) => s + fen(lineTax(l.amount, l.tax_rate)), 0n));
      expect(fen(t.total)).toBe(fen(t.amount_total) + fen(t.tax_total));
      // the summary per rate adds up to the invoice
      const summary = rateSummary(lines);
      expect(sumMoney(summary.map((s) => s.total))).toBe(t.total);
      expect(summary.reduce((n, s) => n + s.lines, 0)).toBe(lines.length);
    }
  });

  it('per line, then summed, is not the tax of the sum', () => {
    const lines = Array.from({ length: 7 }, () => ({ amount: '0.05', tax_rate: '13' }));
    expect(invoiceTotals(lines).tax_total).toBe('0.07');
    expect(new Money('0.35').times('0.13').toDecimalPlaces(2).toFixed(2)).toBe('0.05');
  });

  it('names the first entered total that differs, with entered − computed', () => {
    const computed = invoiceTotals([{ amount: '100.05', tax_rate: '13' }]);
    expect(totalsMismatch(computed, computed)).toBeNull();
    expect(totalsMismatch({ ...computed, tax_total: '13.00', total: '113.05' }, computed)).toEqual({ field: 'tax_total', entered: '13.00', computed: '13.01', diff: '-0.01' });
    expect(totalsMismatch({ ...computed, total: '114.06' }, computed)).toEqual({ field: 'total', entered: '114.06', computed: '113.06', diff: '1.00' });
  });

  it('quantity × unit price may differ from the amount by rounding only', () => {
    expect(linePriceOk('120', '530.97345133', '63716.81')).toBe(true);
    expect(linePriceOk('3', '10', '20.00')).toBe(false);
    expect(linePriceOk(null, '10', '20.00')).toBe(true);
  });
});

describe('invoice numbers and schemas', () => {
  it('code and number by type: 数电票 20 digits and no code; electronic 12-digit code; paper 10', () => {
    expect(invoiceNumberProblem('digital_special', '', '26372000000012345678')).toBeNull();
    expect(invoiceNumberProblem('digital_normal', '3700231130', '26372000000012345678')).toBe('validation.invoice_code');
    expect(invoiceNumberProblem('digital_normal', '', '12345678')).toBe('validation.invoice_no');
    expect(invoiceNumberProblem('electronic', '037002300111', '12345678')).toBeNull();
    expect(invoiceNumberProblem('electronic', '3700231130', '12345678')).toBe('validation.invoice_code');
    expect(invoiceNumberProblem('special', '3700231130', '1234567')).toBe('validation.invoice_no');
  });

  it('validates tax ids with the partners’ credit-code check, rates from the list, positive blue and negative red lines', () => {
    const base = {
      direction: 'in', kind: 'special', invoice_code: '3700231130', invoice_no: '12345678', issue_date: '2026-11-20',
      seller_name: 'S', seller_tax_id: '91370200ma3c7e2e1u', buyer_name: 'B', buyer_tax_id: '91370100MA3CK8W0QL',
      lines: [{ item: '组件', amount: '100.00', tax_rate: 13 }], amount_total: '100.00', tax_total: '13.00', total: '113.00',
    };
    const ok = invoiceCreateSchema.safeParse(base);
    expect(ok.success).toBe(true);
    expect(ok.data!.seller_tax_id).toBe('91370200MA3C7E2E1U');
    expect(ok.data!.lines[0]!.tax_rate).toBe('13');
    const issues = (v: unknown) => (invoiceCreateSchema.safeParse(v).error?.issues ?? []).map((i) => i.message);
    expect(issues({ ...base, seller_tax_id: '91370200MA3C7E2E1X' })).toContain('validation.tax_id');
    expect(issues({ ...base, lines: [{ item: 'x', amount: '1.00', tax_rate: '10' }] })).toContain('validation.tax_rate');
    expect(issues({ ...base, lines: [{ item: 'x', amount: '-1.00', tax_rate: '13' }] })).toContain('validation.invoice_line_positive');
    expect(issues({ ...base, buyer_tax_id: '' })).toContain('validation.invoice_buyer_tax_id');
    expect(issues({ ...base, lines: [{ item: 'x', amount: 0.1 + 0.2, tax_rate: '13' }] })).toContain('validation.money');
    const red = { id: 1, version: 1, kind: 'special', invoice_code: '3700231130', invoice_no: '12345679', issue_date: '2026-11-25', reason: '退货', lines: [{ item: 'x', amount: '10.00', tax_rate: '13' }], amount_total: '10.00', tax_total: '1.30', total: '11.30' };
    expect((invoiceRedLetterSchema.safeParse(red).error?.issues ?? []).map((i) => i.message)).toContain('validation.invoice_red_negative');
    expect(invoiceMatchSchema.safeParse({ id: 1, version: 1, target_type: 'settlement', target_id: 2, amount: '0' }).success).toBe(false);
  });

  it('lifecycle: register from draft; void from draft or registered only', () => {
    expect(canTransition(INVOICE_MACHINE, 'draft', 'register')).toBe(true);
    expect(canTransition(INVOICE_MACHINE, 'registered', 'register')).toBe(false);
    expect(canTransition(INVOICE_MACHINE, 'registered', 'void')).toBe(true);
    expect(canTransition(INVOICE_MACHINE, 'matched', 'void')).toBe(false);
    expect(canTransition(INVOICE_MACHINE, 'credited', 'void')).toBe(false);
  });
});
