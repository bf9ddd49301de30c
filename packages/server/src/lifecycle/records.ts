import { type Lang, type WorkflowFieldKind, type WorkflowRecordTypeInfo, type WorkflowRegistry, maskMiddle } from '@pv/contract';
import { type SQL, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../db/client.ts';
import { fieldLabel } from '../http/labels.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import type { Actor } from '../modules/system/syslog.ts';
import type { ResourceTable } from '../resources/define.ts';
import type { Sod } from './sod.ts';

/**
 * Record types (issue 25, docs/DECISIONS.md "Workflow"): what a process needs to know of a business
 * record, declared by the module that owns it next to its resource declaration
 * (`modules/<m>/process.ts`) and read here by whoever needs it — the workflow engine, the designer's
 * registry endpoint, the segregation-of-duties rule. This layer knows no module: modules fill it
 * (`defineRecordType`) and the composition root (`modules/processes.ts`) imports them all.
 */

type Row = Record<string, unknown>;
export type Labels = Record<Lang, string>;

/** One parameter a named action takes besides the record (a reason, an amount, a counted quantity). */
export interface ActionParam {
  label: Labels;
  /** how the designer and the record page show it; default text */
  kind?: WorkflowFieldKind;
  required?: boolean;
}

/** What an action gets when a process (or an approved request) runs it. */
export interface ActionRun {
  tx: Queryable;
  /** the record as loaded in this transaction (id, version, status …) */
  record: Row;
  auth: AuthContext;
  actor: Actor;
  /** the approved request's parameters, or `{reason}` from the comment of the task that ended the process */
  params: Row;
  /** the comment of the task that ended the process, or a default naming the process */
  reason: string;
}

/**
 * A named action a process may run on the record: the module's own action function, the one its
 * route runs (state, data scope, version, history, timeline, side effects), called in the engine's
 * transaction. `from`: the states it starts from (the designer says so; tests pick records by it).
 */
export interface RecordAction {
  label: Labels;
  from?: readonly string[];
  params?: Record<string, ActionParam>;
  run(c: ActionRun): Promise<unknown>;
  /**
   * Values beside the record and the parameters that a needs-approval condition may test, worked
   * out when the action is requested (e.g. a stock adjustment's difference and its value).
   */
  facts?: { fields: Record<string, ActionParam>; of(tx: Queryable, record: Row, params: Row): Promise<Row> };
}

/** A business event: raised by the module in the transaction of the change (`raiseWorkflowEvent`). */
export interface RecordEvent {
  label: Labels;
  /** record fields a process bound to the event may narrow it by (equality) */
  match?: string[];
}

export interface RecordTypeDef {
  /** the code stored on definitions and instances (`payment_batch`) */
  code: string;
  label: Labels;
  /** the module's resource declaration (its API name, its table, the data scope a manual start is checked against) */
  resource: { name: string; table: ResourceTable; scope(auth: AuthContext): SQL | undefined };
  /** the column that names a record in lists, messages and documents (its number) */
  number?: string;
  /** or a name made from the row (a stock balance is its warehouse and material) */
  name?(tx: Queryable, row: Row): Promise<string>;
  /** the column holding its lifecycle state (default `status`; null: it has none, e.g. a stock balance) */
  state?: string | null;
  /** the console page of one record, `{id}` standing for its id */
  link: string;
  actions: Record<string, RecordAction>;
  events?: Record<string, RecordEvent>;
  /** who may not act on it (segregation of duties): the rule of the direct actions and of the processes */
  sod?: Sod;
  /** columns never shown beyond the common secrets (hashes, tokens) */
  secret?: readonly string[];
  /** labels of columns the common field labels lack */
  labels?: Record<string, readonly [zh: string, en: string]>;
}

const TYPES = new Map<string, RecordTypeDef>();
const EVENTS = new Map<string, { type: RecordTypeDef; event: RecordEvent }>();

/** Registers a record type (once per code; its events' codes are unique across types). Returns it. */
export function defineRecordType<T extends RecordTypeDef>(def: T): T {
  const known = TYPES.get(def.code);
  if (known && known !== def) throw new Error(`record type ${def.code} is defined twice`);
  TYPES.set(def.code, def);
  for (const [code, event] of Object.entries(def.events ?? {})) {
    if (!code.startsWith(`${def.code}.`)) throw new Error(`event ${code} must start with ${def.code}.`);
    EVENTS.set(code, { type: def, event });
  }
  return def;
}

export const recordTypes = (): RecordTypeDef[] => [...TYPES.values()];
export const findRecordType = (code: string | null | undefined): RecordTypeDef | undefined => (code ? TYPES.get(code) : undefined);

/** The record type of a code, or a server error (a definition naming a type no module declares). */
export function recordType(code: string): RecordTypeDef {
  const def = TYPES.get(code);
  if (!def) throw new Error(`record type ${code} is not registered (is modules/processes.ts imported?)`);
  return def;
}

export const recordLink = (def: RecordTypeDef, id: number) => def.link.replace('{id}', String(id));

export const findEvent = (code: string | null | undefined) => (code ? EVENTS.get(code) : undefined);
export const recordEvents = () => [...EVENTS.entries()].map(([code, e]) => ({ code, record: e.type.code, ...e.event }));

/**
 * A transaction standing in for the database, for a module whose action opens its own
 * `db.transaction()`: inside a transaction that becomes a savepoint, so the module's action runs
 * unchanged inside the engine's transaction and commits or rolls back with it.
 */
export const asDb = (tx: Queryable): Db => tx as unknown as Db;

interface LabelSet {
  label(value: string | null | undefined, lang: Lang): string;
}

/** A labelled enum's value in both languages. */
export const labelsOf = (set: LabelSet, value: string): Labels => ({ zh: set.label(value, 'zh'), en: set.label(value, 'en') });

/** Labels of reasons: the most common parameter. */
export const REASON: Record<string, ActionParam> = { reason: { label: { zh: '原因', en: 'Reason' }, required: true } };

/**
 * A named action of a lifecycle machine: its label from the module's action labels, the states it
 * starts from from the machine (the console and the server already read the same tables).
 */
export function machineAction(machine: Readonly<Record<string, { from: readonly string[] }>>, labels: LabelSet, code: string, run: RecordAction['run'], params?: Record<string, ActionParam>): RecordAction {
  return { label: labelsOf(labels, code), from: machine[code]?.from, run, ...(params ? { params } : {}) };
}

/** The reason an action is run with: the request's, else the comment of the task that ended the process. */
export const reasonOf = (c: Pick<ActionRun, 'params' | 'reason'>) => (c.params.reason as string | undefined) || c.reason;

/** The body a module's route takes for the record as the engine loaded it: its id and version, plus `extra`. */
export const bodyOf = (c: Pick<ActionRun, 'record'>, extra: Row = {}) => ({ id: c.record.id as number, version: c.record.version as number, ...extra });

/** The row (no scope: the engine's own reads), optionally locked FOR UPDATE. */
export async function loadRow(tx: Queryable, def: RecordTypeDef, id: number, lock = false): Promise<Row | null> {
  const { table } = def.resource;
  const q = tx.select().from(table as never).where(eq(table.id, id)).$dynamic();
  const [row] = (await (lock ? q.for('update') : q)) as Row[];
  return row ?? null;
}

/** What the record is called: its number, or the name its module makes. */
export async function recordName(tx: Queryable, def: RecordTypeDef, row: Row): Promise<string> {
  if (def.name) return def.name(tx, row);
  const v = def.number ? row[def.number] : null;
  return v === null || v === undefined || v === '' ? `#${String(row.id)}` : String(v);
}

/* ------------------------------------------------------------------------------------------------
 * Fields: the table's columns, secrets left out, cards masked, labelled by the common field labels.
 * ---------------------------------------------------------------------------------------------- */

/** Never shown to a condition, a template, a message or a document. */
const SECRETS = /(^|_)(password|hash|token|secret)(_|$)/;
/** Shown masked (head and tail) wherever the record's values go. */
const MASKED = new Set(['bank_card', 'id_card', 'payee_card', 'bank_account', 'account_no']);

function kindOf(column: PgColumn): WorkflowFieldKind {
  const t = column.columnType;
  if (/Timestamp/.test(t)) return 'datetime';
  if (/Date/.test(t)) return 'date';
  if (/Numeric/.test(t)) return 'money';
  if (/Integer|Serial|Real|Double|BigInt|SmallInt/.test(t)) return 'number';
  if (/Boolean/.test(t)) return 'bool';
  if (/Json/.test(t)) return 'json';
  return 'text';
}

interface Field {
  name: string;
  kind: WorkflowFieldKind;
}

const FIELDS = new WeakMap<RecordTypeDef, Field[]>();

/** The record type's fields in column order (secrets left out). */
export function recordFields(def: RecordTypeDef): Field[] {
  let fields = FIELDS.get(def);
  if (!fields) {
    fields = Object.entries(getTableColumns(def.resource.table))
      .map(([name, column]) => ({ name, kind: kindOf(column as PgColumn) }))
      .filter((f) => !SECRETS.test(f.name) && !(def.secret ?? []).includes(f.name));
    FIELDS.set(def, fields);
  }
  return fields;
}

export const fieldNameLabel = (def: RecordTypeDef, name: string, lang: Lang): string => {
  const own = def.labels?.[name];
  if (own) return lang === 'zh' ? own[0] : own[1];
  return fieldLabel(name, lang) ?? name;
};

/**
 * The record as conditions, templates and messages see it: the record type's fields only, dates as
 * ISO text, cards masked.
 */
export function plainRecord(def: RecordTypeDef, row: Row): Row {
  const out: Row = {};
  for (const { name } of recordFields(def)) {
    if (!(name in row)) continue;
    const v = row[name];
    out[name] = v instanceof Date ? v.toISOString() : MASKED.has(name) && typeof v === 'string' && v ? maskMiddle(v) : v;
  }
  return out;
}

const paramInfo = (params: Record<string, ActionParam> | undefined) =>
  Object.entries(params ?? {}).map(([name, p]) => ({ name, label: p.label, kind: p.kind ?? 'text', required: !!p.required }));

/** One record type as the designer and graph validation read it: every label in both languages. */
export function recordTypeInfo(def: RecordTypeDef): WorkflowRecordTypeInfo {
  const both = (f: (lang: Lang) => string): Labels => ({ zh: f('zh'), en: f('en') });
  const fields = recordFields(def);
  return {
    code: def.code,
    label: def.label,
    link: def.link,
    fields: fields.map((f) => ({ name: f.name, kind: f.kind, label: both((lang) => fieldNameLabel(def, f.name, lang)) })),
    dateFields: fields.filter((f) => f.kind === 'date' || f.kind === 'datetime').map((f) => f.name),
    actions: Object.entries(def.actions).map(([code, a]) => ({
      code,
      label: a.label,
      from: a.from ? [...a.from] : null,
      params: paramInfo(a.params),
      facts: paramInfo(a.facts?.fields),
    })),
    events: Object.keys(def.events ?? {}),
    sod: (def.sod?.rules ?? []).map((r) => r.role),
  };
}

/** The registry as the designer reads it (GET workflow/registry). */
export function registryInfo(): WorkflowRegistry {
  return {
    record_types: recordTypes().map(recordTypeInfo),
    events: recordEvents().map((e) => ({ code: e.code, record: e.record, label: e.label, match: e.match ?? [] })),
  };
}
