import { describe, expect, it } from 'vitest';
import { displayValue, formatDateTime, formatDay } from '../src/display.ts';
import { FIELD_DISPLAY } from '../src/field-display.ts';
import { RECORD_LINKS, REF_KINDS, fieldKind, refKindOf } from '../src/field-kinds.ts';
import { InvoiceStatus } from '../src/invoice.ts';

describe('formatDateTime / formatDay: China time, no fractions', () => {
  it.each([
    ['an ISO moment', '2026-11-28T07:07:29.669Z', '2026-11-28 15:07'],
    ["PostgreSQL's own text of a timestamptz", '2026-11-28 07:07:29.669+00', '2026-11-28 15:07'],
    ['a Date', new Date('2026-11-28T16:30:00Z'), '2026-11-29 00:30'],
    ['with an offset', '2026-11-28T07:07:00+08:00', '2026-11-28 07:07'],
  ])('%s', (_what, value, shown) => expect(formatDateTime(value)).toBe(shown));
  it('seconds when asked (a task run), still no fractions', () => expect(formatDateTime('2026-11-28T07:07:29.669Z', { seconds: true })).toBe('2026-11-28 15:07:29'));
  it('a day stays the day; a moment becomes its China day', () => {
    expect(formatDay('2026-12-31')).toBe('2026-12-31');
    expect(formatDay('2026-12-31T17:00:00Z')).toBe('2027-01-01');
  });
  it('empty is null, and text that is no time comes back as it is', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('')).toBeNull();
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('displayValue: one formatter per kind of field', () => {
  const refs = { user: { '6': '孙师傅' }, inspection: { '96': 'XJ20261128000096' }, invoice: { '5': '12345678' } };
  it('a user by name, a record by its number; one the server could not name as #id', () => {
    expect(displayValue('team_id', 6, 'zh', { refs })).toBe('孙师傅');
    expect(displayValue('handled_by', 6, 'en', { refs })).toBe('孙师傅');
    expect(displayValue('red_id', 5, 'zh', { refs })).toBe('12345678');
    expect(displayValue('team_id', 7, 'zh', { refs })).toBe('#7');
  });
  it('a reference whose target depends on the row (a maintenance order from an inspection)', () => {
    const display = FIELD_DISPLAY.maintenance;
    expect(displayValue('source_id', 96, 'zh', { display, refs, row: { source: 'inspection', source_id: 96 } })).toBe('XJ20261128000096');
    expect(refKindOf('source_id', { source: 'matter' }, display)).toBe('matter');
    expect(refKindOf('source_id', { source: 'alarm' }, display)).toBeNull();
    expect(displayValue('source', 'inspection', 'zh', { display })).toBe('巡检');
  });
  it('money as ¥1,234.56 (by name and by declaration), enums by label, regions by name, cards masked, yes/no', () => {
    expect(displayValue('total', '1285780.00', 'zh')).toBe('¥1,285,780.00');
    expect(displayValue('amount_due', '-5999.9', 'zh')).toBe('-¥5,999.90');
    expect(displayValue('status', 'registered', 'en', { display: FIELD_DISPLAY.invoice })).toBe(InvoiceStatus.label('registered', 'en'));
    expect(displayValue('province_code', '370000', 'zh')).toBe('山东省');
    expect(displayValue('bank_card', '6222021234567890123', 'zh')).toBe('622202*********0123');
    expect(displayValue('frozen', true, 'zh')).toBe('是');
    expect(displayValue('frozen', false, 'en')).toBe('No');
  });
  it('moments by name or by their shape in China time; empty is null', () => {
    expect(displayValue('submitted_at', '2026-11-28T07:07:29.669Z', 'zh')).toBe('2026-11-28 15:07');
    expect(displayValue('whenever', '2026-11-28 07:07:29.669+00', 'zh')).toBe('2026-11-28 15:07');
    expect(displayValue('signed_date', '2026-11-28', 'zh')).toBe('2026-11-28');
    expect(displayValue('remark', '', 'zh')).toBeNull();
    expect(displayValue('remark', null, 'zh')).toBeNull();
  });
  it('rates with four places are not money (a tariff, a rent rate)', () => {
    expect(fieldKind('rent_rate').kind).toBe('text');
    expect(fieldKind('price').kind).toBe('text');
    expect(displayValue('rent_rate', '12.5000', 'zh')).toBe('12.5000');
  });
});

describe('declarations', () => {
  it('every declared reference points at a kind the contract knows, and linked kinds have a page', () => {
    for (const [resource, display] of Object.entries(FIELD_DISPLAY)) {
      for (const [name, kind] of Object.entries(display)) {
        if (kind.kind === 'ref' && typeof kind.to === 'string') expect(REF_KINDS, `${resource}.${name}`).toContain(kind.to);
        if (kind.kind === 'enum') expect(typeof kind.labels.label, `${resource}.${name}`).toBe('function');
      }
    }
    for (const [kind, link] of Object.entries(RECORD_LINKS)) expect(link(3), kind).toMatch(/^\/[a-zA-Z]+\/[a-zA-Z]+.*3/);
  });
});
