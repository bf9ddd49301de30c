import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_ROOT = resolve(import.meta.dirname, '..');

/** One process loading the config from DATA_DIR at `startAt`; resolves with the secrets it printed. */
function loadIn(dataDir: string, startAt: number): Promise<{ tokenSecret: string; rsaPrivateKey: string; backupKey: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/print-secrets.ts'], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, START_AT: String(startAt) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveRun(JSON.parse(out)) : reject(new Error(`exit ${code}:\n${out}`))));
  });
}

describe('secrets generated into a DATA_DIR shared by several servers', () => {
  it('servers starting at the same moment on an empty shared DATA_DIR all get the one token secret, RSA key and backup key on disk', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pv-shared-'));
    // every process waits for the same instant (after tsx has loaded), then generates: a real race
    const startAt = Date.now() + 4000;
    const results = await Promise.all(Array.from({ length: 6 }, () => loadIn(dataDir, startAt)));
    const onDisk = {
      tokenSecret: readFileSync(join(dataDir, 'token-secret'), 'utf8').trim(),
      rsaPrivateKey: readFileSync(join(dataDir, 'login-rsa.pem'), 'utf8'),
      backupKey: readFileSync(join(dataDir, 'backup-key'), 'utf8').trim(),
    };
    expect(onDisk.backupKey.length).toBeGreaterThan(40);
    expect(onDisk.tokenSecret.length).toBeGreaterThan(40);
    expect(onDisk.rsaPrivateKey).toContain('BEGIN PRIVATE KEY');
    for (const r of results) expect(r).toEqual(onDisk);
    for (const name of ['token-secret', 'login-rsa.pem', 'backup-key']) expect(statSync(join(dataDir, name)).mode & 0o777).toBe(0o600);
    // the losers' temporary files are gone
    expect(readdirSync(dataDir).sort()).toEqual(['backup-key', 'login-rsa.pem', 'token-secret']);
  });
});
