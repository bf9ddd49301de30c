import { describe, expect, it } from 'vitest';
import { bindingOf } from '../src/providers/resources.ts';
import { allowedStatementButtons, groupLines, lineExplainable, statementDetailPath } from '../src/resources/statement/logic.ts';

describe('statement screens', () => {
  it('offer the buttons the state allows and the user holds', () => {
    const all = () => true;
    expect(allowedStatementButtons('draft', all)).toEqual(['refresh', 'send']);
    expect(allowedStatementButtons('sent', all)).toEqual(['import']);
    expect(allowedStatementButtons('imported', all)).toEqual(['import', 'confirm']);
    expect(allowedStatementButtons('confirmed', all)).toEqual([]);
    // the operator: everything but confirm
    const operator = (code: string) => code !== 'statement:confirm';
    expect(allowedStatementButtons('imported', operator)).toEqual(['import']);
  });

  it('a line is explained only with a difference, only while imported', () => {
    expect(lineExplainable('imported', { has_difference: true })).toBe(true);
    expect(lineExplainable('imported', { has_difference: false })).toBe(false);
    expect(lineExplainable('sent', { has_difference: true })).toBe(false);
    expect(lineExplainable('confirmed', { has_difference: true })).toBe(false);
  });

  it('groups lines as both sides, only ours, only theirs (always three, in that order)', () => {
    const g = groupLines([{ group: 'theirs_only' as const }, { group: 'matched' as const }, { group: 'matched' as const }]);
    expect(g.map((x) => [x.group, x.lines.length])).toEqual([
      ['matched', 2],
      ['ours_only', 0],
      ['theirs_only', 1],
    ]);
  });

  it('binds the route to the API and opens the detail by id', () => {
    expect(bindingOf('finance/statement')?.api).toBe('statement');
    expect(statementDetailPath(7)).toBe('/finance/statementDetail?id=7');
  });
});
