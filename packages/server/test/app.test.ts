import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agents, customers, roles, stations } from '../src/db/schema/index.ts';
import { STATIC_SCRIPT, USER_PASSWORD, call, fixtures, login, onPostgres, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let token: string;

beforeAll(async () => {
  t = await startApp({}, { staticApps: true });
  fx = await fixtures(t);
  token = await login(t.app);
});
afterAll(async () => t.close());

describe('health and docs', () => {
  it('GET /api/health needs no token and names the database', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res).toMatchObject({ status: 200, code: 200, data: { status: 'ok', db: onPostgres ? 'postgres' : 'pglite' } });
  });

  it('the OpenAPI document lists every customer endpoint with schemas from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const op of ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'follow_up', 'follow_ups', 'survey', 'convert', 'lose', 'history']) {
      expect(paths).toContain(`/api/system/customer/${op}`);
    }
    for (const p of ['/api/system/index/login', '/api/system/common/get_user_info', '/api/system/statistic/user_area', '/api/health']) expect(paths).toContain(p);
    const add = doc.paths['/api/system/customer/add'].post;
    const schema = add.requestBody.content['application/json'].schema;
    expect(schema.properties.phone).toBeDefined();
    expect(schema.properties.roof_type.enum).toEqual(['flat', 'pitched', 'color_steel', 'tile']);
    const index = doc.paths['/api/system/customer/index'].get;
    expect(index.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'sort', 'order', 'q', 'stage', 'province_code', 'created_at_gte']));
    // every documented /api/system path is in the route table, and vice versa
    const api = new Set(t.app.routeTable.filter((r) => r.url.startsWith('/api/system/')).map((r) => r.url));
    expect(new Set(paths.filter((p) => p.startsWith('/api/system/')))).toEqual(api);
  });

  it('the swagger UI is served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('static apps', () => {
  it('serves the console at / and the big screen at /daping/ with SPA fallback', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>console</title>');
    const daping = await t.app.inject({ method: 'GET', url: '/daping/' });
    expect(daping.body).toContain('<title>daping</title>');
    const deep = await t.app.inject({ method: 'GET', url: '/daping/some/screen' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>daping</title>');
  });

  it('scripts go out pre-compressed by Accept-Encoding, with Vary, and hashed assets are immutable', async () => {
    for (const url of ['/assets/index-AbCd1234.js', '/daping/assets/main-XyZ98765.js']) {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(STATIC_SCRIPT);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(STATIC_SCRIPT);
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(STATIC_SCRIPT);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('pages and the service worker revalidate: no-cache with a validator, 304 when unchanged', async () => {
    for (const url of ['/', '/sw.js', '/daping/', '/daping/some/screen']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
      const again = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('unknown API paths stay JSON 404s', async () => {
    const res = await call(t.app, 'GET', '/api/system/nothing/here', { headers: { accept: 'text/html' } });
    expect(res).toMatchObject({ status: 404, code: 404, msg: '接口不存在：/api/system/nothing/here' });
  });
});

describe('statistic user_area', () => {
  beforeAll(async () => {
    const db = t.handle.db;
    const c = (province_code: string, agent_id: number | null) => ({ name: '测试', phone: '13800000000', province_code, agent_id });
    const inserted = await db
      .insert(customers)
      .values([c('370000', fx.sd.id), c('370000', fx.sdc.id), c('370000', null), c('410000', fx.hn.id), c('410000', fx.hn.id), c('130000', null)])
      .returning();
    const s = (i: number, capacity_kwp: number) => ({
      code: `T${i}`,
      name: `电站${i}`,
      customer_id: inserted[i]!.id,
      agent_id: inserted[i]!.agent_id,
      province_code: inserted[i]!.province_code,
      capacity_kwp,
    });
    await db.insert(stations).values([s(0, 20.5), s(1, 30.25), s(3, 12), s(5, 40)]);
    // a station without customers in its province still counts
    const [solo] = await db.insert(agents).values({ code: 'T-ZJ', name: '浙江', province_code: '330000' }).returning();
    await db.insert(stations).values({ code: 'T9', name: '电站9', agent_id: solo!.id, province_code: '330000', capacity_kwp: 8 });
  });

  it('counts customers, stations and kWp per province with zh names', async () => {
    const res = await call(t.app, 'POST', '/api/system/statistic/user_area', { token });
    expect(res.status).toBe(200);
    expect(Date.parse(res.data.as_of)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.data.provinces).toEqual([
      { code: '370000', name: '山东省', customers: 3, stations: 2, capacity_kwp: 50.75, grid_kwp: 0 },
      { code: '410000', name: '河南省', customers: 2, stations: 1, capacity_kwp: 12, grid_kwp: 0 },
      { code: '130000', name: '河北省', customers: 1, stations: 1, capacity_kwp: 40, grid_kwp: 0 },
      { code: '330000', name: '浙江省', customers: 0, stations: 1, capacity_kwp: 8, grid_kwp: 0 },
    ]);
  });

  it('respects the data scope (an operator sees all; the role needs statistic:view)', async () => {
    const op = await login(t.app, 'op', USER_PASSWORD);
    const res = await call(t.app, 'POST', '/api/system/statistic/user_area', { token: op, body: {} });
    expect(res.data.provinces.reduce((n: number, p: { customers: number }) => n + p.customers, 0)).toBe(6);
    // give the agent role the statistic: an agent user sees its own agent tree only
    await t.handle.db.update(roles).set({ permissions: sql`${roles.permissions} || '["statistic:view"]'::jsonb` }).where(eq(roles.code, 'agent'));
    const sd = await call(t.app, 'POST', '/api/system/statistic/user_area', { token: await login(t.app, 'sd', USER_PASSWORD) });
    expect(sd.data.provinces).toEqual([{ code: '370000', name: '山东省', customers: 2, stations: 2, capacity_kwp: 50.75, grid_kwp: 0 }]);
    const hn = await call(t.app, 'POST', '/api/system/statistic/user_area', { token: await login(t.app, 'hn', USER_PASSWORD) });
    expect(hn.data.provinces).toEqual([{ code: '410000', name: '河南省', customers: 2, stations: 1, capacity_kwp: 12, grid_kwp: 0 }]);
  });
});

describe('security headers', () => {
  const strict = (csp: string) => {
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  };

  it('pages, assets and API replies carry CSP, nosniff, referrer policy and frame protection', async () => {
    for (const [url, headers] of [
      ['/', { accept: 'text/html' }],
      ['/assets/index-AbCd1234.js', {}],
      ['/daping/some/screen', { accept: 'text/html' }],
      ['/api/health', {}],
      ['/api/system/customer/index', {}], // a 401 too
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      strict(String(res.headers['content-security-policy']));
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBeUndefined(); // plain HTTP
    }
  });

  it('every reply of a route that needs a token is Cache-Control: no-store (JSON, files, refusals); public routes keep theirs', async () => {
    const authed = { authorization: `Bearer ${token}` };
    for (const [url, headers, status] of [
      ['/api/system/customer/index', authed, 200],
      ['/api/system/user/profile', authed, 200],
      ['/api/system/customer/export', authed, 200],
      ['/api/system/customer/import_template', authed, 200],
      ['/api/system/customer/get_info?id=999999', authed, 404],
      ['/api/system/customer/index', {}, 401],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // the liveness probe and the docs are public: not marked (a proxy may cache a public reply)
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBeUndefined();
  });

  it('HSTS only over HTTPS: a trusted proxy saying https gets it, an untrusted one does not', async () => {
    const untrusted = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const proxied = await startApp({ trustProxy: true });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('the API docs page has its own policy (swagger-ui), still without inline script or eval', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
