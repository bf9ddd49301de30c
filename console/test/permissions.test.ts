import { describe, expect, it } from 'vitest';
import { canAccessAction, hasPermission, type Acl } from '../src/providers/permissions.ts';

const admin: Acl = { admin: true, roles: [], permissions: [] };
const clerk: Acl = { admin: false, roles: ['Clerk'], permissions: ['customer:index', 'customer:get_info', 'customer:add', 'customer:edit'] };

describe('hasPermission (SPEC.md §6)', () => {
  it('an admin always passes', () => {
    expect(hasPermission(admin, ['anything'])).toBe(true);
    expect(hasPermission(admin, { role: ['X'], mode: 'except' })).toBe(true);
  });
  it('a string or an array means any of the roles or permissions', () => {
    expect(hasPermission(clerk, 'Clerk')).toBe(true);
    expect(hasPermission(clerk, 'customer:add')).toBe(true);
    expect(hasPermission(clerk, ['Admin', 'customer:edit'])).toBe(true);
    expect(hasPermission(clerk, ['Admin', 'customer:del'])).toBe(false);
    expect(hasPermission(clerk, [])).toBe(true);
    expect(hasPermission(null, ['Admin'])).toBe(false);
  });
  it('object form: oneOf by default', () => {
    expect(hasPermission(clerk, { role: ['Admin'], permission: ['customer:add'] })).toBe(true);
    expect(hasPermission(clerk, { role: ['Admin'], permission: ['customer:del'] })).toBe(false);
  });
  it('object form: allOf', () => {
    expect(hasPermission(clerk, { role: ['Clerk'], permission: ['customer:add', 'customer:edit'], mode: 'allOf' })).toBe(true);
    expect(hasPermission(clerk, { role: ['Clerk'], permission: ['customer:del'], mode: 'allOf' })).toBe(false);
  });
  it('object form: except', () => {
    expect(hasPermission(clerk, { role: ['Agent'], mode: 'except' })).toBe(true);
    expect(hasPermission(clerk, { permission: ['customer:add'], mode: 'except' })).toBe(false);
  });
  it('wildcards: customer:* and *', () => {
    const operator: Acl = { admin: false, roles: ['operator'], permissions: ['customer:*'] };
    expect(hasPermission(operator, 'customer:del')).toBe(true);
    expect(hasPermission(operator, 'agent:del')).toBe(false);
    expect(hasPermission({ admin: false, roles: [], permissions: ['*'] }, 'agent:del')).toBe(true);
    expect(hasPermission(operator, { permission: ['customer:add', 'customer:lose'], mode: 'allOf' })).toBe(true);
  });
  it('an empty requirement passes', () => {
    expect(hasPermission(clerk, undefined)).toBe(true);
    expect(hasPermission(clerk, {})).toBe(true);
  });
});

describe('canAccessAction (authProvider.canAccess)', () => {
  it('maps react-admin actions to customer permission codes', () => {
    const r = 'customer/intentionalCustomer';
    expect(canAccessAction(clerk, r, 'list')).toBe(true);
    expect(canAccessAction(clerk, r, 'show')).toBe(true);
    expect(canAccessAction(clerk, r, 'create')).toBe(true);
    expect(canAccessAction(clerk, r, 'edit')).toBe(true);
    expect(canAccessAction(clerk, r, 'delete')).toBe(false);
    expect(canAccessAction(clerk, r, 'convert')).toBe(false);
    expect(canAccessAction(clerk, r, 'survey')).toBe(false);
    expect(canAccessAction({ ...clerk, permissions: [] }, r, 'list')).toBe(false);
    expect(canAccessAction(clerk, 'customer/customerList', 'lose')).toBe(false);
    expect(canAccessAction({ ...clerk, permissions: ['customer:follow_up'] }, r, 'follow_up')).toBe(true);
    expect(canAccessAction({ ...clerk, permissions: ['customer:update_field'] }, r, 'update_field')).toBe(true);
  });
  it('admin passes everything', () => {
    expect(canAccessAction(admin, 'customer/intentionalCustomer', 'delete')).toBe(true);
  });
});
