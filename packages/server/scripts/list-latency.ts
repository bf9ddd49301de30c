// Quick in-process latency probe of the list endpoint on an existing DATA_DIR (PV_ADMIN_PASSWORD = the admin password):
//   DATA_DIR=... PV_ADMIN_PASSWORD=... npx tsx scripts/list-latency.ts
// The real benchmark (HTTP, p50/p99, SQL baseline) is the lead's pnpm bench.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
const config = loadConfig(process.env, { logLevel: 'silent', adminPassword: process.env.PV_ADMIN_PASSWORD ?? 'secret123' });
const h = await openDb({ dataDir: config.dataDir });
const app = await buildApp({ db: h.db, config, dbKind: h.kind });
const login = await app.inject({ method: 'POST', url: '/api/system/index/login', payload: { username: 'admin', password: process.env.PV_ADMIN_PASSWORD ?? 'secret123' } });
const token = login.json().data.token;
for (const url of [
  '/api/system/customer/index?page=1&limit=20&province_code=370000&stage=intentional&sort=created_at&order=DESC',
  '/api/system/customer/index?page=1&limit=20&sort=created_at&order=DESC',
  '/api/system/customer/index?page=1&limit=20&stage=formal&sort=signed_at&order=DESC',
  '/api/system/customer/index?page=1&limit=20&stage=formal&province_code=410000&sort=signed_at&order=DESC',
  '/api/system/customer/index?page=1&limit=20&stage=intentional&status=following&sort=created_at&order=DESC',
  '/api/system/customer/index?page=1&limit=20&name=%E5%BC%A0%E4%BC%9F',
  '/api/system/common/get_user_info',
]) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 80; i++) {
    const t0 = performance.now();
    const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - t0);
    total = r.json().data?.total;
  }
  times.splice(0, 30); times.sort((a, b) => a - b);
  console.log(url.replace('/api/system/customer/index?page=1&limit=20', ''), 'total', total, 'p50', times[25]!.toFixed(1), 'ms');
}
await app.close();
await h.close();
