import { describe, expect, it } from 'vitest';
import { STATION_EDITABLE, STATION_INTERNAL, STATION_MACHINE, StationStatus, stationEditSchema } from '@pv/contract';
import { fakeClient } from './fakeClient.ts';
import { createDataProvider } from '../src/providers/dataProvider.ts';
import { canAccessAction } from '../src/providers/permissions.ts';
import {
  CHINA_FRAME,
  REASON_BUTTONS,
  STATION_RESOURCE,
  formatBytes,
  formatCoordinates,
  framePosition,
  selfAuditDetailPath,
  stationButtons,
  stationDocsPath,
  workOrderListPath,
} from '../src/resources/station/logic.ts';

describe('station buttons', () => {
  it('shows the manual moves allowed from the status, freeze, and terminate last', () => {
    expect(stationButtons('survey_pending', false)).toEqual(['finish_survey', 'freeze', 'terminate']);
    expect(stationButtons('designing', false)).toEqual(['finish_design', 'freeze', 'terminate']);
    expect(stationButtons('grid_connected', false)).toEqual(['operate', 'freeze', 'terminate']);
    expect(stationButtons('operating', false)).toEqual(['freeze', 'terminate']);
  });

  it('never offers a move that work orders and self-audits make', () => {
    for (const status of StationStatus.values) {
      for (const b of stationButtons(status, false)) expect(STATION_INTERNAL as readonly string[]).not.toContain(b);
    }
    // e.g. under construction: only freeze and terminate
    expect(stationButtons('building', false)).toEqual(['freeze', 'terminate']);
  });

  it('every lifecycle move offered is one the machine allows now', () => {
    for (const status of StationStatus.values) {
      for (const b of stationButtons(status, false)) {
        if (b === 'freeze') continue;
        const t = STATION_MACHINE[b as keyof typeof STATION_MACHINE];
        expect(t.from as readonly string[]).toContain(status);
      }
    }
  });

  it('a frozen station shows only unfreeze; a terminated one nothing', () => {
    for (const status of StationStatus.values) expect(stationButtons(status, true)).toEqual(['unfreeze']);
    expect(stationButtons('terminated', false)).toEqual([]);
  });

  it('terminate and freeze ask for a reason', () => {
    expect([...REASON_BUTTONS].sort()).toEqual(['freeze', 'terminate']);
  });
});

describe('station formatting', () => {
  it('sizes in B, KB and MB', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(2048, 'en')).toBe('2 KB');
    expect(formatBytes(20 * 1024 * 1024, 'zh')).toBe('20 MB');
    expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatBytes(null, 'en')).toBe('-');
  });

  it('coordinates with hemispheres, none without both values', () => {
    expect(formatCoordinates(120.1553, 30.2741)).toBe('120.15530° E, 30.27410° N');
    expect(formatCoordinates(-0.5, -33.9)).toBe('0.50000° W, 33.90000° S');
    expect(formatCoordinates(null, 30)).toBeNull();
    expect(formatCoordinates(120, undefined)).toBeNull();
  });

  it('places a point in the China frame, clamped outside it', () => {
    expect(framePosition(CHINA_FRAME.west, CHINA_FRAME.north)).toEqual({ x: 0, y: 0, inside: true });
    expect(framePosition(CHINA_FRAME.east, CHINA_FRAME.south)).toEqual({ x: 1, y: 1, inside: true });
    const beijing = framePosition(116.4, 39.9);
    expect(beijing.inside).toBe(true);
    expect(beijing.x).toBeGreaterThan(0.6);
    expect(beijing.y).toBeLessThan(0.5);
    expect(framePosition(2.35, 48.85)).toMatchObject({ x: 0, inside: false });
  });

  it('related screens: filtered work-order lists, self-audit details by kind, the pdfs page', () => {
    expect(workOrderListPath('build', 7)).toBe(`/stationManagement/buildWorkOrderList?filter=${encodeURIComponent('{"station_id":7}')}`);
    expect(workOrderListPath('grid', '7')).toBe(`/stationManagement/ongridWorkOrderList?filter=${encodeURIComponent('{"station_id":7}')}`);
    expect(selfAuditDetailPath('build', 3)).toBe('/stationManagement/buildSelfAuditDetail?id=3');
    expect(selfAuditDetailPath('grid', 3)).toBe('/stationManagement/ongridselfauditdetails?id=3');
    expect(stationDocsPath(9)).toBe('/stationManagement/pdfs?id=9');
  });
});

describe('the stationList screen speaks the station API', () => {
  it('lists with several statuses, a range and the frozen flag', async () => {
    const { api, calls } = fakeClient(() => ({ list: [], total: 0 }));
    const dp = createDataProvider(api);
    await dp.getList(STATION_RESOURCE, {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'capacity_kwp', order: 'ASC' },
      filter: { status: ['building', 'build_review'], frozen: 'true', capacity_kwp_gte: 5, created_at_lte: '2026-01-31', q: '' },
    });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: '/api/system/station/index',
      params: { page: 2, limit: 50, sort: 'capacity_kwp', order: 'ASC', status: ['building', 'build_review'], frozen: 'true', capacity_kwp_gte: 5, created_at_lte: '2026-01-31 23:59:59' },
    });
    expect(calls[0]!.params).not.toHaveProperty('q');
  });

  it('creates through station/add and edits only what changed', async () => {
    const { api, calls } = fakeClient(() => ({ id: 1 }));
    const dp = createDataProvider(api);
    await dp.create(STATION_RESOURCE, { data: { customer_id: 3, name: '张三家电站', capacity_kwp: 8.8, address: '' } });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/system/station/add' });
    expect(calls[0]!.data).toEqual({ customer_id: 3, name: '张三家电站', capacity_kwp: 8.8 });
    const previous = { id: 1, version: 4, name: '旧', capacity_kwp: 8.8, grid_mode: null };
    await dp.update(STATION_RESOURCE, { id: 1, data: { version: 4, name: '新', capacity_kwp: 8.8, grid_mode: 'full' }, previousData: previous });
    expect(calls[1]!.data).toEqual({ id: 1, version: 4, name: '新', grid_mode: 'full' });
  });

  it('STATION_EDITABLE is the edit schema minus id and version', () => {
    const keys = Object.keys(stationEditSchema.shape).filter((k) => k !== 'id' && k !== 'version');
    expect([...STATION_EDITABLE].sort()).toEqual(keys.sort());
  });

  it('permissions: list/create/edit map to station:index/add/edit; the moves are their own codes', () => {
    const acl = { admin: false, roles: [], permissions: ['station:index', 'station:freeze'] };
    expect(canAccessAction(acl, STATION_RESOURCE, 'list')).toBe(true);
    expect(canAccessAction(acl, STATION_RESOURCE, 'create')).toBe(false);
    expect(canAccessAction(acl, STATION_RESOURCE, 'freeze')).toBe(true);
    expect(canAccessAction(acl, STATION_RESOURCE, 'terminate')).toBe(false);
  });
});
