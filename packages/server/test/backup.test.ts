import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client.ts';
import { type Fingerprint, fillerFingerprint, fillSysLog } from './filler.ts';
import { ADMIN_PASSWORD, customerBody, onPostgres, testPdf } from './helpers.ts';
import { api, type ServerProcess, startServer, until } from './process.ts';

/**
 * Backup and restore of the embedded database (issue "production-grade delivery"), on real server
 * processes and the real command: an online backup taken while customers are being added holds
 * every write acknowledged before it began, and the uploaded bytes; restored into the folder, a
 * new server answers with them. Damaged archives and busy folders are refused, changing nothing.
 */
const SERVER_ROOT = resolve(import.meta.dirname, '..');

function cliProcess(args: string[], dataDir: string): { child: ChildProcess; done: Promise<{ code: number; out: string }> } {
  let child!: ChildProcess;
  const done = new Promise<{ code: number; out: string }>((resolveDone) => {
    child = execFile(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], { cwd: SERVER_ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } }, (err, stdout, stderr) =>
      resolveDone({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
  return { child, done };
}

const cli = (args: string[], dataDir: string) => cliProcess(args, dataDir).done;

/** A data folder whose database already holds `mb` MB (made in this process before any server opens it); its fingerprint. */
async function bigDataFolder(dataDir: string, mb: number): Promise<Fingerprint> {
  const handle = await openDb({ dataDir });
  try {
    await fillSysLog(handle.db, mb);
    return await fillerFingerprint(handle.db);
  } finally {
    await handle.close();
  }
}

/** The offset of the middle byte of the tar's largest entry (walking its 512-byte headers). */
function middleOfLargestEntry(tar: Buffer): number {
  let best = { size: -1, at: 0 };
  for (let o = 0; o + 512 <= tar.length && tar[o] !== 0; ) {
    const size = parseInt(tar.subarray(o + 124, o + 136).toString('latin1').replace(/\0.*$/, '').trim() || '0', 8);
    if (size > best.size) best = { size, at: o + 512 + Math.floor(size / 2) };
    o += 512 + Math.ceil(size / 512) * 512;
  }
  return best.at;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  // the server's log says where a slow shutdown spent its time
  expect(await server.exited, server.output().slice(-4000)).toBe(0);
}

async function adminToken(base: string): Promise<string> {
  const res = await api(base, '/api/system/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  return (res.data as { token: string }).token;
}

/** Ids of all customers, page by page. */
async function customerIds(base: string, token: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await api(base, `/api/system/customer/index?page=${page}&limit=500`, { token });
    expect(res.code, res.msg).toBe(200);
    const rows = (res.data as { list: Array<{ id: number }> }).list;
    for (const c of rows) ids.add(c.id);
    if (rows.length < 500) return ids;
  }
}

describe.skipIf(onPostgres)('backup and restore (embedded database)', () => {
  const servers: ServerProcess[] = [];
  afterAll(() => {
    for (const s of servers) s.child.kill('SIGKILL');
  });
  const start = async (dataDir: string) => {
    const s = await startServer({ DATA_DIR: dataDir });
    servers.push(s);
    return s;
  };

  it('an online backup of a few hundred MB holds every acknowledged write and the uploads; restored, a new server serves them', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pv-backup-'));
    const outDir = mkdtempSync(join(tmpdir(), 'pv-backup-out-'));
    const out = join(outDir, 'pv.tar.gz');
    // the copy streams file by file (memory and rate are measured by pnpm bench, not here)
    const bulk = await bigDataFolder(dataDir, 300);
    const server = await start(dataDir);
    const token = await adminToken(server.base);

    const pdf = testPdf('backup me');
    const upload = await fetch(`${server.base}/api/system/file/upload?owner_type=matter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf', 'x-file-name': 'deed.pdf' },
      body: pdf,
    });
    const file = ((await upload.json()) as { data: { url: string } }).data;

    // writers keep adding customers before and during the backup
    const acknowledged: number[] = [];
    const failures: string[] = [];
    let writing = true;
    let n = 0;
    const digits = '甲乙丙丁戊己庚辛壬癸';
    const writer = async () => {
      while (writing && failures.length === 0) {
        const i = n++;
        const name = `客${digits[i % 10]}${digits[Math.floor(i / 10) % 10]}`;
        const res = await api(server.base, '/api/system/customer/add', { token, body: customerBody({ name, phone: `139${String(i).padStart(8, '0')}` }) });
        if (res.code === 200) acknowledged.push((res.data as { id: number }).id);
        else failures.push(res.msg);
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acknowledged.length < 30 && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
    const before = [...acknowledged];
    const backup = await cli(['backup', '--out', out], dataDir);
    writing = false;
    await Promise.all(writers);
    expect(failures).toEqual([]);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('from the running server');
    expect(acknowledged.length).toBeGreaterThan(before.length); // writes went on during the backup

    // a backup command killed half-way: the server ends the backup mode, the next backup works
    const killed = cliProcess(['backup', '--out', join(outDir, 'killed.tar.gz')], dataDir);
    const partial = join(outDir, 'killed.tar.gz.partial');
    await until(() => existsSync(partial) && statSync(partial).size > 256 * 1024, 60_000, 'the killed backup to be under way');
    killed.child.kill('SIGKILL');
    await killed.done;
    await until(() => server.output().includes('backup session closed before stop'), 10_000, 'the server to end the backup mode');
    // a new session starts (a backup mode still on would refuse it), and closing it ends it too
    const session = await fetch(`${server.base}/api/system/backup/session`, { headers: { 'x-backup-key': readFileSync(join(dataDir, 'backup-key'), 'utf8').trim() } });
    expect(session.status).toBe(200);
    const reader = session.body!.getReader();
    expect(JSON.parse(Buffer.from((await reader.read()).value!).toString().split('\n')[0]!)).toMatchObject({ lsn: expect.any(String), wal_file: expect.stringMatching(/^[0-9A-F]{24}$/) });
    await reader.cancel();
    await until(() => server.output().split('backup session closed before stop').length === 3, 10_000, 'the second session to end');

    // a restore refuses while the server runs, and changes nothing
    const refused = await cli(['restore', '--from', out], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('in use by a running server');
    expect(readdirSync(dataDir).filter((f) => f.startsWith('.'))).toEqual([]);

    await stop(server);
    const restored = await cli(['restore', '--from', out], dataDir);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain('The previous content was moved to');

    const again = await start(dataDir);
    // same secrets restored: the session signed before the backup still works
    const ids = await customerIds(again.base, token);
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    // what is there was acknowledged (or in flight when the copy was taken): nothing invented
    expect([...ids].every((id) => id <= Math.max(...acknowledged) + 3)).toBe(true);

    const bytes = Buffer.from(await (await fetch(`${again.base}${file.url}`)).arrayBuffer());
    expect(bytes.equals(pdf)).toBe(true);
    await stop(again);
    // the few hundred MB came back exactly
    const restoredDb = await openDb({ dataDir, migrate: false });
    try {
      expect(await fillerFingerprint(restoredDb.db)).toEqual(bulk);
    } finally {
      await restoredDb.close();
    }
  });

  it('refuses a damaged or truncated archive and leaves the folder as it was; a second server cannot open a busy folder', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pv-backup-'));
    const outDir = mkdtempSync(join(tmpdir(), 'pv-backup-out-'));
    const server = await start(dataDir);
    const good = join(outDir, 'good.tar.gz');
    expect((await cli(['backup', '--out', good], dataDir)).code).toBe(0);

    // the folder is the running server's: a second server on it refuses to start
    await expect(startServer({ DATA_DIR: dataDir })).rejects.toThrow(/Cannot start: .* is in use by a running server/);
    // the backup endpoint wants the folder's key
    const noKey = await api(server.base, '/api/system/backup', { lang: 'en' });
    expect(noKey.status).toBe(401);
    expect(noKey.msg).toContain('Wrong backup key');
    // with the key, the whole archive streamed by the server (made in a worker thread) checks out
    const streamed = await fetch(`${server.base}/api/system/backup?level=6`, { headers: { 'x-backup-key': readFileSync(join(dataDir, 'backup-key'), 'utf8').trim() } });
    expect(streamed.status).toBe(200);
    writeFileSync(join(outDir, 'streamed.tar.gz'), Buffer.from(await streamed.arrayBuffer()));
    const checked = await cli(['backup', '--verify', join(outDir, 'streamed.tar.gz')], dataDir);
    expect(checked.out).toContain('every checksum matches');
    await stop(server);

    const tar = gunzipSync(readFileSync(good));
    const flipped = Buffer.from(tar);
    flipped[middleOfLargestEntry(tar)]! ^= 0xff; // inside a data file of the database
    writeFileSync(join(outDir, 'flipped.tar.gz'), gzipSync(flipped));
    writeFileSync(join(outDir, 'cut.tar.gz'), gzipSync(tar.subarray(0, Math.floor(tar.length * 0.7))));
    writeFileSync(join(outDir, 'other.tar.gz'), gzipSync(Buffer.alloc(4096)));
    const listing = () => readdirSync(dataDir).sort();
    const before = listing();
    for (const [name, message] of [
      ['flipped.tar.gz', 'does not match its checksum'],
      ['cut.tar.gz', 'ends in the middle of an entry'],
      ['other.tar.gz', 'incomplete'],
    ]) {
      const res = await cli(['restore', '--from', join(outDir, name!)], dataDir);
      expect(res.code, res.out).toBe(1);
      expect(res.out).toContain(message);
      expect(listing()).toEqual(before);
    }
    expect((await cli(['backup', '--verify', join(outDir, 'flipped.tar.gz')], dataDir)).out).toContain('does not match its checksum');
    // the offline backup (no server running) reads the folder itself
    const offline = await cli(['backup', '--out', join(outDir, 'offline.tar.gz')], dataDir);
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toContain('no server was running');
  });
});
