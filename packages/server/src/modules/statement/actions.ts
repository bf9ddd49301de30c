import {
  type Lang,
  STATEMENT_MACHINE,
  STATEMENT_MAX_ROWS,
  STATEMENT_SHEET_COLUMNS,
  type StatementAction,
  StatementActionLabel,
  StatementStatus,
  financierRateCreateSchema,
  financierRateDeleteSchema,
  statementExplainSchema,
  statementFinancierRowSchema,
  statementMoveSchema,
  statementSupplierRowSchema,
  supplierKey,
} from '@pv/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { financierRates, partners, statementLines, statements } from '../../db/schema/index.ts';
import { type ImportResult, type ImportSpec, importTemplate, MAX_REPORTED, parseImport, type RowError } from '../../excel/import.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { readResultFile } from '../payment/result.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { AGREED, DIFF, buildOurSide, refreshTotals } from './build.ts';
import { illegalStatementAction, statementResource } from './resource.ts';

type Row = Record<string, unknown>;
type Statement = typeof statements.$inferSelect;

/** Largest partner sheet (a year of a big financier's stations fits many times over). */
export const SHEET_MAX_BYTES = 5 * 1024 * 1024;

/** The partner's sheet: .xlsx or .csv (UTF-8 or GBK), headers by name, the key, quantity and amount. */
function sheetSpec(kind: string): ImportSpec {
  const cols = kind === 'financier' ? STATEMENT_SHEET_COLUMNS.financier : STATEMENT_SHEET_COLUMNS.supplier;
  return {
    def: statementResource,
    templateTitle: ['对方账单', 'partner sheet'],
    maxRows: STATEMENT_MAX_ROWS,
    maxBytes: SHEET_MAX_BYTES,
    headerSearchRows: 10,
    read: (file, limits) => readResultFile(file, limits, { type: 'error.statement_import_type', malformed: 'error.statement_import_malformed' }),
    columns: cols.map((c) => ({ key: c.key, label: [c.zh, c.en] as [string, string], required: c.required, example: c.example || null })),
    schema: kind === 'financier' ? statementFinancierRowSchema : statementSupplierRowSchema,
  };
}

/** The partner sheet's template of a statement kind: its exact headers (required ones marked *) and an example row. */
export const sheetTemplate = (kind: string, lang: Lang) => importTemplate(sheetSpec(kind), lang);

interface SheetRow {
  row: number;
  key: string;
  qty: string | null;
  amount: string;
  remark: string | null;
}

/**
 * The statement's named actions (docs/DECISIONS.md "Statements"): refresh our side (draft), send
 * (draft → sent), import the partner's sheet (sent / imported → imported; all or nothing; the same
 * sheet again changes nothing), explain a difference (a note and which side stands), confirm
 * (imported → confirmed, only with every difference explained; never changes afterwards). Each locks
 * the statement in the caller's scope, checks its version and state, logs and records the timeline.
 */
export class StatementActions {
  constructor(private readonly db: Db) {}

  private async locked(tx: Queryable, id: number, version: number | null, auth: AuthContext) {
    const s = (await loadOne(tx, statementResource, id, auth, { lock: true })) as Statement;
    if (version !== null && s.version !== version) throw conflict(s.version, version);
    return s;
  }

  private async apply(tx: Queryable, s: Statement, actor: Actor, action: StatementAction, set: Row, opts: { reason?: string | null; data?: Record<string, unknown> } = {}) {
    const to = assertTransition(STATEMENT_MACHINE, s.status, action, StatementStatus, StatementActionLabel);
    const [after] = await tx
      .update(statements)
      .set({ ...set, status: to, version: sql`${statements.version} + 1`, updated_at: new Date() } as never)
      .where(eq(statements.id, s.id))
      .returning();
    await writeLog(tx, actor, { action, resource: 'statement', recordId: s.id, before: s as unknown as Row, after: after as unknown as Row });
    await recordTransition(tx, actor, { entity: 'statement', entityId: s.id, action, from: s.status, to, reason: opts.reason ?? null, data: opts.data });
    return after!;
  }

