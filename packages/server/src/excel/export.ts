import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Lang } from '@pv/contract';
import { and, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { type Db, isEmbedded } from '../db/client.ts';
import { giveWay, leaveForeground } from '../db/foreground.ts';
import type { ResourceDef, SortExpr } from '../resources/define.ts';
import { isSortExpr, planList } from '../resources/query.ts';
import { selection } from '../resources/service.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import { columnLabel, type ExportColumn } from './columns.ts';
import { contentDisposition, XLSX_MIME, XlsxWriter } from './xlsx.ts';

type Row = Record<string, unknown>;

export interface ExportSpec {
  def: ResourceDef;
  columns: ExportColumn[];
  /** file name stem and sheet name, zh and en (the date is appended) */
  title: [zh: string, en: string];
  /** runs before the rows are read (e.g. loading the full region list the columns name) */
  prepare?(): Promise<unknown>;
}

/** Rows fetched per query; each batch is one keyset query, written out before the next is read. */
export const EXPORT_BATCH = 1000;
/**
 * On PGlite a batch — its statement and writing its rows — runs in the server's one thread while every
 * other request waits: smaller batches, so the others get a turn at least every few tens of ms.
 */
export const EMBEDDED_EXPORT_BATCH = 200;

/**
 * Rows after (key, id) in the list's order: PostgreSQL sorts NULLs last ascending and first
 * descending, so the NULL block is entered or left explicitly. The key travels as text and is cast
 * back to the column's type (a JS Date would lose timestamptz microseconds and repeat rows).
 */
function after(sortKey: PgColumn | SortExpr, idColumn: PgColumn, desc: boolean, key: string | null, id: number): SQL {
  if (sortKey === idColumn) return desc ? lt(idColumn, id) : gt(idColumn, id);
  const joined = isSortExpr(sortKey);
  const column: SQL | PgColumn = joined ? sql`(${sortKey.expr})` : (sortKey as PgColumn);
  const typed = sql`${key}::${sql.raw(joined ? sortKey.type : (sortKey as PgColumn).getSQLType())}`;
  // a NOT NULL column: one row comparison, which a (column, id) index serves as a range scan
  if (!joined && (sortKey as PgColumn).notNull && key !== null) return desc ? sql`(${column}, ${idColumn}) < (${typed}, ${id})` : sql`(${column}, ${idColumn}) > (${typed}, ${id})`;
  if (!desc) {
    return key === null ? and(isNull(column), gt(idColumn, id))! : or(sql`${column} > ${typed}`, and(sql`${column} = ${typed}`, gt(idColumn, id)), isNull(column))!;
  }
  return key === null ? or(isNotNull(column), and(isNull(column), lt(idColumn, id)))! : or(sql`${column} < ${typed}`, and(sql`${column} = ${typed}`, lt(idColumn, id)))!;
}

/**
 * Every row of the list the query describes (the same whitelisted filters, sort, q and data scope
 * as `index`, through planList), batch by batch in keyset order.
 */
export async function* exportBatches(db: Db, def: ResourceDef, query: Record<string, unknown>, auth: AuthContext): AsyncGenerator<Row[]> {
  const { page: _p, limit: _l, ...filters } = query ?? {};
  const plan = planList(def, filters, auth);
  const { key: sortKey, desc } = plan.sort;
  const keyText = isSortExpr(sortKey) ? sql<string | null>`(${sortKey.expr})::text` : sql<string | null>`${sortKey}::text`;
  let cursor: { key: string | null; id: number } | null = null;
  const batch = isEmbedded(db) ? EMBEDDED_EXPORT_BATCH : EXPORT_BATCH;
  for (;;) {
    // on PGlite, each batch after the first waits for the requests being answered (db/foreground.ts)
    if (cursor) await giveWay(db);
    const rows = (await db
      .select({ ...selection(def), __key: keyText })
      .from(def.table as any)
      .where(and(plan.where, cursor ? after(sortKey, def.table.id, desc, cursor.key, cursor.id) : undefined))
      .orderBy(...plan.orderBy)
      .limit(batch)) as Row[];
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    cursor = { key: (last.__key as string | null) ?? null, id: last.id as number };
  }
}

const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** `客户_20260101.xlsx` / `customers_20260101.xlsx` */
export const exportFilename = (title: [string, string], lang: Lang) => `${title[lang === 'zh' ? 0 : 1]}_${stamp()}.xlsx`;

/**
 * Streams the export as an .xlsx reply. Filters are checked (400) before anything is sent; after
 * that rows go out as they are read, waiting for the client when the socket buffer is full.
 */
export async function sendExport(reply: FastifyReply, db: Db, spec: ExportSpec, query: Record<string, unknown>, auth: AuthContext, lang: Lang) {
  await spec.prepare?.();
  const batches = exportBatches(db, spec.def, query, auth);
  // the first batch runs before the reply starts, so a bad filter is a normal 400
  const first = await batches.next();
  const out = new PassThrough();
  const writer = new XlsxWriter((chunk, final) => {
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  }, { sheetName: spec.title[lang === 'zh' ? 0 : 1], widths: spec.columns.map((c) => c.width ?? 12) });
  writer.addRow(spec.columns.map((c) => columnLabel(c, lang)), spec.columns.map(() => 'header'));
  const styles = spec.columns.map((c) => c.style ?? 'plain');
  const write = (rows: Row[]) => {
    for (const raw of rows) {
      // what the API would show (masked id/bank cards), never the stored secrets
      const row = spec.def.present(raw, lang);
      writer.addRow(spec.columns.map((c) => c.value(row, lang)), styles);
    }
  };
  const closed = once(out, 'close').catch(() => undefined);
  // from here the export is a long read: it gives way to the requests of the people using the console
  leaveForeground(reply.request.raw);
  void (async () => {
    try {
      if (!first.done) write(first.value);
      for (let next = first.done ? null : await batches.next(); next && !next.done; next = await batches.next()) {
        if (out.destroyed) return; // the client went away
        write(next.value);
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), closed]);
      }
      writer.end();
    } catch (err) {
      reply.log.error({ err }, 'excel export failed');
      out.destroy(err as Error);
    }
  })();
  const filename = exportFilename(spec.title, lang);
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(filename, `${spec.def.name}_${stamp()}.xlsx`))
    .header('cache-control', 'no-store')
    .header('access-control-expose-headers', 'Content-Disposition')
    .send(out);
}
