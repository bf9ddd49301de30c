import { describe, expect, it } from 'vitest';
import { loginRedirect } from '../src/shell/guard.ts';

describe('loginRedirect (navigation guard)', () => {
  it('sends a visitor without a token to login, remembering the path', () => {
    expect(loginRedirect('#/customer/intentionalCustomer', false)).toBe('#/login?redirect=%2Fcustomer%2FintentionalCustomer');
    expect(loginRedirect('#/customer/customerList/5/show?x=1', false)).toBe('#/login?redirect=%2Fcustomer%2FcustomerList%2F5%2Fshow%3Fx%3D1');
  });
  it('no redirect parameter for the home page', () => {
    expect(loginRedirect('', false)).toBe('#/login');
    expect(loginRedirect('#/', false)).toBe('#/login');
  });
  it('public routes and signed-in users pass', () => {
    expect(loginRedirect('#/login?redirect=%2Fx', false)).toBeNull();
    expect(loginRedirect('#/404', false)).toBeNull();
    expect(loginRedirect('#/customer/intentionalCustomer', true)).toBeNull();
  });
});
