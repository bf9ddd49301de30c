import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppRoute } from '@pv/contract';

const acl = { current: { permissions: undefined as unknown, isPending: true } };
vi.mock('react-admin', () => ({ usePermissions: () => acl.current }));

const { Permission, PermissionGate } = await import('../src/shell/Permission.tsx');
const { pageTitle } = await import('../src/shell/useDocumentTitle.ts');
const { callbackParams } = await import('../src/shell/pages/CallbackPage.tsx');
const { phoneError, codeError } = await import('../src/shell/pages/SmsCodeInput.tsx');

const operator = { admin: false, roles: ['operator'], permissions: ['customer:*', 'agent:index'] };

describe('<Permission> (SPEC.md §6 permissions directive)', () => {
  const html = (rule: Parameters<typeof PermissionGate>[0]['rule'], a: typeof operator | null = operator) =>
    renderToStaticMarkup(
      <PermissionGate acl={a} rule={rule}>
        <b>shown</b>
      </PermissionGate>,
    );

  it('renders children when the rule passes, nothing when it fails', () => {
    expect(html(['customer:del'])).toBe('<b>shown</b>');
    expect(html(['operator'])).toBe('<b>shown</b>');
    expect(html(['user:add'])).toBe('');
    expect(html({ permission: ['customer:add', 'user:add'], mode: 'allOf' })).toBe('');
    expect(html({ permission: ['customer:add', 'user:add'] })).toBe('<b>shown</b>');
    expect(html({ role: ['agent'], mode: 'except' })).toBe('<b>shown</b>');
    expect(html({ role: ['operator'], mode: 'except' })).toBe('');
  });

  it('an admin always passes; no ACL (loading, logged out) renders nothing', () => {
    expect(html(['user:del'], { admin: true, roles: [], permissions: [] })).toBe('<b>shown</b>');
    expect(html([], null)).toBe('');
  });

  it('reads the ACL from usePermissions', () => {
    const render = () => renderToStaticMarkup(<Permission rule={['agent:index']}>ok</Permission>);
    acl.current = { permissions: undefined, isPending: true };
    expect(render()).toBe('');
    acl.current = { permissions: operator, isPending: false };
    expect(render()).toBe('ok');
    acl.current = { permissions: { admin: false, roles: [], permissions: [] }, isPending: false };
    expect(render()).toBe('');
  });
});

describe('page title (SPEC.md §2)', () => {
  const routes: AppRoute[] = [
    { path: '/', fullPath: '/', name: 'Root', component: 'Layout', redirect: '/index', meta: { title: 'home' }, children: [{ path: 'index', fullPath: '/index', name: 'Index', component: 'index', redirect: null, meta: { title: 'index' } }] },
    {
      path: '/customer',
      fullPath: '/customer',
      name: 'Customer',
      component: 'Layout',
      redirect: null,
      meta: { title: 'customer' },
      children: [{ path: 'customerList', fullPath: '/customer/customerList', name: 'customerList', component: 'c', redirect: null, meta: { title: 'customerList' } }],
    },
    { path: '/x', fullPath: '/x', name: 'X', component: 'x', redirect: null, meta: { title: '自定义页面' } },
  ];
  const zh: Record<string, string> = { 'pv.title': '运维后台管理', 'pv.route.index': '首页', 'pv.route.customerList': '正式客户', 'pv.route.login': '登录', 'pv.route.404': '页面不存在' };
  const translate = (key: string, o?: Record<string, unknown>) => zh[key] ?? (o?._ as string) ?? key;

  it('is the translated route title + " - " + the site title, from the route tree', () => {
    expect(pageTitle('/customer/customerList', routes, translate)).toBe('正式客户 - 运维后台管理');
    expect(pageTitle('/customer/customerList/5/show', routes, translate)).toBe('正式客户 - 运维后台管理');
    expect(pageTitle('/', routes, translate)).toBe('首页 - 运维后台管理');
    expect(pageTitle('/x', routes, translate)).toBe('自定义页面 - 运维后台管理');
  });
  it('public pages by path; unknown paths are the not-found page', () => {
    expect(pageTitle('/login', [], translate)).toBe('登录 - 运维后台管理');
    expect(pageTitle('/nowhere', routes, translate)).toBe('页面不存在 - 运维后台管理');
  });
});

describe('sign-in helpers', () => {
  it('the provider callback: code/state from the hash or the page query, address cleaned', () => {
    expect(callbackParams('http://h/#/callback?code=C&state=S')).toEqual({ code: 'C', state: 'S', cleanUrl: '/#/callback' });
    expect(callbackParams('http://h/?code=C&state=S#/callback')).toEqual({ code: 'C', state: 'S', cleanUrl: '/#/callback' });
    expect(callbackParams('http://h/#/callback')).toMatchObject({ code: null, state: null });
  });
  it('SMS form prompts of SPEC.md §5', () => {
    expect(phoneError('')).toBe('pv.msg.validation.phone_required');
    expect(phoneError('12345')).toBe('pv.msg.validation.phone');
    expect(phoneError('13900000001')).toBeUndefined();
    expect(codeError(' ')).toBe('pv.msg.validation.sms_code_required');
    expect(codeError('12a')).toBe('pv.msg.validation.sms_code');
    expect(codeError('123456')).toBeUndefined();
  });
});
