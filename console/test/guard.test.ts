import { describe, expect, it } from 'vitest';
import { applyNavigationGuard, extractUrlToken, loginRedirect } from '../src/shell/guard.ts';

describe('loginRedirect (navigation guard)', () => {
  it('sends a visitor without a token to login, remembering the path', () => {
    expect(loginRedirect('#/customer/intentionalCustomer', false)).toBe('#/login?redirect=%2Fcustomer%2FintentionalCustomer');
    expect(loginRedirect('#/customer/customerList/5/show?x=1', false)).toBe('#/login?redirect=%2Fcustomer%2FcustomerList%2F5%2Fshow%3Fx%3D1');
  });
  it('no redirect parameter for the home page', () => {
    expect(loginRedirect('', false)).toBe('#/login');
    expect(loginRedirect('#/', false)).toBe('#/login');
  });
  it('public routes pass without a token; with a token everything but /login passes', () => {
    expect(loginRedirect('#/login?redirect=%2Fx', false)).toBeNull();
    for (const p of ['#/404', '#/403', '#/register', '#/callback?code=1&state=2']) expect(loginRedirect(p, false)).toBeNull();
    expect(loginRedirect('#/customer/intentionalCustomer', true)).toBeNull();
    expect(loginRedirect('#/register', true)).toBeNull();
  });
  it('with a token, /login redirects to /', () => {
    expect(loginRedirect('#/login', true)).toBe('#/');
    expect(loginRedirect('#/login?redirect=%2Fx', true)).toBe('#/');
  });
});

describe('token query parameter', () => {
  it('is found in the hash query and removed, other parameters kept', () => {
    expect(extractUrlToken('http://h/#/setting/systemLog?token=abc.def&x=1')).toEqual({ token: 'abc.def', cleanUrl: '/#/setting/systemLog?x=1' });
    expect(extractUrlToken('http://h/#/index?token=T')).toEqual({ token: 'T', cleanUrl: '/#/index' });
  });
  it('is found in the page query (links built by other systems)', () => {
    expect(extractUrlToken('http://h/?token=T#/customer/customerList')).toEqual({ token: 'T', cleanUrl: '/#/customer/customerList' });
    expect(extractUrlToken('http://h/app/?a=1&token=T')).toEqual({ token: 'T', cleanUrl: '/app/?a=1' });
  });
  it('is ignored on the login route (but still stripped), and absent means nothing to do', () => {
    expect(extractUrlToken('http://h/#/login?token=T')).toEqual({ token: null, cleanUrl: '/#/login' });
    expect(extractUrlToken('http://h/#/index?x=1')).toEqual({ token: null, cleanUrl: null });
  });

  it('applyNavigationGuard adopts the token as identity system and leaves a clean address', () => {
    const state: { token: string | null; url: string } = { token: null, url: 'http://h/#/customer/customerList?token=LINK' };
    const win = {
      get location() {
        const u = new URL(state.url);
        return { href: u.href, hash: u.hash } as Location;
      },
      history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => void (state.url = new URL(url, state.url).href) } as unknown as History,
    };
    const adopted: string[] = [];
    const session = { getToken: () => state.token, adopt: (t: string) => void (adopted.push(t), (state.token = t)) };
    expect(applyNavigationGuard(win, session)).toBe(true);
    expect(adopted).toEqual(['LINK']);
    expect(state.url).toBe('http://h/#/customer/customerList');
    // without a token a private route goes to login with the redirect
    state.token = null;
    state.url = 'http://h/#/setting/systemLog';
    expect(applyNavigationGuard(win, session)).toBe(false);
    expect(state.url).toBe('http://h/#/login?redirect=%2Fsetting%2FsystemLog');
  });
});
