import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkflowRegistry } from '@pv/contract';
import { recordTypes } from '../src/lifecycle/records.ts';
import { call, login, ok, startApp, type TestApp } from './helpers.ts';

/**
 * The registry of record types (issue 25): declared by the modules, complete — every resource
 * with lifecycle actions is a record type, derived here from the API the resource declarations
 * build — and served to the designer with every label in both languages.
 */
let t: TestApp;
let admin: string;
const S = '/api/system';

beforeAll(async () => {
  t = await startApp();
  admin = await login(t.app);
});
afterAll(async () => t.close());

/** The routes every resource gets from its declaration (resources/routes.ts, excel, history): not lifecycle actions. */
const GENERIC = new Set(['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'export', 'import', 'import_template', 'history', 'timeline', 'preview', 'upload', 'files']);

/**
 * Resources whose POST verbs are not a record's lifecycle, each with why: the workflow's own,
 * the organisation's administration, uploads, the scheduler, settings, and the stock ledger
 * (its movements act on a stock balance: record type stock_balance).
 */
const NOT_RECORDS: Record<string, string> = {
  index: 'sign-in',
  common: 'the signed-in person (password)',
  statistic: 'read-only statistics',
  target: 'statistics settings',
  task: 'the scheduler (run now)',
  user: 'account administration (status, passwords, profile)',
  display_token: 'wall-display access',
  message: 'the message centre',
  stock_movement: 'the ledger: its actions act on a stock balance (record type stock_balance)',
  workflow: 'process definitions (publish, disable)',
  workflow_instance: 'the engine itself',
};

describe('workflow registry', () => {
  it('every resource with lifecycle actions (a timeline, or named POST actions) is a record type', async () => {
    const paths = Object.entries((t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger().paths);
    const lifecycle = new Map<string, Set<string>>();
    for (const [path, methods] of paths) {
      const m = /^\/api\/system\/([a-z_]+)\/([a-z_]+)$/.exec(path);
      if (!m) continue;
      const [, resource, verb] = m as unknown as [string, string, string];
      const named = 'post' in methods && !GENERIC.has(verb);
      if (named || verb === 'timeline') lifecycle.set(resource, new Set([...(lifecycle.get(resource) ?? []), verb]));
    }
    const declared = new Set(recordTypes().map((d) => d.resource.name));
    const missing = [...lifecycle.keys()].filter((r) => !declared.has(r) && !(r in NOT_RECORDS));
    expect(missing, `resources with lifecycle actions but no record type: ${missing.map((r) => `${r} (${[...lifecycle.get(r)!].join(', ')})`).join('; ')}`).toEqual([]);
    // the exclusions are exactly resources with actions that are no record's (none stale, none a record type)
    for (const r of Object.keys(NOT_RECORDS)) {
      expect(lifecycle.has(r), `${r} is excluded but has no actions`).toBe(true);
      expect(declared.has(r), `${r} is excluded but is a record type`).toBe(false);
    }
    // and every record type is such a resource (nothing declared for a resource that has no lifecycle)
    for (const name of declared) expect(lifecycle.has(name), name).toBe(true);
    expect(declared.size).toBeGreaterThanOrEqual(15);
  });

  it('GET workflow/registry: every record type and event with labels in both languages, fields labelled, secrets left out', async () => {
    const reg = (await ok(call(t.app, 'GET', `${S}/workflow/registry`, { token: admin }))) as WorkflowRegistry;
    expect(reg.record_types.length).toBeGreaterThanOrEqual(15);
    expect(reg.events.length).toBeGreaterThanOrEqual(15);
    const codes = new Set(reg.record_types.map((r) => r.code));
    for (const type of reg.record_types) {
      expect(type.label.zh && type.label.en && type.label.zh !== type.label.en, type.code).toBeTruthy();
      expect(type.link, type.code).toMatch(/^\/[^?]*\??.*\{id\}/);
      expect(type.actions.length, type.code).toBeGreaterThan(0);
      for (const a of type.actions) expect([a.label.zh, a.label.en].every(Boolean), `${type.code}.${a.code}`).toBe(true);
      for (const f of type.fields) {
        // labelled, not the column name shown as is
        expect(f.label.zh, `${type.code}.${f.name}`).not.toBe(f.name);
        expect(f.name).not.toMatch(/password|hash|token|secret/);
      }
      for (const d of type.dateFields) expect(type.fields.find((f) => f.name === d)?.kind, `${type.code}.${d}`).toMatch(/^date/);
    }
    for (const e of reg.events) {
      expect(codes.has(e.record), e.code).toBe(true);
      expect(e.code.startsWith(`${e.record}.`)).toBe(true);
      expect(e.label.zh && e.label.en, e.code).toBeTruthy();
    }
    // who may not act: the payment batch's maker and submitter, the self-audit's submitter
    expect(reg.record_types.find((r) => r.code === 'payment_batch')!.sod.map((r) => r.zh)).toEqual(['制单人', '提交人', '收款人']);
    expect(reg.record_types.find((r) => r.code === 'self_audit')!.sod.map((r) => r.en)).toEqual(['submitter']);
  });
});
