import { KEYWORD_COUNT_CAP, listQuerySchema } from '@pv/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { and, asc, Column, desc, getTableColumns, getTableName, is, eq, gte, ilike, inArray, like, lte, or, type SQL, sql } from 'drizzle-orm';
import { CHARS_INDEXED, charsOf, CODE_INDEXED, PAIR_INDEXED, TRGM_INDEXED } from '../db/schema/common.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { fieldLabel } from '../http/labels.ts';
import { t } from '../http/messages.ts';
import { issueMessage, parse } from '../http/validate.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import type { CounterSpec, FilterSpec, ResourceDef, SortExpr } from './define.ts';

const RESERVED = new Set(['page', 'limit', 'sort', 'order', 'q']);

/** LIKE pattern with the user's % _ \ taken literally. */
/**
 * A keyword's page is ranked among its matches when there are at most this many (read through the
 * search indexes with their sort key); beyond, matches are dense enough that walking the sort index
 * and testing rows finds a page sooner. The walk tests about rows ÷ matches × 20 rows, the ranking
 * reads every match: at 5 M rows the two cost the same near 10,000 matches.
 */
export const KEYWORD_RANK_LIMIT = 10_000;

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => '\\' + c);

function filterValue(name: string, spec: FilterSpec, raw: string): unknown {
  const result = spec.schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ApiError(400, 'error.invalid_params', {}, (lang) => {
    const msg = issueMessage({ ...issue, path: [] }, raw, lang);
    return `${fieldLabel(name, lang) ?? name}${lang === 'zh' ? '：' : ': '}${msg}`;
  });
}

function condition(name: string, spec: FilterSpec, raw: string | string[], column = spec.column): SQL | undefined {
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (spec.multi ? String(v).split(',') : [String(v)])).map((v) => v.trim());
  const present = values.filter((v) => v !== '');
  if (!present.length) return undefined; // an empty filter box means "no filter"
  const parsed = present.map((v) => filterValue(name, spec, v));
  // a filter with its own WHERE, asked of a counter's column of its name, compares that column
  if (spec.where && column === spec.column) return spec.where(parsed);
  switch (spec.op) {
    case 'eq':
      return parsed.length > 1 ? inArray(column, parsed) : eq(column, parsed[0]);
    case 'prefix':
      return like(column, escapeLike(String(parsed[0])) + '%');
    case 'contains':
      return ilike(column, '%' + escapeLike(String(parsed[0])) + '%');
    case 'gte':
      return gte(column, parsed[0]);
    case 'lte':
      return lte(column, parsed[0]);
  }
}

/**
 * The keyword condition on one searched column, written so an index serves it (docs/DECISIONS.md,
 * "Keyword search"), case-insensitive with % and _ literal:
 * - a document number or code (schema searchIndexes `code`), two characters or more: the values that
 *   start or end with the keyword, through the b-trees on upper(col) and reverse(upper(col));
 * - three or more characters: contains, through the column's pg_trgm index;
 * - two characters (no trigram): free text with a character-pair index (schema searchIndexes
 *   `pairs`: names, addresses, titles) contains them, through `pv_bigrams` rechecked by the same
 *   ILIKE; phone numbers start with them (a prefix has trigrams); a column with no search
 *   index (small tables: messages, logs' text) contains them, as longer keywords do;
 * - one character: contains, written so no per-column index matches (a trigram index would read all
 *   of itself); the table's character index serves it instead (keywordCondition).
 * A joined value (SQL, not a column) is matched as it is, unindexed.
 */
export function keywordMatch(column: PgColumn | SQL, q: string): SQL {
  const contains = '%' + escapeLike(q) + '%';
  const length = [...q].length;
  if (length === 1 || !is(column, Column)) return length === 1 ? ilike(sql`(${column} || '')`, contains) : ilike(column, contains);
  const name = `${getTableName(column.table)}.${column.name}`;
  if (CODE_INDEXED.has(name)) {
    const upper = q.toUpperCase();
    const reversed = [...upper].reverse().join('');
    return sql`(upper(${column}) like ${escapeLike(upper) + '%'} or reverse(upper(${column})) like ${escapeLike(reversed) + '%'})`;
  }
  if (length >= 3) return ilike(column, contains);
  // ILIKE first: a row the pair index did not bring (another column's match, or an ordered walk)
  // is refused by it before the pairs are computed (PL/pgSQL, about 3 µs a row)
  if (PAIR_INDEXED.has(name)) return sql`(${ilike(column, contains)} and pv_bigrams(${column}) @> array[lower(${q})]::text[])`;
  if (TRGM_INDEXED.has(name)) return ilike(column, escapeLike(q) + '%');
  return ilike(column, contains); // a column of a small table, searched without an index
}

/**
 * The keyword condition of a list: any searched column matches (keywordMatch). A one-character keyword
 * on a table with a character index (schema searchChars: customers, stations) that covers every searched
 * column also asks for the keyword's characters among the row's (`pv_chars(…) @> pv_chars(q)`): a row
 * matching in any column has them, so the rows are the same, and the planner reads the character's
 * posting list instead of walking the table until enough rows match — or through all of it, for a
 * character no row has. Without such an index one character walks the list's order, as before.
 */
