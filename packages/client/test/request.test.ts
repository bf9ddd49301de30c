import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@pv/contract';
import { ApiError, createClient, detectBrowser, serializeParams, withQuery } from '../src/index.ts';
import { envelope, fakeFetch, hangingFetch, setup } from './helpers.ts';

const NETWORK_ZH = '连接后台接口失败，可能由以下原因造成：后端不支持跨域CORS、接口地址不存在、请求超时等，请联系管理员排查后端接口问题';

describe('headers', () => {
  it('sends Bearer token, identity, system-os and Accept-Language on a GET', async () => {
    const t = setup(() => envelope(200, 'ok'));
    await t.client.get('/api/system/common/get_user_info');
    expect(t.calls).toHaveLength(1);
    const { headers, method, body } = t.calls[0]!;
    expect(method).toBe('GET');
    expect(body).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers.identity).toBe('system');
    expect(headers['system-os']).toBe('Chrome');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('sends a JSON body with Content-Type on POST', async () => {
    const t = setup(() => envelope(200, 'ok'));
    await t.client.post('/api/system/customer/add', { name: '张三', phone: '13800138000' });
    const call = t.calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(call.body as string)).toEqual({ name: '张三', phone: '13800138000' });
  });

  it('leaves out Authorization and identity when there is no session, and follows the language', async () => {
    const t = setup(() => envelope(200, 'ok'), { getIdentity: () => null, getLang: () => 'en' });
    t.setToken(null);
    await t.client.post('/api/system/index/login', { username: 'admin', password: 'secret1' });
    const { headers } = t.calls[0]!;
    expect('Authorization' in headers).toBe(false);
    expect('identity' in headers).toBe(false);
    expect(headers['Accept-Language']).toBe('en');
  });

  it('reads the token at request time', async () => {
    const t = setup(() => envelope(200, 'ok'));
    t.setToken('later');
    await t.client.get('/x');
    expect(t.calls[0]!.headers.Authorization).toBe('Bearer later');
  });

  it('lets the caller add or override headers', async () => {
    const t = setup(() => envelope(200, 'ok'));
    await t.client.get('/x', undefined, { headers: { 'X-Trace': 'abc', identity: 'agent' } });
    expect(t.calls[0]!.headers['X-Trace']).toBe('abc');
    expect(t.calls[0]!.headers.identity).toBe('agent');
  });

  it('defaults system-os to "node" outside a browser', async () => {
    const { fetch, calls } = fakeFetch(() => envelope(200, 'ok'));
    const client = createClient({ fetch, getToken: () => null, getIdentity: () => null });
    await client.get('/x');
    expect(calls[0]!.headers['system-os']).toBe('node');
    expect(calls[0]!.headers['Accept-Language']).toBe('zh-CN');
  });
});

