import { describe, expect, it } from 'vitest';
import { bindingOf } from '../src/providers/resources.ts';
import { allowedSettlementButtons, groupLines, lineDisputable, lineResolvable, settlementDetailPath, sourcePath } from '../src/resources/settlement/logic.ts';

describe('settlement screens', () => {
  it('offer the buttons the state allows and the user holds', () => {
    const all = () => true;
    expect(allowedSettlementButtons('draft', all)).toEqual(['submit']);
    expect(allowedSettlementButtons('pending', all)).toEqual(['confirm']);
    expect(allowedSettlementButtons('disputed', all)).toEqual([]);
    expect(allowedSettlementButtons('confirmed', all)).toEqual(['pay']);
    expect(allowedSettlementButtons('paid', all)).toEqual([]);
    // the agent role: confirm and dispute only
    const agent = (code: string) => ['settlement:confirm', 'settlement:dispute'].includes(code);
    expect(allowedSettlementButtons('draft', agent)).toEqual([]);
    expect(allowedSettlementButtons('confirmed', agent)).toEqual([]);
  });

  it('a line is disputed while awaiting confirmation, resolved while disputed', () => {
    expect(lineDisputable('pending', { status: 'normal' })).toBe(true);
    expect(lineDisputable('disputed', { status: 'normal' })).toBe(true);
    expect(lineDisputable('disputed', { status: 'disputed' })).toBe(false);
    expect(lineDisputable('confirmed', { status: 'normal' })).toBe(false);
    expect(lineResolvable('disputed', { status: 'disputed' })).toBe(true);
    expect(lineResolvable('pending', { status: 'disputed' })).toBe(false);
  });

  it('each line links to its source record; lines grouped by kind in a fixed order', () => {
    expect(sourcePath({ source_type: 'customer', source_id: 3, source_kind: null })).toBe('/customer/customerDetail?id=3');
    expect(sourcePath({ source_type: 'station', source_id: 4, source_kind: null })).toBe('/stationManagement/stationDetail?id=4');
    expect(sourcePath({ source_type: 'self_audit', source_id: 5, source_kind: 'grid' })).toBe('/stationManagement/ongridselfauditdetails?id=5');
    expect(sourcePath({ source_type: 'work_order', source_id: 6, source_kind: 'build' })).toContain(encodeURIComponent(JSON.stringify({ id: 6 })));
    expect(sourcePath({ source_type: 'settlement_line', source_id: 7, source_kind: null })).toBeNull();
    expect(groupLines([{ kind: 'adjustment' }, { kind: 'commission' }, { kind: 'grid_bonus' }, { kind: 'commission' }]).map((g) => [g.kind, g.lines.length])).toEqual([
      ['commission', 2],
      ['grid_bonus', 1],
      ['adjustment', 1],
    ]);
    expect(settlementDetailPath(9)).toBe('/finance/settlementDetail?id=9');
    expect(bindingOf('finance/settlement').api).toBe('settlement');
    expect(bindingOf('finance/settlementRule').api).toBe('settlement_rule');
  });
});
