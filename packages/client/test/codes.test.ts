import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/index.ts';
import { envelope, json, setup } from './helpers.ts';

describe('success codes', () => {
  it.each([200, 0, '200', '0'])('resolves with the whole envelope for code %j', async (code) => {
    const t = setup(() => json({ code, msg: 'fine', data: { id: 7 } }));
    await expect(t.client.get('/api/system/customer/get_info', { id: 7 })).resolves.toEqual({ code, msg: 'fine', data: { id: 7 } });
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.onError).not.toHaveBeenCalled();
  });
});

describe('401', () => {
  it('shows the server msg as an error and rejects, nothing else', async () => {
    const t = setup(() => envelope(401, '用户名或密码错误'));
    const err = await t.client.post('/api/system/index/login', { username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(401);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).message).toBe('用户名或密码错误');
    expect(t.notify.mock.calls).toEqual([['error', '用户名或密码错误']]);
    expect(t.onSessionExpired).not.toHaveBeenCalled();
    expect(t.onError).not.toHaveBeenCalled();
    expect(t.calls).toHaveLength(1);
  });

  it('also applies when HTTP is 200 and the body carries 401', async () => {
    const t = setup(() => json({ code: 401, msg: 'no permission', data: null }, 200));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: 401, status: 200 });
    expect(t.notify.mock.calls).toEqual([['error', 'no permission']]);
  });

  it('uses the status text when the body is not JSON', async () => {
    const t = setup(() => new Response('<html>nope</html>', { status: 401 }));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: 401, message: 'no permission / token invalid / wrong credentials / expired' });
    expect(t.notify.mock.calls).toEqual([['error', 'no permission / token invalid / wrong credentials / expired']]);
  });
});

describe('402', () => {
  it('clears the session (onSessionExpired) and rejects without a toast', async () => {
    const t = setup(() => envelope(402, '登录已过期，请重新登录'));
    await expect(t.client.get('/api/system/customer/index')).rejects.toMatchObject({ name: 'ApiError', code: 402 });
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.onSessionExpired).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.onError).not.toHaveBeenCalled();
  });

  it('works with the string code "402" in an HTTP 200 reply', async () => {
    const t = setup(() => json({ code: '402', msg: '', data: null }));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: '402', message: 'token expired' });
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('other codes', () => {
  it.each([
    [400, '参数有误：phone'],
    [403, '没有权限执行此操作（需要 customer.edit）'],
    [404, '记录不存在或已被删除（ID 9）'],
    [409, '该记录已被他人修改'],
    [413, '请求内容过大'],
    [429, '操作过于频繁，请30秒后再试'],
    [500, '服务器内部错误'],
  ])('%i: notifies the msg, logs it and rejects with ApiError', async (code, msg) => {
    const t = setup(() => envelope(code, msg, { detail: 1 }));
    const err = (await t.client.post('/api/system/customer/edit', { id: 9 }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(code);
    expect(err.status).toBe(code);
    expect(err.message).toBe(msg);
    expect(err.data).toEqual({ detail: 1 });
    expect(err.url).toBe('/api/system/customer/edit');
    expect(t.notify.mock.calls).toEqual([['error', msg]]);
    expect(t.onError.mock.calls).toEqual([[{ url: '/api/system/customer/edit', code, msg }]]);
    expect(t.onSessionExpired).not.toHaveBeenCalled();
  });

  it('an error code in an HTTP 200 body is an error too', async () => {
    const t = setup(() => json({ code: 500, msg: 'boom', data: null }, 200));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: 500, status: 200, message: 'boom' });
    expect(t.notify.mock.calls).toEqual([['error', 'boom']]);
  });

  it('an empty msg falls back to the status text of SPEC §8', async () => {
    const t = setup(() => envelope(404, ''));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: 404, message: 'not found' });
    expect(t.notify.mock.calls).toEqual([['error', 'not found']]);
    expect(t.onError.mock.calls).toEqual([[{ url: '/x', code: 404, msg: 'not found' }]]);
  });

  it('a non-JSON error body uses the HTTP status and its status text', async () => {
    const t = setup(() => new Response('Bad Gateway', { status: 502 }));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: 502, status: 502, message: 'gateway' });
    expect(t.notify.mock.calls).toEqual([['error', 'gateway']]);
    expect(t.onError).toHaveBeenCalledWith({ url: '/x', code: 502, msg: 'gateway' });
  });

  it('a JSON error body that is not an envelope uses the HTTP status', async () => {
    const t = setup(() => json({ error: 'Service Unavailable' }, 503));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: 503, message: 'unavailable' });
  });

  it('a status without a table entry gets a generic text', async () => {
    const t = setup(() => new Response('', { status: 418 }));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: 418, message: 'error 418' });
  });

  it('a 2xx reply that is not an envelope is refused as format unavailable', async () => {
    const t = setup(() => new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(t.client.get('/api/system/nothing')).rejects.toMatchObject({ code: 406, message: 'format unavailable' });
    expect(t.notify.mock.calls).toEqual([['error', 'format unavailable']]);
  });
});

describe('silent mode', () => {
  it('does not notify but still rejects and logs', async () => {
    const t = setup(() => envelope(400, 'bad'));
    await expect(t.client.get('/x', undefined, { silent: true })).rejects.toMatchObject({ code: 400, message: 'bad' });
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.onError).toHaveBeenCalledTimes(1);
  });

  it('does not notify a 401 either', async () => {
    const t = setup(() => envelope(401, 'wrong'));
    await expect(t.client.request({ url: '/x', silent: true })).rejects.toMatchObject({ code: 401 });
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('does not notify a network failure', async () => {
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(t.client.get('/x', undefined, { silent: true })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(t.notify).not.toHaveBeenCalled();
  });
});

describe('doEdit loader', () => {
  it('shows the blocking loader around a doEdit request, also when it fails', async () => {
    const order: string[] = [];
    const t = setup(
      () => {
        order.push('fetch');
        return envelope(500, 'x');
      },
      { onLoading: (on) => order.push(`loading:${on}`) },
    );
    await expect(t.client.post('/api/system/station/doEdit', { id: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(order).toEqual(['loading:true', 'fetch', 'loading:false']);
  });

  it('turns the loader off after success', async () => {
    const t = setup(() => envelope(200, 'ok', { id: 1 }));
    await t.client.post('/api/system/x/doEdit');
    expect(t.onLoading.mock.calls).toEqual([[true], [false]]);
  });

  it('does not show it for other urls', async () => {
    const t = setup(() => envelope(200, 'ok'));
    await t.client.post('/api/system/customer/edit', { id: 1 });
    expect(t.onLoading).not.toHaveBeenCalled();
  });
});