  /** 重新取数: our side made again from our records (a draft only: once sent, it is what the partner compares with). */
  async refresh(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(statementMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      if (s.status !== 'draft') throw illegalStatementAction(s.status, 'refresh');
      await buildOurSide(tx, s);
      await refreshTotals(tx, s.id);
      const [fresh] = await tx.select().from(statements).where(eq(statements.id, s.id));
      return this.apply(tx, s, actor, 'refresh', {}, { data: { our_count: fresh!.our_count, our_amount: fresh!.our_amount } });
    });
  }

  /** 发送对方: draft → sent; our side is fixed from now on. */
  async send(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(statementMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      const after = await this.apply(tx, s, actor, 'send', { sent_by: auth.userId, sent_at: new Date() }, { data: { our_count: s.our_count, our_amount: s.our_amount } });
      await raiseWorkflowEvent(tx, 'statement.sent', s.id, actor);
      return after;
    });
  }

  /** 说明差异 on one line that has a difference: the note and which side stands (ours / theirs / not counted). */
  async explain(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(statementExplainSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      if (s.status !== 'imported') throw illegalStatementAction(s.status, 'explain');
      const [line] = await query<Row & { has_difference: boolean }>(tx, sql`select l.*, ${DIFF} as has_difference from statement_lines l where l.id = ${input.line_id} for update`);
      if (!line || line.statement_id !== s.id) throw new ApiError(400, 'error.statement_line_missing', { line_id: input.line_id, statement_no: s.statement_no });
      if (!line.has_difference) throw new ApiError(400, 'error.statement_no_difference', { key: line.key });
      const [after] = await tx
        .update(statementLines)
        .set({ note: input.note, agreed: input.agreed, explained_by: auth.userId, explained_at: new Date(), version: sql`${statementLines.version} + 1`, updated_at: new Date() })
        .where(eq(statementLines.id, input.line_id))
        .returning();
      await writeLog(tx, actor, { action: 'explain', resource: 'statement_line', recordId: input.line_id, before: line, after: after as unknown as Row });
      await refreshTotals(tx, s.id, true);
      return this.apply(tx, s, actor, 'explain', {}, { reason: input.note, data: { line_id: input.line_id, key: line.key, agreed: input.agreed } });
    });
  }

  /** 确认对账: imported → confirmed when every difference is explained; the agreed amount is fixed. */
  async confirm(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(statementMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      if (s.status !== 'imported') throw illegalStatementAction(s.status, 'confirm');
      const open = await query<{ key: string }>(tx, sql`select l.key from statement_lines l where l.statement_id = ${s.id} and ${DIFF} and l.note is null order by l.key`);
      if (open.length) throw new ApiError(400, 'error.statement_unexplained', { n: open.length, keys: open.slice(0, 3).map((o) => o.key).join(', ') });
      const [sum] = await query<{ agreed: string }>(tx, sql`select coalesce(sum(${AGREED}), 0)::numeric(14,2)::text as agreed from statement_lines l where l.statement_id = ${s.id}`);
      return this.apply(tx, s, actor, 'confirm', { agreed_amount: sum!.agreed, confirmed_by: auth.userId, confirmed_at: new Date() }, { data: { agreed_amount: sum!.agreed, our_amount: s.our_amount, their_amount: s.their_amount } });
    });
  }

  /**
   * 导入对方账单: every row checked (schema, a key once per file) and reported; with no problem,
   * one transaction replaces their side. A sheet equal to the one imported changes nothing and says so.
   * A note stays on a line whose partner figures did not change.
   */
  async importSheet(input: { id: number; version?: number; file_name?: string }, file: Uint8Array, auth: AuthContext, actor: Actor, lang: Lang): Promise<ImportResult> {
    const s = (await loadOne(this.db, statementResource, input.id, auth)) as Statement;
    if (!(STATEMENT_MACHINE.import.from as readonly string[]).includes(s.status)) throw illegalStatementAction(s.status, 'import');
    if (input.version != null && s.version !== input.version) throw conflict(s.version, input.version);
    const spec = sheetSpec(s.kind);
    const { inputs, errors } = await parseImport(spec, file, lang);
    const keyColumn = s.kind === 'financier' ? STATEMENT_SHEET_COLUMNS.financier[0] : STATEMENT_SHEET_COLUMNS.supplier[0];
    const rows: SheetRow[] = [];
    const seen = new Map<string, number>();
    for (const { row, input: r } of inputs) {
      const key = s.kind === 'financier' ? String(r.station_code) : supplierKey(String(r.reference), String(r.material_code));
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push({ row, column: lang === 'zh' ? keyColumn.zh : keyColumn.en, message: t('error.statement_duplicate_key', lang, { row: first, column: lang === 'zh' ? keyColumn.zh : keyColumn.en }) });
        continue;
      }
      seen.set(key, row);
      rows.push({ row, key, qty: (r.qty as string | undefined) ?? null, amount: String(r.amount), remark: (r.remark as string | null | undefined) ?? null });
    }
    if (errors.length) {
      errors.sort((a: RowError, b: RowError) => a.row - b.row);
      return { imported: 0, errors: errors.slice(0, MAX_REPORTED) };
    }
    const json = JSON.stringify(rows);
    return this.db.transaction(async (tx) => {
      const locked = await this.locked(tx, s.id, input.version ?? null, auth);
      if (!(STATEMENT_MACHINE.import.from as readonly string[]).includes(locked.status)) throw illegalStatementAction(locked.status, 'import');
      const X = sql`(select * from jsonb_to_recordset(${json}::jsonb) as x("row" int, key text, qty numeric, amount numeric, remark text))`;
      // the same sheet again: every key with the same figures, and nothing else on their side
      const [same] = await query<{ differ: number }>(
        tx,
        sql`select count(*)::int as differ from (select l.key, l.their_qty, l.their_amount from statement_lines l where l.statement_id = ${s.id} and l.their_amount is not null) o
            full join ${X} x on x.key = o.key
            where o.key is null or x.key is null or o.their_amount <> x.amount or o.their_qty is distinct from x.qty::numeric(14,3)`,
      );
      if (locked.status === 'imported' && Number(same!.differ) === 0) {
        return { imported: 0, unchanged: rows.length, message: t('statement.import_unchanged', lang, { rows: rows.length }) };
      }
      const labelOf = s.kind === 'financier' ? sql`(select st.name from stations st where st.code = x.key)` : sql`(select mt.name from materials mt where mt.code = split_part(x.key, '/', 2))`;
      await tx.execute(sql`
        insert into statement_lines (statement_id, key, label, their_qty, their_amount, their_row, their_remark)
        select ${s.id}::int, x.key, ${labelOf}, x.qty, x.amount, x."row", x.remark from ${X} x
        on conflict (statement_id, key) do update set
          note = case when statement_lines.their_amount is not distinct from excluded.their_amount and statement_lines.their_qty is not distinct from excluded.their_qty then statement_lines.note end,
          agreed = case when statement_lines.their_amount is not distinct from excluded.their_amount and statement_lines.their_qty is not distinct from excluded.their_qty then statement_lines.agreed end,
          their_qty = excluded.their_qty, their_amount = excluded.their_amount, their_row = excluded.their_row, their_remark = excluded.their_remark,
          version = statement_lines.version + 1, updated_at = now()`);
      // keys their earlier sheet had and this one does not
      await tx.execute(sql`
        update statement_lines l set their_qty = null, their_amount = null, their_row = null, their_remark = null, note = null, agreed = null, version = l.version + 1, updated_at = now()
        where l.statement_id = ${s.id} and l.their_amount is not null and not exists (select 1 from ${X} x where x.key = l.key)`);
      await tx.execute(sql`delete from statement_lines where statement_id = ${s.id} and our_amount is null and their_amount is null`);
      await refreshTotals(tx, s.id, true);
      const [g] = await query<{ matched: number; ours: number; theirs: number; diffs: number }>(
        tx,
        sql`select count(*) filter (where our_amount is not null and their_amount is not null)::int as matched,
                   count(*) filter (where their_amount is null)::int as ours, count(*) filter (where our_amount is null)::int as theirs,
                   count(*) filter (where ${DIFF})::int as diffs
            from statement_lines l where l.statement_id = ${s.id}`,
      );
      const summary = { rows: rows.length, matched: g!.matched, ours: g!.ours, theirs: g!.theirs, diffs: g!.diffs };
      await this.apply(tx, locked, actor, 'import', { file_name: input.file_name?.slice(0, 200) ?? null, imported_by: auth.userId, imported_at: new Date() }, { data: { ...summary, file_name: input.file_name ?? null } });
      await raiseWorkflowEvent(tx, 'statement.imported', s.id, actor);
      return { imported: rows.length, ...summary, message: t('statement.import_done', lang, summary) };
    });
  }

  /** The comparison: every line with its group, differences and who explained it. */
  async lines(id: number, auth: AuthContext) {
    await loadOne(this.db, statementResource, id, auth);
    const rows = await query<Row>(
      this.db,
      sql`select l.id, l.statement_id, l.key, l.label, l.source_type, l.source_id, l.no_rate,
                 l.our_qty::text as our_qty, l.our_amount::text as our_amount, l.their_qty::text as their_qty, l.their_amount::text as their_amount,
                 l.their_row, l.their_remark, l.note, l.agreed, l.explained_at,
                 case when l.our_amount is null then 'theirs_only' when l.their_amount is null then 'ours_only' else 'matched' end as "group",
                 (coalesce(l.their_amount, 0) - coalesce(l.our_amount, 0))::numeric(14,2)::text as diff_amount,
                 case when l.our_qty is not null and l.their_qty is not null then (l.their_qty - l.our_qty)::numeric(14,3)::text end as diff_qty,
                 (s.status in ('imported', 'confirmed') and ${DIFF}) as has_difference,
                 (select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = l.explained_by) as explained_by_name
          from statement_lines l join statements s on s.id = l.statement_id where l.statement_id = ${id}
          order by case when l.our_amount is null then 2 when l.their_amount is null then 1 else 0 end, l.key`,
    );
    const list: Row[] = rows.map((r) => ({ ...r, explained_at: r.explained_at ? new Date(r.explained_at as string).toISOString() : null }));
    return { list, total: list.length };
  }

  // ------------------------------------------------------------ financier rates

  async rates(partnerId: number) {
    const list = await query<Row>(
      this.db,
      sql`select r.id, r.partner_id, r.effective_from::text as effective_from, r.rate_per_kwp::text as rate_per_kwp, r.remark, r.version, r.updated_at
          from financier_rates r where r.partner_id = ${partnerId} order by r.effective_from desc`,
    );
    return { list, total: list.length };
  }

  /**
   * 删除资方单价: a rate no confirmed statement used — i.e. no confirmed statement of the partner has a
   * station whose grid day (China date) falls in the rate's days (from its effective day to the day
   * before the next rate's). Otherwise refused with the count and the first numbers. Logged. Draft
   * statements pick the rate in force again on their next refresh; sent ones keep their fixed side.
   */
  async deleteRate(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(financierRateDeleteSchema, body);
    return this.db.transaction(async (tx) => {
      const [r] = await query<Row>(tx, sql`select * , effective_from::text as from_day, rate_per_kwp::text as rate_text from financier_rates where id = ${input.id} for update`);
      if (!r) throw new ApiError(400, 'error.statement_rate_missing', { id: input.id });
      if (r.version !== input.version) throw conflict(r.version as number, input.version);
      const used = await query<{ statement_no: string }>(
        tx,
        sql`select s.statement_no from statements s
            where s.partner_id = ${r.partner_id as number} and s.kind = 'financier' and s.status = 'confirmed'
              and exists (select 1 from statement_lines l join stations st on st.id = l.source_id
                          where l.statement_id = s.id and l.source_type = 'station' and l.our_amount is not null
                            and (st.grid_at at time zone 'Asia/Shanghai')::date >= ${r.from_day as string}::date
                            and (st.grid_at at time zone 'Asia/Shanghai')::date < coalesce((select min(n.effective_from) from financier_rates n where n.partner_id = ${r.partner_id as number} and n.effective_from > ${r.from_day as string}::date), 'infinity'::date))
            order by s.statement_no`,
      );
      if (used.length) throw new ApiError(400, 'error.statement_rate_used', { from: r.from_day, rate: r.rate_text, n: used.length, list: used.slice(0, 3).map((u) => u.statement_no).join(', ') + (used.length > 3 ? ' …' : '') });
      await tx.delete(financierRates).where(eq(financierRates.id, input.id));
      await writeLog(tx, actor, { action: 'rate_delete', resource: 'financier_rate', recordId: input.id, before: r, after: null });
      return { id: input.id, deleted: true };
    });
  }

  /** 资方单价: yuan per kWp from a day on; the same day again replaces that day's rate (logged). Lines already made keep their amounts. */
  async setRate(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(financierRateCreateSchema, body);
    return this.db.transaction(async (tx) => {
      const [p] = await tx.select().from(partners).where(eq(partners.id, input.partner_id));
      if (!p) throw new ApiError(400, 'error.invalid_params', { detail: 'partner_id' });
      if (p.kind !== 'financier') throw new ApiError(400, 'error.statement_partner_kind', { partner: p.name, kind: p.kind });
      const [before] = await tx.select().from(financierRates).where(sql`${financierRates.partner_id} = ${input.partner_id} and ${financierRates.effective_from} = ${input.effective_from}`);
      const [after] = await tx
        .insert(financierRates)
        .values({ partner_id: input.partner_id, effective_from: input.effective_from, rate_per_kwp: input.rate_per_kwp, remark: input.remark ?? null, created_by: auth.userId })
        .onConflictDoUpdate({
          target: [financierRates.partner_id, financierRates.effective_from],
          set: { rate_per_kwp: input.rate_per_kwp, remark: input.remark ?? null, version: sql`${financierRates.version} + 1`, updated_at: new Date() },
        })
        .returning();
      await writeLog(tx, actor, { action: 'rate', resource: 'financier_rate', recordId: after!.id, before: (before as unknown as Row) ?? null, after: after as unknown as Row });
      return after!;
    });
  }
}
