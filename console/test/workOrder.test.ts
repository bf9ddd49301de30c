import { describe, expect, it } from 'vitest';
import { BUILD_AUDIT_ITEMS, GRID_AUDIT_ITEMS, WorkOrderStatus, selfAuditRejectSchema, selfAuditSubmitSchema, type WorkOrderAction } from '@pv/contract';
import { fakeClient } from './fakeClient.ts';
import { createDataProvider } from '../src/providers/dataProvider.ts';
import { canAccessAction } from '../src/providers/permissions.ts';
import {
  BUILD_AUDITS,
  BUILD_ORDERS,
  GRID_AUDITS,
  GRID_ORDERS,
  ROW_ACTIONS,
  auditRejectBody,
  auditSubmitBody,
  auditSubmitErrors,
  kindOfResource,
  nestErrors,
  notDispatchable,
  rejectFieldOf,
  rowActions,
  selfAuditDetailPath,
} from '../src/resources/workOrder/logic.ts';

const all = () => true;

describe('dispatch rows', () => {
  it('offer only the transitions the status allows, never the self-audit review', () => {
    expect(ROW_ACTIONS).not.toContain('approve');
    expect(ROW_ACTIONS).not.toContain('reject');
    const expected: Record<string, WorkOrderAction[]> = {
      pending_dispatch: ['dispatch', 'cancel'],
      dispatched: ['accept', 'reject_order', 'cancel'],
      accepted: ['start', 'cancel'],
      in_progress: ['submit_audit', 'cancel'],
      audit_pending: [],
      rejected: ['submit_audit', 'rectify', 'cancel'],
      rectifying: ['submit_audit', 'cancel'],
      completed: [],
      cancelled: [],
    };
    for (const status of WorkOrderStatus.values) expect(rowActions({ status }, all), status).toEqual(expected[status]);
  });

  it('drop what the user may not run, and everything on a frozen station', () => {
    expect(rowActions({ status: 'dispatched' }, (a) => a === 'accept')).toEqual(['accept']);
    expect(rowActions({ status: 'pending_dispatch' }, () => false)).toEqual([]);
    expect(rowActions({ status: 'pending_dispatch', station_frozen: true }, all)).toEqual([]);
  });

  it('permissions are work_order:<action> and self_audit:<action> through the list resources', () => {
    const acl = { admin: false, roles: [], permissions: ['work_order:accept', 'self_audit:approve'] };
    expect(canAccessAction(acl, GRID_ORDERS, 'accept')).toBe(true);
    expect(canAccessAction(acl, BUILD_ORDERS, 'dispatch')).toBe(false);
    expect(canAccessAction(acl, BUILD_AUDITS, 'approve')).toBe(true);
    expect(canAccessAction(acl, GRID_AUDITS, 'reject')).toBe(false);
  });

  it('a batch dispatch counts the selected rows it cannot take', () => {
    expect(notDispatchable([{ status: 'pending_dispatch' }, { status: 'dispatched' }, { status: 'pending_dispatch', station_frozen: true }])).toBe(2);
  });

  it('the four lists are the two APIs with a fixed kind', async () => {
    expect([BUILD_ORDERS, GRID_ORDERS, BUILD_AUDITS, GRID_AUDITS].map(kindOfResource)).toEqual(['build', 'grid', 'build', 'grid']);
    expect(selfAuditDetailPath('build', 3)).toBe('/stationManagement/buildSelfAuditDetail?id=3');
    expect(selfAuditDetailPath('grid', 4)).toBe('/stationManagement/ongridselfauditdetails?id=4');
    const { api, calls } = fakeClient(() => ({ list: [], total: 0 }));
    const dp = createDataProvider(api);
    await dp.getList(GRID_ORDERS, { pagination: { page: 2, perPage: 20 }, sort: { field: 'deadline', order: 'ASC' }, filter: { status: ['dispatched', 'accepted'], overdue: 'true', deadline_lte: '2026-12-01' } });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: '/api/system/work_order/index',
      params: { page: 2, limit: 20, kind: 'grid', sort: 'deadline', order: 'ASC', status: ['dispatched', 'accepted'], overdue: 'true', deadline_lte: '2026-12-01 23:59:59' },
    });
    await dp.getList(BUILD_AUDITS, { pagination: { page: 1, perPage: 20 }, sort: { field: 'submitted_at', order: 'DESC' }, filter: { kind: 'grid', work_order_id: 7 } });
    // the fixed kind wins over a filter in the address
    expect(calls[1]).toMatchObject({ url: '/api/system/self_audit/index', params: { kind: 'build', work_order_id: 7 } });
  });
});

