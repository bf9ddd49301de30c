import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from './fakeClient.ts';
import type { AccessInfo } from '../src/providers/authProvider.ts';
import { installMemoryStorage } from './memoryStorage.ts';

// SPEC.md §6: with loginInterception off there is no login; the user is a virtual admin.
vi.mock('../src/config.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/config.ts')>();
  return { ...real, appConfig: { ...real.appConfig, loginInterception: false } };
});

installMemoryStorage();

const { appConfig } = await import('../src/config.ts');
const { applyNavigationGuard, loginRedirect } = await import('../src/shell/guard.ts');
const { createAuthProvider, VIRTUAL_ADMIN } = await import('../src/providers/authProvider.ts');

const noServer = () => new Error('no request expected without login interception');

/** A window whose address the guard may rewrite. */
function fakeWindow(href: string) {
  const location = new URL(href);
  const history = {
    state: null,
    replaceState(_s: unknown, _t: string, url: string) {
      const next = new URL(url, location.href);
      location.href = next.href;
    },
  };
  return { location, history } as unknown as Pick<Window, 'location' | 'history'>;
}

describe('loginInterception off (virtual admin)', () => {
  beforeEach(() => localStorage.clear());

  it('the mocked configuration is really off (and on by default, see guard.test.ts)', () => {
    expect(appConfig.loginInterception).toBe(false);
  });

  it('the navigation guard lets a visitor without a token in; /login goes to /', () => {
    expect(loginRedirect('#/customer/intentionalCustomer', false)).toBeNull();
    expect(loginRedirect('#/', false)).toBeNull();
    expect(loginRedirect('', false)).toBeNull();
    expect(loginRedirect('#/login', false)).toBe('#/');
    expect(loginRedirect('#/login?redirect=%2Fx', false)).toBe('#/');
    const win = fakeWindow('http://h/#/customer/customerList');
    applyNavigationGuard(win, { getToken: () => null, adopt: () => undefined });
    expect(win.location.hash).toBe('#/customer/customerList');
  });

  it('authProvider: no token needed, the user is a virtual admin with the built-in menu', async () => {
    const { api, calls } = fakeClient(noServer);
    const auth = createAuthProvider(api);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.fetchUser()).toEqual(VIRTUAL_ADMIN);
    const access = (await auth.getPermissions!({})) as AccessInfo;
    expect(access).toMatchObject({ admin: true });
    expect(access.routes.length).toBeGreaterThan(0);
    expect(await auth.canAccess!({ resource: 'system/user', action: 'delete' })).toBe(true);
    expect(await auth.logout({})).toBe('/index');
    expect(calls).toEqual([]);
  });
});
