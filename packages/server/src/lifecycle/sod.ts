import type { Lang } from '@pv/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';
import { t } from '../http/messages.ts';
import { type Labels, recordName, recordType, type RecordTypeDef } from './records.ts';

/**
 * Segregation of duties (issue 26, docs/DECISIONS.md "Workflow"): who may not act on a record — its
 * maker, its submitter, the person a transfer pays, the handler of an order under review. Declared
 * once on the record type; ONE implementation read by both paths: the direct actions it guards
 * (`assertSod` in the module's action) and every task of a process on the record (the engine
 * never assigns one to an excluded person and refuses completing, confirming or taking one).
 */

type Row = Record<string, unknown>;

export interface SodRule {
  /** what the excluded person is to the record: 制单人 / maker */
  role: Labels;
  /** the column holding that user's id */
  field?: string;
  /** or the users a query finds (e.g. the members of the team that handled it) */
  users?(tx: Queryable, record: Row): Promise<number[]>;
}

export interface Sod {
  rules: SodRule[];
  /** the named actions the rule guards when a person calls them directly */
  actions: readonly string[];
}

/** Whoever asked for an action that needs approval never approves it (the engine adds this rule to every request). */
export const REQUESTER: SodRule = { role: { zh: '申请人', en: 'requester' } };

export interface Excluded {
  userId: number;
  role: Labels;
}

/** The users a record's rules exclude, each with the first rule that does (plus `extra`, e.g. a request's requester). */
export async function excludedUsers(tx: Queryable, sod: Sod | undefined, record: Row, extra: Excluded[] = []): Promise<Excluded[]> {
  const out = new Map<number, Excluded>();
  for (const rule of sod?.rules ?? []) {
    const ids = rule.users ? await rule.users(tx, record) : rule.field && record[rule.field] != null ? [Number(record[rule.field])] : [];
    for (const userId of ids) if (!out.has(userId)) out.set(userId, { userId, role: rule.role });
  }
  for (const e of extra) if (!out.has(e.userId)) out.set(e.userId, e);
  return [...out.values()];
}

export async function userNames(tx: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: users.id, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface SodTarget {
  type: Labels;
  no: string;
}

/** 403: `who` is the record's `role`, so may not do `action` (its label, or what a process task is). */
export function sodRefusal(who: string, role: Labels, target: SodTarget, action: Labels): ApiError {
  return new ApiError(403, 'error.sod_forbidden', { who, role: role.zh, type: target.type.zh, no: target.no, action: action.zh }, (lang: Lang) =>
    t('error.sod_forbidden', lang, { who, role: role[lang], type: target.type[lang], no: target.no, action: action[lang] }),
  );
}

/** What a record is called in a refusal: its type's label and its number. */
export async function sodTarget(tx: Queryable, def: RecordTypeDef, record: Row): Promise<SodTarget> {
  return { type: def.label, no: await recordName(tx, def, record) };
}

/**
 * The direct path: refuses (403, in the caller's language) a person the record type's rule
 * excludes from `action` — called by the module's action with the record it has locked.
 */
export async function assertSod(tx: Queryable, code: string, record: Row, userId: number, action: string): Promise<void> {
  const def = recordType(code);
  if (!def.sod?.actions.includes(action)) return;
  const hit = (await excludedUsers(tx, def.sod, record)).find((e) => e.userId === userId);
  if (!hit) return;
  const who = (await userNames(tx, [userId])).get(userId) ?? `#${userId}`;
  const label = def.actions[action]?.label ?? { zh: action, en: action };
  throw sodRefusal(who, hit.role, await sodTarget(tx, def, record), label);
}
