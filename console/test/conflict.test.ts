import { describe, expect, it } from 'vitest';
import { conflictChanges, isVersionConflict } from '../src/resources/common/conflict.ts';

describe('version conflict: what someone else changed', () => {
  const seen = { name: '王家电站', capacity_kwp: '20.35', address: null, remark: '', version: 3 };
  it('lists the editable fields that differ between the opened and the current record, with the user’s value', () => {
    const now = { name: '王家电站', capacity_kwp: 25, address: '历城区 1 号', remark: null, version: 4 };
    const mine = { name: '王家新电站', capacity_kwp: 20.35, address: null, remark: '', version: 3 };
    expect(conflictChanges(seen, now, mine, ['name', 'capacity_kwp', 'address', 'remark'])).toEqual([
      { field: 'capacity_kwp', seen: '20.35', now: 25, mine: 20.35 },
      { field: 'address', seen: null, now: '历城区 1 号', mine: null },
    ]);
  });
  it('"20.35" and 20.35, null and "" are the same value; fields not editable are ignored', () => {
    expect(conflictChanges(seen, { ...seen, capacity_kwp: 20.35, remark: null, version: 9 }, {}, ['name', 'capacity_kwp', 'remark'])).toEqual([]);
  });
  it('a field the form did not send keeps the value the user saw', () => {
    expect(conflictChanges({ name: 'a' }, { name: 'b' }, {}, ['name'])).toEqual([{ field: 'name', seen: 'a', now: 'b', mine: 'a' }]);
  });
  it('only a 409 is a version conflict', () => {
    expect(isVersionConflict({ status: 409 })).toBe(true);
    expect(isVersionConflict({ status: 400 })).toBe(false);
    expect(isVersionConflict(null)).toBe(false);
  });
});