export function keywordCondition(def: Pick<ResourceDef, 'table' | 'search'>, q: string): SQL | undefined {
  const anyColumn = or(...def.search.map((c) => keywordMatch(c, q)));
  if ([...q].length !== 1) return anyColumn;
  const table = getTableName(def.table);
  const indexed = CHARS_INDEXED.get(table);
  const covered = indexed && def.search.every((c) => is(c, Column) && getTableName(c.table) === table && indexed.includes(c.name));
  if (!covered) return anyColumn;
  const columns = getTableColumns(def.table);
  const byName = new Map(Object.values(columns).map((c) => [c.name, c]));
  return and(anyColumn, sql`${charsOf(indexed.map((name) => byName.get(name)!))} @> pv_chars(${q})`);
}

export const isSortExpr = (key: PgColumn | SortExpr): key is SortExpr => !is(key, Column);

export interface ListPlan {
  where: SQL | undefined;
  /** a counter table and its WHERE when every filter maps onto it; null = count the rows */
  count: { counter: CounterSpec; where: SQL | undefined } | null;
  /** a keyword is part of the WHERE (its row count is capped: KEYWORD_COUNT_CAP) */
  keyword: boolean;
  /** how many matches the list may rank itself (KEYWORD_RANK_LIMIT, or the cap for one character, which no index serves) */
  rankLimit: number;
  orderBy: SQL[];
  /** the sort key (a column or a joined value) and direction (id breaks ties), for keyset paging (excel/export.ts) */
  sort: { key: PgColumn | SortExpr; desc: boolean };
  limit: number;
  offset: number;
}

/**
 * Turns an index query string into a WHERE and ORDER BY built only from the resource's
 * whitelists; anything else is a 400 naming the field.
 */
export function planList(def: ResourceDef, rawQuery: Record<string, unknown>, auth: AuthContext): ListPlan {
  const query = rawQuery ?? {};
  const base = parse(listQuerySchema, {
    page: query.page,
    limit: query.limit,
    sort: query.sort || undefined,
    order: query.order || undefined,
    q: typeof query.q === 'string' ? query.q : undefined,
  });
  const conditions: Array<SQL | undefined> = [def.scope(auth)];
  // one candidate WHERE per counter table; a filter (or scope) it cannot express drops it
  const counters = (def.counters ?? []).map((counter) => {
    const scope = counter.scope(auth);
    return { counter, conds: scope === null ? null : ([scope] as Array<SQL | undefined> | null) };
  });
  for (const [name, raw] of Object.entries(query)) {
    if (RESERVED.has(name) || raw === undefined) continue;
    const spec = def.filters[name];
    if (!spec) throw badRequest('error.unknown_filter', { field: name });
    const cond = condition(name, spec, raw as string | string[]);
    conditions.push(cond);
    if (!cond) continue;
    for (const c of counters) {
      // equalities, and ranges over a key column of the counter (a month range over a monthly rollup); a
      // filter with its own WHERE only where the counter declares a column of its name holding the same truth
      const column = spec.op === 'eq' || spec.op === 'gte' || spec.op === 'lte' ? c.counter.columns[name] : undefined;
      if (c.conds && column) c.conds.push(condition(name, spec, raw as string | string[], column));
      else c.conds = null;
    }
  }
  const usable = base.q ? undefined : counters.find((c) => c.conds !== null);
  if (base.q && def.search.length) {
    conditions.push(keywordCondition(def, base.q));
  }
  const sortName = base.sort ?? def.defaultSort.field;
  const sortKey = Object.hasOwn(def.sorts, sortName) ? def.sorts[sortName] : undefined;
  if (!sortKey) throw badRequest('error.unknown_sort', { field: sortName });
  const ascending = (base.order ?? (base.sort ? 'ASC' : def.defaultSort.order)) === 'ASC';
  const dir = ascending ? asc : desc;
  const orderBy = [dir(isSortExpr(sortKey) ? sortKey.expr : sortKey)];
  // id breaks ties so pages never repeat or skip rows
  if (sortKey !== def.table.id) orderBy.push(dir(def.table.id));
  return {
    where: and(...conditions),
    count: usable ? { counter: usable.counter, where: and(...usable.conds!) } : null,
    keyword: !!(base.q && def.search.length),
    rankLimit: base.q && [...base.q].length > 1 ? KEYWORD_RANK_LIMIT : KEYWORD_COUNT_CAP,
    orderBy,
    sort: { key: sortKey, desc: !ascending },
    limit: base.limit,
    offset: (base.page - 1) * base.limit,
  };
}

/** `ids` as an array or a comma string, each a positive integer. */
export function parseIds(input: unknown): number[] {
  const list = Array.isArray(input) ? input : String(input ?? '').split(',');
  const ids = list.map((v) => String(v).trim()).filter((v) => v !== '');
  const bad = ids.find((v) => !/^[1-9]\d{0,9}$/.test(v) || Number(v) > 2147483647);
  if (bad !== undefined || !ids.length) {
    throw new ApiError(400, 'error.invalid_params', {}, (lang) => `${fieldLabel('ids', lang)}${lang === 'zh' ? '：' : ': '}${t('validation.number', lang)}`);
  }
  return [...new Set(ids.map(Number))];
}

export const inScopeExpr = (scope: SQL | undefined) => (scope ? sql<boolean>`coalesce((${scope}), false)` : sql<boolean>`true`);
