import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { execSync } from 'node:child_process';
const dir = process.argv[2] || mkdtempSync('/tmp/ops-pgl-');
const mb = Number(process.argv[3] || 300);
const pg = new PGlite({ dataDir: dir });
await pg.exec('create table if not exists filler (id bigint primary key, a text, b text)');
const t0 = Date.now();
const rows = Math.round(mb * 1024 * 1024 / 1100);
const batch = 20000;
for (let i = 0; i < rows; i += batch) {
  await pg.exec(`insert into filler select g, md5(g::text) || md5(random()::text) || md5(random()::text) || md5(random()::text), repeat(md5((g % 1000)::text), 24) from generate_series(${i + 1}, ${Math.min(rows, i + batch)}) g`);
}
console.log('rows', rows, 'seconds', (Date.now() - t0) / 1000);
await pg.close();
console.log(execSync(`du -sh ${dir}; du -sh ${dir}/pg_wal`).toString());
