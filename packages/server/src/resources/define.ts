import { dateField, type Lang, numeric } from '@pv/contract';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import { registerRecordType } from './refs.ts';

export type FilterOp = 'eq' | 'prefix' | 'contains' | 'gte' | 'lte';

/** One whitelisted list filter: the query parameter name maps to a column, an operator and a value schema. */
export interface FilterSpec {
  column: PgColumn;
  op: FilterOp;
  /** validates one value as it comes in the query string (a string) */
  schema: z.ZodType;
  /** eq only: accept `a,b,c` (or repeated parameters) as IN (...) */
  multi?: boolean;
  /** a condition the column operators cannot express (e.g. through a join table); gets the parsed values */
  where?(values: unknown[]): SQL;
}

/**
 * A counter table that keeps exact row counts per group (maintained by triggers). When a list's
 * filters all map onto its columns, `total` is a SUM over it instead of a COUNT over the table.
 */
export interface CounterSpec {
  table: PgTable;
  n: PgColumn;
  /** eq filter name → the counter table's column */
  columns: Record<string, PgColumn>;
  /** the caller's data scope on the counter table; null = not expressible there (count rows) */
  scope(auth: AuthContext): SQL | undefined | null;
}

export type GenericOp = 'index' | 'get_info' | 'add' | 'edit' | 'del' | 'update_field';

/** A table the machinery can drive: an integer id and an optimistic-lock version. */
export type ResourceTable = PgTable & { id: PgColumn; version: PgColumn; updated_at: PgColumn; created_at: PgColumn };

/**
 * A resource declared once (ARCHITECTURE.md): the generic routes index/get_info/add/edit/del/
 * update_field are built from this, with permission `<permission>:<op>`, the data scope, the
 * contract's schemas and the whitelists.
 */
export interface ResourceDef<T extends ResourceTable = ResourceTable> {
  /** URL segment (/api/system/<name>/...) and the sys_log resource name */
  name: string;
  /** permission prefix: `customer` → customer:index, customer:add, ... */
  permission: string;
  table: T;
  /** generic operations to expose (default: all) */
  ops?: GenericOp[];
  createSchema?: z.ZodType;
  editSchema?: z.ZodType;
  /** sortable fields: a column, or a value read from another table (sortBy, e.g. the customer's name) */
  sorts: Record<string, PgColumn | SortExpr>;
  /** must name a column (an index serves it) */
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  filters: Record<string, FilterSpec>;
  /** columns (or joined values, e.g. the station's code) `q` searches (contains, case-insensitive) */
  search: Array<PgColumn | SQL>;
  /** fields update_field may change, each with the schema its value must pass */
  quickFields: Record<string, z.ZodType>;
  /** counter tables, smallest first: the first whose columns cover the filters gives `total` */
  counters?: CounterSpec[];
  /** rows of the caller's data scope; undefined = everything */
  scope(auth: AuthContext): SQL | undefined;
  /** extra read-only columns for index/get_info (e.g. agent_name via a correlated subquery) */
  extraColumns?: Record<string, SQL>;
  /**
   * columns the API never returns (a secret's hash): index, get_info and export do not read them
   * (present() gets what it needs of them through extraColumns); writes still lock and log whole rows
   */
  unread?: string[];
  /** what the API returns for a row (masking, ISO dates) */
  present(row: Record<string, unknown>, lang: Lang): Record<string, unknown>;
  /** turn validated create input into insert values (forced fields, references checked) */
  prepareCreate?(input: Record<string, unknown>, ctx: WriteContext): Promise<Record<string, unknown>>;
  /** turn validated edit input (without id/version) into update values */
  prepareEdit?(input: Record<string, unknown>, before: Record<string, unknown>, ctx: WriteContext): Promise<Record<string, unknown>>;
  /** after the insert, in the same transaction (e.g. link rows of a join table) */
  afterCreate?(created: Record<string, unknown>, input: Record<string, unknown>, ctx: WriteContext): Promise<void>;
  /** refuse a delete (throw an ApiError) after the rows are locked and scope-checked, in the same transaction */
  beforeDelete?(rows: Record<string, unknown>[], ctx: WriteContext): Promise<void>;
  /** what the system log keeps of a row (e.g. without a password hash); default: the row */
  logRow?(row: Record<string, unknown>): Record<string, unknown>;
}

/**
 * A sort key that is not a column of the table: a correlated subquery such as the customer's name.
 * No index serves it, so it is never a default sort; `type` is the SQL type its value is cast back
 * to when export pages through the list by (key, id).
 */
export interface SortExpr {
  expr: SQL;
  type: 'text' | 'integer' | 'numeric' | 'float8' | 'timestamptz';
}

/** `sorts: { customer_name: sortBy(extraColumns.customer_name) }` */
export const sortBy = (expr: SQL, type: SortExpr['type'] = 'text'): SortExpr => ({ expr, type });

export interface WriteContext {
  auth: AuthContext;
  tx: Queryable;
}

/** A declared resource; its records become a type routes can name (resources/refs.ts). */
export function defineResource<T extends ResourceTable>(def: ResourceDef<T>): ResourceDef<T> {
  registerRecordType(def.name, def);
  return def;
}

/** Schemas of list-filter values as they come in the query string (one place for every resource). */
export const filterValue = {
  id: numeric(z.number({ error: 'validation.number' }).int().positive()),
  number: numeric(z.number({ error: 'validation.number' })),
  date: dateField().transform((v) => new Date(v)),
  /** a calendar day kept as YYYY-MM-DD, for `date` columns (a Date parameter fails on PostgreSQL's date type) */
  day: dateField(),
  /** true/false or 1/0 */
  bool: z.enum(['true', 'false', '1', '0'], { error: 'validation.enum' }).transform((v) => v === 'true' || v === '1'),
  enumOf: <V extends string>(values: readonly [V, ...V[]]) => z.enum(values, { error: 'validation.enum' }),
};

/** `created_at_gte` / `created_at_lte` for a column. */
export function range(name: string, column: PgColumn, schema: z.ZodType): Record<string, FilterSpec> {
  return { [`${name}_gte`]: { column, op: 'gte', schema }, [`${name}_lte`]: { column, op: 'lte', schema } };
}
