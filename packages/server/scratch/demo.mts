import { sql } from 'drizzle-orm';
import { openDb, query } from '../src/db/client.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrap } from '../src/modules/system/bootstrap.ts';
import { recordTypes } from '../src/lifecycle/records.ts';
import { getTableName } from 'drizzle-orm';
const t0 = Date.now();
const h = await openDb({});
console.log('migrated', Date.now() - t0);
const config = loadConfig({}, { dataDir: null, logLevel: 'silent', adminPassword: 'admin-pass-1', demoData: true, tokenSecret: 'x'.repeat(24) } as never);
await bootstrap(h.db, config);
console.log('seeded', Date.now() - t0);
for (const def of recordTypes()) {
  const table = getTableName(def.resource.table);
  const col = def.state ?? 'status';
  try {
    const rows = await query<{ s: string; n: number }>(h.db, sql.raw(`select ${col}::text as s, count(*)::int as n from ${table} group by 1 order by 1`));
    console.log(def.code, rows.map((r) => `${r.s}:${r.n}`).join(' '));
  } catch (e) { console.log(def.code, 'ERR', (e as Error).message.slice(0, 80)); }
}
const users = await query<{ username: string; roles: string }>(h.db, sql`select u.username, string_agg(r.code, ',') as roles from users u left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id group by u.username order by 1`);
console.log(users.map((u) => `${u.username}(${u.roles})`).join(' '));
await h.close();