describe('self-audit submission', () => {
  const file = (id: number) => ({ id });
  it('requires every check item of the kind: a value or at least minFiles files', () => {
    const errors = auditSubmitErrors('build', { values: { inverter_sn: ' ' }, files: { module_nameplate: [file(1)] } });
    expect(Object.keys(errors).sort()).toEqual(['files.inverter_nameplate', 'files.property_deed', 'files.safety_nodes', 'values.inverter_sn', 'values.tilt']);
    expect(errors['files.safety_nodes']).toEqual({ key: 'pv.workOrder.submit.files_required', params: { min: 1 } });
    expect(errors['values.tilt']).toEqual({ key: 'pv.msg.validation.required' });
  });

  it('sends every item in order, valid for selfAuditSubmitSchema', () => {
    const form = {
      values: { meter_number: ' 3301-22 ', acceptance_opinion: '验收合格' },
      files: { grid_certificate: [file(5)], ppa: [file(6), file(7)] },
      note: '',
    };
    expect(auditSubmitErrors('grid', form)).toEqual({});
    const body = auditSubmitBody(9, 'grid', form);
    expect(body).toEqual({
      work_order_id: 9,
      items: [
        { key: 'grid_certificate', file_ids: [5] },
        { key: 'meter_number', value: '3301-22' },
        { key: 'ppa', file_ids: [6, 7] },
        { key: 'acceptance_opinion', value: '验收合格' },
      ],
    });
    expect(body.items.map((i) => i.key)).toEqual(GRID_AUDIT_ITEMS.map((d) => d.key));
    expect(selfAuditSubmitSchema.safeParse(body).success).toBe(true);
  });
});

describe('self-audit rejection', () => {
  const record = { id: 4, version: 2, kind: 'build' as const };

  it('sends the failed items in the kind order with their reasons', () => {
    const body = auditRejectBody(record, { reason: ' 照片不清 ', failed: ['tilt', 'module_nameplate'], reasons: { tilt: '倾角不符', module_nameplate: '看不清', inverter_sn: 'ignored' } });
    expect(body).toEqual({ id: 4, version: 2, reason: '照片不清', items: [{ key: 'module_nameplate', reason: '看不清' }, { key: 'tilt', reason: '倾角不符' }] });
    expect(selfAuditRejectSchema.safeParse(body).success).toBe(true);
  });

  it('maps the schema errors onto the form fields', () => {
    const none = auditRejectBody(record, { reason: 'x', failed: [] });
    const issues = selfAuditRejectSchema.safeParse(none);
    expect(issues.success).toBe(false);
    expect(rejectFieldOf('items', none)).toBe('failed');
    const missing = auditRejectBody(record, { reason: 'x', failed: ['safety_nodes'], reasons: {} });
    const parsed = selfAuditRejectSchema.safeParse(missing);
    expect(parsed.success).toBe(false);
    const path = parsed.success ? '' : parsed.error.issues[0]!.path.join('.');
    expect(rejectFieldOf(path, missing)).toBe('reasons.safety_nodes');
    expect(rejectFieldOf('reason', missing)).toBe('reason');
    expect(BUILD_AUDIT_ITEMS.some((d) => d.key === 'safety_nodes')).toBe(true);
  });
});

describe('form errors', () => {
  it('nest as react-hook-form keeps them, so fixing a field clears its error', () => {
    expect(nestErrors({ 'files.tilt': 1, 'values.sn': 2, reason: 3, 'reasons.a': 4 })).toEqual({ files: { tilt: 1 }, values: { sn: 2 }, reason: 3, reasons: { a: 4 } });
  });
});
