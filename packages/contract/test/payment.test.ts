import { describe, expect, it } from 'vitest';
import {
  bankAmountText,
  bankCardMatches,
  bankCardText,
  bankResultOf,
  bankResultRowSchema,
  bankTimeOf,
  messages,
  PAYMENT_BATCH_MACHINE,
  PAYMENT_MESSAGES,
  paymentBatchAddSchema,
  selectionQuery,
} from '../src/index.ts';

describe('payment batches (contract)', () => {
  it('reads a bank’s result words, amounts, cards and times, refusing what it cannot read', () => {
    expect(['成功', '交易成功', ' Success ', 'S'].map(bankResultOf)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect(['失败', '已退票', 'failed'].map(bankResultOf)).toEqual(['failed', 'failed', 'failed']);
    expect(['处理中', '', '成功了'].map(bankResultOf)).toEqual([null, null, null]);
    expect(['1,280.50', '0.1', '12', ' 3.00 '].map(bankAmountText)).toEqual(['1280.50', '0.1', '12', '3.00']);
    expect(['-1', '1.234', '1e3', 'abc', ''].map(bankAmountText)).toEqual([null, null, null, null, null]);
    expect(bankCardText('6228 4804 0256 4890 018')).toBe('6228480402564890018');
    expect(bankCardText('622848******0018')).toBe('622848******0018');
    expect(bankCardText('6.22848E+18')).toBeNull();
    expect(bankTimeOf('2026-11-25 10:30:00')).toBe('2026-11-25T10:30:00+08:00');
    expect(bankTimeOf('2026/11/5 9:05')).toBe('2026-11-05T09:05:00+08:00');
    expect(bankTimeOf('20261125103000')).toBe('2026-11-25T10:30:00+08:00');
    expect(bankTimeOf('2026年11月25日')).toBe('2026-11-25T00:00:00+08:00');
    // an Excel date serial is China time: 46351.4375 is 2026-11-25 10:30
    expect(new Date(bankTimeOf('46351.4375')!).toISOString()).toBe('2026-11-25T02:30:00.000Z');
    expect(['2026-02-30 10:00:00', '2026-11-25 25:00:00', 'yesterday', '12345'].map(bankTimeOf)).toEqual([null, null, null, null]);
  });

  it('matches a full or masked card of a result file against the line’s card', () => {
    const card = '6228480402564890018';
    expect(bankCardMatches(card, card)).toBe(true);
    expect(bankCardMatches('622848*********0018', card)).toBe(true);
    expect(bankCardMatches('6228****0018', card)).toBe(true);
    expect(bankCardMatches('6228****0017', card)).toBe(false);
    expect(bankCardMatches('6212260200000000006', card)).toBe(false);
    // a mask showing almost nothing proves nothing
    expect(bankCardMatches('***8', card)).toBe(false);
    expect(bankCardMatches(card, null)).toBe(false);
  });

  it('a result row needs the reference, the amount, a result it understands, and the serial when paid', () => {
    const ok = bankResultRowSchema.safeParse({ reference: ' P000001000001 ', amount: '1,000.00', result: '成功', bank_serial: 'B1', paid_at: '2026-11-25 10:00:00' });
    expect(ok.success && ok.data).toEqual({ reference: 'P000001000001', amount: '1000.00', result: 'paid', bank_serial: 'B1', paid_at: '2026-11-25T10:00:00+08:00' });
    const failed = bankResultRowSchema.safeParse({ reference: 'P1', amount: '5', result: '失败', reason: '户名不符' });
    expect(failed.success && failed.data.result).toBe('failed');
    const issues = (v: Record<string, unknown>) => (bankResultRowSchema.safeParse(v).error?.issues ?? []).map((i) => `${String(i.path[0])} ${i.message}`);
    expect(issues({ reference: 'P1', amount: '5', result: '成功' })).toEqual(['bank_serial validation.bank_serial_required']);
    expect(issues({ amount: '-5', result: '处理中' })).toEqual(['reference validation.required', 'amount validation.bank_amount', 'result validation.bank_result']);
  });

  it('a batch is made from the bill list’s filters or from ticked bills, not both and not neither', () => {
    expect(paymentBatchAddSchema.safeParse({ selection: { filter: { status: 'pending' } } }).success).toBe(true);
    expect(paymentBatchAddSchema.safeParse({ selection: { bill_ids: [1, 2] } }).success).toBe(true);
    expect(paymentBatchAddSchema.safeParse({ selection: {} }).error?.issues[0]?.message).toBe('validation.batch_selection');
    expect(paymentBatchAddSchema.safeParse({ selection: { bill_ids: [1], filter: {} } }).error?.issues[0]?.message).toBe('validation.batch_selection');
    expect(paymentBatchAddSchema.safeParse({ selection: { bill_ids: [] } }).error?.issues[0]?.message).toBe('validation.batch_empty');
    expect(selectionQuery({ status: ['pending', 'failed'], q: '', agent_id: 3, x: null, y: [] })).toEqual({ status: 'pending,failed', agent_id: '3' });
  });

  it('the machine: cancel before the bank only; the result import only at the bank', () => {
    expect(PAYMENT_BATCH_MACHINE.cancel.from).not.toContain('exported');
    expect(PAYMENT_BATCH_MACHINE.import_result.from).toEqual(['exported']);
    expect(PAYMENT_BATCH_MACHINE.remove_line.from).toEqual(['draft']);
  });

  it('every payment message exists in zh and en and is in the shared catalogue', () => {
    expect(Object.keys(PAYMENT_MESSAGES.en).sort()).toEqual(Object.keys(PAYMENT_MESSAGES.zh).sort());
    for (const k of Object.keys(PAYMENT_MESSAGES.zh)) {
      expect((messages.zh as Record<string, string>)[k], k).toBe((PAYMENT_MESSAGES.zh as Record<string, string>)[k]);
      expect((messages.en as Record<string, string>)[k], k).toBe((PAYMENT_MESSAGES.en as Record<string, string>)[k]);
    }
  });
});
