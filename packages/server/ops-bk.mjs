import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, mkdirSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { open, readdir, stat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
const src = process.argv[2];
const dst = mkdtempSync('/tmp/ops-copy-');
const pg = new PGlite({ dataDir: src });
await pg.exec('create table if not exists t2 (id serial primary key, v text)');
const before = (await pg.query('select count(*)::int n, coalesce(sum(length(a)),0)::bigint s from filler')).rows[0];
let t0 = Date.now();
const [{ pg_backup_start: startLsn }] = (await pg.query("select pg_backup_start('pv', true)")).rows;
console.log('start', startLsn, Date.now() - t0, 'ms');
// writer during the copy
let writing = true, wrote = 0;
const writer = (async () => { while (writing) { await pg.query('insert into t2 (v) values ($1)', ['x'.repeat(100)]); await pg.query('update filler set b = $1 where id = $2', ['upd', 1 + (wrote * 7919) % 700000]); wrote++; await new Promise((r) => setImmediate(r)); } })();
let bytes = 0;
async function copyDir(rel) {
  mkdirSync(join(dst, rel), { recursive: true });
  for (const e of await readdir(join(src, rel), { withFileTypes: true })) {
    const r = join(rel, e.name);
    if (r === 'pg_wal' || r === 'postmaster.pid') { mkdirSync(join(dst, r), { recursive: true }); continue; }
    if (e.isDirectory()) await copyDir(r);
    else {
      const fin = await open(join(src, r)); const fout = await open(join(dst, r), 'w');
      const buf = Buffer.allocUnsafe(1 << 20);
      for (;;) { const { bytesRead } = await fin.read(buf, 0, buf.length, null); if (!bytesRead) break; await fout.write(buf, 0, bytesRead); bytes += bytesRead; }
      await fin.close(); await fout.close();
    }
  }
}
t0 = Date.now();
await copyDir('');
const copyMs = Date.now() - t0;
writing = false; await writer;
const stopped = (await pg.query('select * from pg_backup_stop(false)')).rows[0];
console.log('copied', (bytes/1e6).toFixed(0), 'MB in', copyMs, 'ms; writes during copy', wrote, stopped);
const startFile = /file ([0-9A-F]{24})/.exec(stopped.labelfile)[1];
const after = (await pg.query('select count(*)::int n from t2')).rows[0];
// WAL segments from the start file up to the current one
const segs = readdirSync(join(src, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f) && f >= startFile).sort();
const stopSeg = (lsn) => { const [hi, lo] = lsn.split('/').map((x) => parseInt(x, 16)); const seg = Math.floor((hi * 2 ** 32 + lo) / (16 * 1024 * 1024)); return '00000001' + (Math.floor(seg / 256)).toString(16).toUpperCase().padStart(8, '0') + (seg % 256).toString(16).toUpperCase().padStart(8, '0'); };
const last = stopSeg(stopped.lsn);
console.log('wal', startFile, '..', last, 'present', segs.length);
for (const s of segs.filter((s) => s <= last)) { const b = (await import('node:fs')).readFileSync(join(src, 'pg_wal', s)); writeFileSync(join(dst, 'pg_wal', s), b); }
writeFileSync(join(dst, 'backup_label'), stopped.labelfile);
await pg.close();
t0 = Date.now();
const copy = new PGlite({ dataDir: dst });
const r = (await copy.query('select count(*)::int n, coalesce(sum(length(a)),0)::bigint s from filler')).rows[0];
const r2 = (await copy.query('select count(*)::int n from t2')).rows[0];
console.log('restored in', Date.now() - t0, 'ms', before, r, 't2 in copy', r2, 't2 at stop', after);
await copy.close();
