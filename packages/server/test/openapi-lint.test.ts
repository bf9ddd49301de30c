import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers.ts';

/**
 * The OpenAPI document integrators generate clients from (issue 28, point 7): Redocly CLI's `lint`
 * with its recommended rules finds no error, and none of the warnings that make a client wrong —
 * every operation has an operationId, its 4xx replies and its security (`security: []` exactly on
 * the operations that answer without a token), and the GET deletes declare ?id= / ?ids=.
 * The CLI (a devDependency, one self-contained package) runs offline: no telemetry, no update check.
 */
type Op = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown>; parameters?: Array<{ name: string; in: string }> };
let t: TestApp;
let doc: { paths: Record<string, Record<string, Op>> };
let dir: string;
beforeAll(async () => {
  t = await startApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  dir = mkdtempSync(join(tmpdir(), 'openapi-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));

describe('the OpenAPI document', () => {
  it('Redocly CLI lint (recommended rules): 0 errors, and no operation without an operationId or a 4xx reply', { timeout: 120_000 }, async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = join(createRequire(import.meta.url).resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=10000'], { env, maxBuffer: 64 * 1024 * 1024 }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const wrongForClients = report.problems.filter((p) => ['operation-operationId', 'operation-operationId-unique', 'operation-4xx-response', 'operation-parameters-unique', 'path-parameters-defined', 'security-defined'].includes(p.ruleId));
    expect(wrongForClients.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('every operation: a unique operationId, 4xx replies, and security: [] exactly where no token is needed', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(450);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter((o) => !Object.keys(o.op.responses ?? {}).some((c) => /^4\d\d$/.test(c))).map((o) => o.key)).toEqual([]);
    const open = ops.filter((o) => Array.isArray(o.op.security) && o.op.security.length === 0).map((o) => o.key.replace(/ \/api\/docs.*/, '')).sort();
    const table = t.app.routeTable.filter((r) => r.public && !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    // (/register, /socialLogin, /publicKey are public too and outside /api: in the route table only as documented operations)
    for (const key of table) expect(open).toContain(key);
    expect(open.length).toBeGreaterThanOrEqual(13);
    // a protected operation never says it needs no token
    const protectedOpen = open.filter((k) => t.app.routeTable.some((r) => !r.public && `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}` === k));
    expect(protectedOpen).toEqual([]);
  });

  it('a GET delete declares ?id= and ?ids=; every query a route reads by id is a declared parameter', () => {
    const dels = operations().filter((o) => o.key.startsWith('GET ') && o.key.endsWith('/del'));
    expect(dels.length).toBeGreaterThan(20);
    for (const d of dels) expect(d.op.parameters?.filter((p) => p.in === 'query').map((p) => p.name).sort(), d.key).toEqual(['id', 'ids']);
  });
});
