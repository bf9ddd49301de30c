import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type RequestConfig } from '@pv/client';
import { fakeClient } from './fakeClient.ts';
import { installMemoryStorage } from './memoryStorage.ts';

installMemoryStorage();

const { createAuthProvider } = await import('../src/providers/authProvider.ts');
const { session, TOKEN_KEY, GUEST_NAME } = await import('../src/providers/session.ts');


const user = { id: 7, username: 'kefu', full_name: '客服小李', identity: 'staff', agent_id: null, avatar: null, admin: false, roles: ['operator'], permissions: ['customer:index', 'customer:add'] };

const server = (c: RequestConfig) => {
  if (c.url.endsWith('/index/login')) return { token: 'T1', refresh_token: 'R1', expires_in: 7200, id: 7, identity: 'staff' };
  if (c.url.endsWith('/get_user_info')) return user;
  if (c.url.endsWith('/login_out')) return null;
  if (c.url.endsWith('/menu/index')) return [{ path: '/customer', name: 'Customer', component: 'Layout', meta: { title: 'customer' }, children: [{ path: 'customerList', name: 'customerList', component: 'customer/customerList', meta: { title: 'customerList', noClosable: 1 } }] }];
  throw new Error('unexpected ' + c.url);
};

describe('authProvider', () => {
  beforeEach(() => localStorage.clear());

  it('login stores token, id and identity (SPEC.md §3) and the user record', async () => {
    const { api, calls } = fakeClient(server);
    await createAuthProvider(api).login({ username: 'kefu', password: 'secret1' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('T1');
    expect(localStorage.getItem('id')).toBe('7');
    expect(localStorage.getItem('identity')).toBe('staff');
    expect(session.displayName()).toBe('客服小李');
    expect(calls.find((c) => c.url.endsWith('/index/login'))).toMatchObject({ method: 'POST', data: { username: 'kefu', password: 'secret1' }, silent: true });
  });

  it('SMS login posts phone + code to sms_login; a ready reply (register, external provider) is stored as it is', async () => {
    const { api, calls } = fakeClient((c) => (c.url.endsWith('/sms_login') ? { token: 'S1', expires_in: 7200, id: 7, identity: 'staff' } : server(c)));
    await createAuthProvider(api).login({ phone: '13900000001', code: '123456' });
    expect(calls.find((c) => c.url.endsWith('/sms_login'))).toMatchObject({ method: 'POST', data: { phone: '13900000001', code: '123456' } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('S1');
    await createAuthProvider(api).login({ result: { token: 'R9', expires_in: 1, id: 8, identity: 'staff' } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('R9');
    expect(localStorage.getItem('id')).toBe('8');
  });

  it('the start page is where login goes when asked to use it', async () => {
    const { api } = fakeClient((c) => (c.url.endsWith('/index/login') ? { token: 'T1', expires_in: 7200, id: 7, identity: 'staff', start_page: '/customer/customerList' } : server(c)));
    const auth = createAuthProvider(api);
    expect(await auth.login({ username: 'kefu', password: 'secret1', useStartPage: true })).toEqual({ redirectTo: '/customer/customerList' });
    expect(await auth.login({ username: 'kefu', password: 'secret1' })).toBeUndefined();
  });

  it('with RSA on the password goes encrypted with the public key (117-byte chunks → 128-byte blocks)', async () => {
    const { generateKeyPairSync, privateDecrypt, constants } = await import('node:crypto');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const jwk = publicKey.export({ format: 'jwk' });
    const { api, calls } = fakeClient((c) => {
      if (c.url.endsWith('/auth_config')) return { register: false, rsa: true, social: null, external: null };
      if (c.url.endsWith('/publicKey')) return { publicKey: '', n: jwk.n, e: jwk.e, enabled: true };
      return server(c);
    });
    await createAuthProvider(api).login({ username: 'kefu', password: 'secret1' });
    const sent = (calls.find((c) => c.url.endsWith('/index/login'))!.data as { password: string }).password;
    expect(sent).not.toBe('secret1');
    const block = Buffer.from(sent, 'base64');
    expect(block.length).toBe(128);
    const em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, block);
    expect(em.subarray(em.indexOf(0, 2) + 1).toString()).toBe('secret1');
  });

  it('a login reply without a token is the 登录接口异常 error', async () => {
    const { api } = fakeClient(() => ({ id: 1 }));
    await expect(createAuthProvider(api).login({ username: 'a', password: 'bbbbbb' })).rejects.toThrow('pv.msg.error.login_no_token');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a wrong password rejects with the server message', async () => {
    const { api } = fakeClient(() => new ApiError('用户名或密码错误', { code: 401, url: '/login' }));
    await expect(createAuthProvider(api).login({ username: 'a', password: 'bbbbbb' })).rejects.toThrow('用户名或密码错误');
  });

  it('logout calls login_out with id and identity, then clears everything; the name is 游客 again', async () => {
    const { api, calls } = fakeClient(server);
    const auth = createAuthProvider(api);
    await auth.login({ username: 'kefu', password: 'secret1' });
    localStorage.setItem('admin-plus-tabs', '[1]');
    localStorage.setItem('admin-plus-tabs-active', '/x');
    expect(await auth.logout({})).toBe('/login?redirect=%2Findex');
    expect(localStorage.getItem('admin-plus-tabs')).toBeNull();
    expect(localStorage.getItem('admin-plus-tabs-active')).toBeNull();
    const out = calls.find((c) => c.url.endsWith('/login_out'))!;
    expect(out.params).toEqual({ id: '7', identity: 'staff' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem('identity')).toBeNull();
    expect(session.displayName()).toBe(GUEST_NAME);
  });

  it('checkAuth: token present passes, absent rejects', async () => {
    const auth = createAuthProvider(fakeClient(server).api);
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    session.setToken('T');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError: 402 logs out, 401 and 403 stay', async () => {
    const auth = createAuthProvider(fakeClient(server).api);
    session.setToken('T');
    await expect(auth.checkError({ status: 401 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(session.getToken()).toBe('T');
    await expect(auth.checkError({ status: 402 })).rejects.toBeTruthy();
    expect(session.getToken()).toBeNull();
  });

  it('getIdentity, getPermissions and canAccess from get_user_info', async () => {
    const auth = createAuthProvider(fakeClient(server).api);
    await auth.login({ username: 'kefu', password: 'secret1' });
    expect(await auth.getIdentity!()).toMatchObject({ id: 7, fullName: '客服小李' });
    const access = await auth.getPermissions!({});
    expect(access).toMatchObject({ admin: false, roles: ['operator'], permissions: ['customer:index', 'customer:add'] });
    expect(access.routes[0].children[0]).toMatchObject({ fullPath: '/customer/customerList', meta: { noClosable: true } });
    const r = 'customer/intentionalCustomer';
    expect(await auth.canAccess!({ resource: r, action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: r, action: 'create' })).toBe(true);
    expect(await auth.canAccess!({ resource: r, action: 'delete' })).toBe(false);
    expect(await auth.canAccess!({ resource: r, action: 'convert' })).toBe(false);
  });

  it('a menu reply that is not an array resets the session with 路由格式返回有误！', async () => {
    const auth = createAuthProvider(fakeClient((c) => (c.url.endsWith('/menu/index') ? { oops: true } : server(c))).api);
    await auth.login({ username: 'kefu', password: 'secret1' });
    const failure = await auth.getPermissions!({}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('pv.routing.format_error');
    await expect(auth.checkError(failure)).rejects.toBe(failure);
    expect(session.getToken()).toBeNull();
  });

  it('a failing user-info call resets the session too', async () => {
    const auth = createAuthProvider(fakeClient((c) => (c.url.endsWith('/get_user_info') ? new ApiError('boom', { code: 500, url: 'x' }) : server(c))).api);
    await auth.login({ username: 'kefu', password: 'secret1' });
    const failure = await auth.getPermissions!({}).catch((e: unknown) => e);
    expect((failure as Error).message).toBe('pv.routing.load_failed');
    await expect(auth.checkError(failure)).rejects.toBeTruthy();
    expect(session.getToken()).toBeNull();
  });
});