describe('urls and params', () => {
  it('prefixes the base URL (without doubling the slash)', async () => {
    const t = setup(() => envelope(200, 'ok'), { baseURL: 'http://api.example.com/' });
    await t.client.get('/api/system/customer/index', { page: 2, limit: 20 });
    expect(t.calls[0]!.url).toBe('http://api.example.com/api/system/customer/index?page=2&limit=20');
  });

  it('serializes arrays as repeated keys and drops null/undefined', async () => {
    const t = setup(() => envelope(200, 'ok'));
    await t.client.get('/api/system/customer/del', { ids: [3, 4, 5], q: undefined, stage: null, name: '张 三' });
    const url = new URL(t.calls[0]!.url, 'http://h');
    expect(url.pathname).toBe('/api/system/customer/del');
    expect(url.searchParams.getAll('ids')).toEqual(['3', '4', '5']);
    expect(url.searchParams.has('q')).toBe(false);
    expect(url.searchParams.has('stage')).toBe(false);
    expect(url.searchParams.get('name')).toBe('张 三');
  });

  it('appends to a url that already has a query', () => {
    expect(withQuery('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
    expect(withQuery('/a', {})).toBe('/a');
  });

  it('formats dates, booleans and objects', () => {
    expect(serializeParams({ d: new Date('2024-01-02T03:04:05.000Z'), b: false, o: { stage: 'formal' }, n: 0 })).toBe(
      'd=2024-01-02T03%3A04%3A05.000Z&b=false&o=%7B%22stage%22%3A%22formal%22%7D&n=0',
    );
    expect(serializeParams(undefined)).toBe('');
    expect(serializeParams({ ids: [1, null, 2] })).toBe('ids=1&ids=2');
  });

  it('puts params of a POST into the query and data into the body', async () => {
    const t = setup(() => envelope(200, 'ok'));
    await t.client.request({ url: '/api/system/customer/update_field', method: 'POST', params: { id: 1 }, data: { field: 'remark', value: 'x' } });
    expect(t.calls[0]!.url).toBe('/api/system/customer/update_field?id=1');
    expect(JSON.parse(t.calls[0]!.body as string)).toEqual({ field: 'remark', value: 'x' });
  });

  it('merges data of a GET into the query', async () => {
    const t = setup(() => envelope(200, 'ok'));
    await t.client.request({ url: '/x', method: 'GET', data: { id: 9 } });
    expect(t.calls[0]!.url).toBe('/x?id=9');
    expect(t.calls[0]!.body).toBeUndefined();
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const t = setup(() => envelope(200, 'ok'));
    const form = new FormData();
    form.append('file', 'abc');
    await t.client.post('/upload', form);
    expect(t.calls[0]!.body).toBe(form);
    expect(t.calls[0]!.headers['Content-Type']).toBeUndefined();
  });
});

describe('network failure and timeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the SPEC network message when fetch throws', async () => {
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = (await t.client.get('/api/system/customer/index').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('NETWORK');
    expect(err.status).toBeUndefined();
    expect(err.message).toBe(NETWORK_ZH);
    expect(t.notify.mock.calls).toEqual([['error', NETWORK_ZH]]);
    expect(t.onError).toHaveBeenCalledWith({ url: '/api/system/customer/index', code: 'NETWORK', msg: NETWORK_ZH });
  });

  it('uses the English text when the language is en', async () => {
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')), { getLang: () => 'en' });
    await expect(t.client.get('/x')).rejects.toMatchObject({ message: messages.en['error.network'] });
    expect(t.notify).toHaveBeenCalledWith('error', messages.en['error.network']);
  });

  it('times out after 30 s by default with the same message', async () => {
    vi.useFakeTimers();
    const t = setup(hangingFetch);
    const pending = t.client.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(t.notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = (await pending) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('TIMEOUT');
    expect(err.message).toBe(NETWORK_ZH);
    expect(t.notify.mock.calls).toEqual([['error', NETWORK_ZH]]);
    expect(t.calls[0]!.signal?.aborted).toBe(true);
  });

  it('honours a configured timeout', async () => {
    vi.useFakeTimers();
    const t = setup(hangingFetch, { timeout: 500 });
    const pending = t.client.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toMatchObject({ code: 'TIMEOUT' });
  });

  it('a request cancelled by the caller rejects quietly', async () => {
    const t = setup(hangingFetch);
    const controller = new AbortController();
    const pending = t.client.get('/x', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const err = await pending;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.onError).not.toHaveBeenCalled();
  });

  it('an already-aborted signal never notifies', async () => {
    const t = setup(hangingFetch);
    await expect(t.client.get('/x', undefined, { signal: AbortSignal.abort() })).rejects.toHaveProperty('name', 'AbortError');
    expect(t.notify).not.toHaveBeenCalled();
  });
});

describe('detectBrowser', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'Chrome'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91', 'Edge'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', 'Safari'],
    ['Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', 'IE'],
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)', 'IE'],
    ['Node.js/22', 'node'],
    [undefined, 'node'],
    ['curl/8.0', 'unknown'],
  ])('%s → %s', (ua, name) => {
    expect(detectBrowser(ua)).toBe(name);
  });
});
