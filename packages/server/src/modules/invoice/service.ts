import {
  INVOICE_MACHINE,
  InvoiceActionLabel,
  InvoiceDirection,
  type InvoiceLineInput,
  InvoiceMatchTarget,
  InvoiceStatus,
  type Lang,
  Money,
  type InvoiceMatchStateValue,
  invoiceCreateSchema,
  invoiceEditSchema,
  invoiceMatchSchema,
  invoiceMoveSchema,
  invoiceRedLetterSchema,
  invoiceTotals,
  invoiceUnmatchSchema,
  invoiceVoidSchema,
  lineTax,
  linePriceOk,
  rateSummary,
  sumMoney,
  toFen,
  totalsMismatch,
} from '@pv/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { invoiceLines, invoiceMatches, invoices, partners } from '../../db/schema/index.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { invoiceResource as def } from './resource.ts';
import { MATCH_TARGETS } from './targets.ts';

type Row = Record<string, unknown>;
type Totals = { amount_total: string; tax_total: string; total: string };

const FIELD_LABEL: Record<keyof Totals, { zh: string; en: string }> = {
  amount_total: { zh: '合计金额（不含税）', en: 'The amount excluding tax' },
  tax_total: { zh: '合计税额', en: 'The tax' },
  total: { zh: '价税合计', en: 'The total' },
};
const actionLabels = { label: (a: string | null | undefined, lang: Lang) => InvoiceActionLabel.label(a, lang) };
const stateError = (key: string, row: Row, extra: Record<string, unknown> = {}) =>
  new ApiError(400, key, { no: row.invoice_no, state: row.status, ...extra }, (lang) => t(key, lang, { ...extra, no: String(row.invoice_no), state: InvoiceStatus.label(String(row.status), lang) }));

/** What is left of an original per tax rate (its lines less the red-letter lines crediting it): amount and tax excluding the credit being made. */
type LeftByRate = Map<string, { amount: Money; tax: Money }>;

/**
 * The lines with their tax; the entered totals checked against their sums (refused naming the
 * difference). With `left` (a red-letter invoice): a credit that takes the rest of a rate's amount
 * takes the rest of its tax too, on its last line of that rate — otherwise a partial credit in
 * thirds would leave 0.01 of tax no line could ever credit (every part but the last is rounded,
 * the last is the whole minus the others; docs/DECISIONS.md "Money").
 */
function priced(lines: readonly InvoiceLineInput[], entered: Totals, left?: LeftByRate) {
  lines.forEach((l, i) => {
    if (!linePriceOk(l.quantity, l.unit_price, l.amount)) {
      throw new ApiError(400, 'error.invoice_line_price', { line: i + 1, product: toFen(new Money(l.quantity!).times(l.unit_price!)), amount: l.amount });
    }
  });
  const taxes = lines.map((l) => lineTax(l.amount, l.tax_rate));
  for (const [rate, rest] of left ?? []) {
    const at = lines.map((l, i) => (String(l.tax_rate) === rate ? i : -1)).filter((i) => i >= 0);
    if (!at.length) continue;
    const amount = at.reduce((s, i) => s.plus(lines[i]!.amount), new Money(0));
    if (!amount.negated().eq(rest.amount)) continue;
    const tax = at.reduce((s, i) => s.plus(taxes[i]!), new Money(0));
    const diff = rest.tax.negated().minus(tax);
    const last = at.at(-1)!;
    if (!diff.isZero() && diff.abs().lte('0.06')) taxes[last] = toFen(new Money(taxes[last]!).plus(diff));
  }
  const amountTotal = sumMoney(lines.map((l) => l.amount));
  const taxTotal = sumMoney(taxes);
  const computed = left ? { amount_total: amountTotal, tax_total: taxTotal, total: sumMoney([amountTotal, taxTotal]) } : invoiceTotals(lines);
  const miss = totalsMismatch(entered, computed);
  if (miss) {
    throw new ApiError(400, 'error.invoice_total_mismatch', { ...miss }, (lang) => t('error.invoice_total_mismatch', lang, { ...miss, field: FIELD_LABEL[miss.field][lang] }));
  }
  return {
    totals: computed,
    rows: lines.map((l, i) => ({ seq: i + 1, item: l.item, spec: l.spec ?? null, unit: l.unit ?? null, quantity: l.quantity ?? null, unit_price: l.unit_price ?? null, amount: l.amount, tax_rate: Number(l.tax_rate), tax: taxes[i]! })),
  };
}

/** none / partial / full: what is matched against total − credited. */
function matchState(total: string, credited: string, matched: string): InvoiceMatchStateValue {
  const net = new Money(total).minus(credited);
  const m = new Money(matched);
  if (m.isZero()) return 'none';
  return m.eq(net) ? 'full' : 'partial';
}

/** The status an invoice takes from its sums (registered ones only move between these three). */
function settledStatus(total: string, credited: string, matched: string): 'registered' | 'matched' | 'credited' {
  const net = new Money(total).minus(credited);
  if (net.isZero() && new Money(total).gt(0)) return 'credited';
  return !new Money(matched).isZero() && new Money(matched).eq(net) ? 'matched' : 'registered';
}

/** Did this error come from the unique index on code + number (a concurrent entry won the race)? */
function isNumberRace(err: unknown): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; constraint_name?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505' && [e.constraint, e.constraint_name, e.message].some((v) => typeof v === 'string' && v.includes('invoices_code_no_key'))) return true;
  }
  return false;
}

/**
 * Invoices' writes (docs/DECISIONS.md "Invoices"): a draft entered and edited with its lines (the
 * totals checked against them), registered, voided with a reason; red-letter invoices that credit
 * an original (under its row lock); matches to settlements (the target registry). Every write
 * checks permission (the route), data scope and the version read, and logs before/after.
 */
export class InvoiceService {
  constructor(
    private readonly db: Db,
    /** null in the demo seed, which attaches no file */
    private readonly fileService: FileService | null,
  ) {}

  private get files(): FileService {
    if (!this.fileService) throw new Error('invoice: no file service');
    return this.fileService;
  }

  private async duplicate(db: Queryable, code: string, no: string, exceptId: number | null): Promise<ApiError | null> {
    const [dup] = await db
      .select({ id: invoices.id, direction: invoices.direction, issue_date: invoices.issue_date, status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.invoice_code, code), eq(invoices.invoice_no, no), exceptId === null ? undefined : sql`${invoices.id} <> ${exceptId}`));
    if (!dup) return null;
    const params = { code: code || '-', no, direction: dup.direction, date: dup.issue_date, status: dup.status };
    return new ApiError(400, 'error.invoice_duplicate', params, (lang) =>
      t('error.invoice_duplicate', lang, { ...params, direction: InvoiceDirection.label(dup.direction, lang), status: InvoiceStatus.label(dup.status, lang) }),
    );
  }

  /** A code + number taken by a concurrent write surfaces as the same 400 as the pre-check's. */
  private async guarded<T>(numbers: () => { code: string; no: string } | null, exceptId: number | null, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const n = numbers();
      if (n && isNumberRace(err)) throw (await this.duplicate(this.db, n.code, n.no, exceptId)) ?? new ApiError(400, 'error.invoice_duplicate', { code: n.code, no: n.no });
      throw err;
    }
  }

  /** The counterpart partner must exist; its credit code must be the counterpart's tax id on the invoice. */
  private async checkPartner(tx: Queryable, v: Row) {
    if (v.partner_id == null) return;
    const [p] = await tx.select({ id: partners.id, name: partners.name, credit_code: partners.credit_code }).from(partners).where(eq(partners.id, v.partner_id as number));
    if (!p) throw new ApiError(400, 'error.invoice_partner_missing', { id: v.partner_id });
    const incoming = v.direction === 'in';
    const taxId = (incoming ? v.seller_tax_id : v.buyer_tax_id) as string | null;
    if (taxId !== p.credit_code) {
      const params = { partner: p.name, code: p.credit_code, tax_id: taxId ?? '-' };
      throw new ApiError(400, 'error.invoice_partner_tax_id', params, (lang) => t('error.invoice_partner_tax_id', lang, { ...params, side: incoming ? (lang === 'zh' ? '销售方' : 'seller') : lang === 'zh' ? '购买方' : 'buyer' }));
    }
  }

  private async putLines(tx: Queryable, invoiceId: number, rows: ReturnType<typeof priced>['rows']) {
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId));
    if (rows.length) await tx.insert(invoiceLines).values(rows.map((r) => ({ ...r, invoice_id: invoiceId })));
  }

  /** What the log keeps: the row and its lines. */
  private async snapshot(tx: Queryable, row: Row): Promise<Row> {
    const lines = await tx
      .select({ seq: invoiceLines.seq, item: invoiceLines.item, amount: invoiceLines.amount, tax_rate: invoiceLines.tax_rate, tax: invoiceLines.tax })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoice_id, row.id as number))
      .orderBy(asc(invoiceLines.seq));
    return { ...row, lines };
  }

  private async locked(tx: Queryable, id: number, version: number | null, auth: AuthContext) {
    const row = await loadOne(tx, def, id, auth, { lock: true });
    if (version !== null && row.version !== version) throw conflict(row.version as number, version);
    return row;
  }

  /** invoice/add → a draft with its lines; the totals must be the lines' sums. */
  async add(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(invoiceCreateSchema, body);
    return this.guarded(() => ({ code: input.invoice_code, no: input.invoice_no }), null, () =>
      this.db.transaction(async (tx) => {
        const { lines, amount_total, tax_total, total, ...fields } = input;
        const { totals, rows } = priced(lines, { amount_total, tax_total, total });
        const dup = await this.duplicate(tx, input.invoice_code, input.invoice_no, null);
        if (dup) throw dup;
        await this.checkPartner(tx, input);
        const [row] = await tx
          .insert(invoices)
          .values({ ...fields, buyer_tax_id: fields.buyer_tax_id ?? null, ...totals, created_by: auth.userId })
          .returning();
        const id = row!.id;
        await loadOne(tx, def, id, auth);
        await this.putLines(tx, id, rows);
        if (input.file_id) await this.files.attach(tx, [input.file_id], 'invoice', id, auth);
        await writeLog(tx, actor, { action: 'add', resource: 'invoice', recordId: id, after: await this.snapshot(tx, row as Row) });
        await recordTransition(tx, actor, { entity: 'invoice', entityId: id, action: 'add', from: null, to: 'draft', data: { invoice_no: input.invoice_no, total: totals.total } });
        await raiseWorkflowEvent(tx, 'invoice.created', id, actor);
        return row as Row;
      }),
    );
  }

  /** invoice/edit {id, version, …}: a draft only; lines and totals are sent together (complete). */
  async edit(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const { id, version, lines, amount_total, tax_total, total, ...input } = parse(invoiceEditSchema, body);
    let numbers: { code: string; no: string } | null = null;
    return this.guarded(() => numbers, id, () =>
      this.db.transaction(async (tx) => {
        const before = await this.locked(tx, id, version, auth);
        if (before.status !== 'draft') throw stateError('error.invoice_not_draft', before);
        const merged = { ...before, ...input } as Row;
        const again = parse(invoiceCreateSchema, {
          ...Object.fromEntries(Object.entries(merged).filter(([k]) => ['direction', 'kind', 'invoice_code', 'invoice_no', 'issue_date', 'seller_name', 'seller_tax_id', 'buyer_name', 'buyer_tax_id', 'partner_id', 'file_id', 'remark'].includes(k))),
          lines: lines ?? (await tx.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, id)).orderBy(asc(invoiceLines.seq))).map((l) => ({ item: l.item, spec: l.spec, unit: l.unit, quantity: l.quantity, unit_price: l.unit_price, amount: l.amount, tax_rate: String(l.tax_rate) })),
          amount_total: amount_total ?? before.amount_total,
          tax_total: tax_total ?? before.tax_total,
          total: total ?? before.total,
        });
        numbers = { code: again.invoice_code, no: again.invoice_no };
        const { totals, rows } = priced(again.lines, again);
        if (again.invoice_code !== before.invoice_code || again.invoice_no !== before.invoice_no) {
          const dup = await this.duplicate(tx, again.invoice_code, again.invoice_no, id);
          if (dup) throw dup;
        }
        await this.checkPartner(tx, again);
        const logBefore = await this.snapshot(tx, before);
        if (lines) await this.putLines(tx, id, rows);
        if (input.file_id) await this.files.attach(tx, [input.file_id], 'invoice', id, auth);
        const { lines: _l, amount_total: _a, tax_total: _t, total: _tt, ...fields } = again;
        const [after] = await tx
          .update(invoices)
          .set({ ...fields, buyer_tax_id: fields.buyer_tax_id ?? null, partner_id: fields.partner_id ?? null, file_id: fields.file_id ?? null, remark: fields.remark ?? null, ...totals, version: sql`${invoices.version} + 1`, updated_at: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        await writeLog(tx, actor, { action: 'edit', resource: 'invoice', recordId: id, before: logBefore, after: await this.snapshot(tx, after as Row) });
        return after as Row;
      }),
    );
  }

  /** 登记: draft → registered; the amounts are final from now on. */
  async register(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const { id, version } = parse(invoiceMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id, version, auth);
      const to = assertTransition(INVOICE_MACHINE, before.status as string, 'register', InvoiceStatus, actionLabels);
      // 发票登记审批: a published process may have to approve the registration first
      const pending = await requestApproval(tx, { type: 'invoice', action: 'register', record: before, params: {}, actor });
      if (pending) return { ...before, workflow_request: pending };
      const [after] = await tx
        .update(invoices)
        .set({ status: to, registered_at: new Date(), registered_by: auth.userId, version: sql`${invoices.version} + 1`, updated_at: new Date() })
        .where(eq(invoices.id, id))
        .returning();
      await writeLog(tx, actor, { action: 'register', resource: 'invoice', recordId: id, before: { status: before.status }, after: { status: to } });
      await recordTransition(tx, actor, { entity: 'invoice', entityId: id, action: 'register', from: before.status as string, to, data: { total: before.total } });
      await raiseWorkflowEvent(tx, 'invoice.registered', id, actor);
      return after as Row;
    });
  }

  /**
   * 作废 {id, version, reason}: a draft or a registered invoice with no matches and no credits. A red-letter
   * invoice voided gives its credit back to its original (under the original's row lock).
   */
  async void(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const { id, version, reason } = parse(invoiceVoidSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id, version, auth);
      const to = assertTransition(INVOICE_MACHINE, before.status as string, 'void', InvoiceStatus, actionLabels);
      if (!new Money(String(before.matched_amount)).isZero() || !new Money(String(before.credited_amount)).isZero()) {
        throw new ApiError(400, 'error.invoice_void_blocked', { no: before.invoice_no, matched: before.matched_amount, credited: before.credited_amount });
      }
      if (before.is_red && before.status === 'registered') {
        const original = await this.locked(tx, before.original_id as number, null, auth);
        const credited = toFen(new Money(String(original.credited_amount)).plus(String(before.total)));
        await this.settle(tx, original, actor, { credited_amount: credited }, 'uncredited', { red_id: id, red_no: before.invoice_no, amount: toFen(new Money(String(before.total)).negated()) });
      }
      const [after] = await tx
        .update(invoices)
        .set({ status: to, void_reason: reason, voided_at: new Date(), voided_by: auth.userId, version: sql`${invoices.version} + 1`, updated_at: new Date() })
        .where(eq(invoices.id, id))
        .returning();
      await writeLog(tx, actor, { action: 'void', resource: 'invoice', recordId: id, before: { status: before.status }, after: { status: to, void_reason: reason } });
      await recordTransition(tx, actor, { entity: 'invoice', entityId: id, action: 'void', from: before.status as string, to, reason });
      return after as Row;
    });
  }

  /** New sums on a locked registered invoice → its match state and status follow; logged and on its timeline. */
  private async settle(tx: Queryable, row: Row, actor: Actor, set: { credited_amount?: string; matched_amount?: string }, action: string, data: Record<string, unknown>, reason: string | null = null) {
    const credited = set.credited_amount ?? String(row.credited_amount);
    const matched = set.matched_amount ?? String(row.matched_amount);
    const status = settledStatus(String(row.total), credited, matched);
    const state = matchState(String(row.total), credited, matched);
    const [after] = await tx
      .update(invoices)
      .set({ credited_amount: credited, matched_amount: matched, match_state: state, status, version: sql`${invoices.version} + 1`, updated_at: new Date() })
      .where(eq(invoices.id, row.id as number))
      .returning();
    await writeLog(tx, actor, { action, resource: 'invoice', recordId: row.id as number, before: { status: row.status, credited_amount: row.credited_amount, matched_amount: row.matched_amount }, after: { status, credited_amount: credited, matched_amount: matched, ...data } });
    await recordTransition(tx, actor, { entity: 'invoice', entityId: row.id as number, action, from: row.status as string, to: status, reason, data });
    return after as Row;
  }

  /**
   * 开具红字发票 {id: the original, version, …}: a red-letter invoice with negative lines, registered at
   * once. The original is row-locked for the whole check and write: what it has left (total −
   * credited) is read under the lock, so two credits at once are decided one after the other and the
   * second sees the first (only what fits lands). The original's matched amount must still fit.
   */
  async redLetter(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(invoiceRedLetterSchema, body);
    return this.guarded(() => ({ code: input.invoice_code, no: input.invoice_no }), null, () =>
      this.db.transaction(async (tx) => {
        const original = await this.locked(tx, input.id, input.version, auth);
        if (original.is_red) throw new ApiError(400, 'error.invoice_red_original');
        if (original.status !== 'registered' && original.status !== 'matched') throw stateError('error.invoice_not_original', original);
        const { totals, rows } = priced(input.lines, input, await this.leftByRate(tx, original.id as number));
        const amount = new Money(totals.total).negated();
        const left = new Money(String(original.total)).minus(String(original.credited_amount));
        if (amount.gt(left)) {
          throw new ApiError(400, 'error.invoice_credit_exceeds', {
            amount: amount.toFixed(2), no: original.invoice_no, left: left.toFixed(2), total: original.total, credited: original.credited_amount, diff: amount.minus(left).toFixed(2),
          });
        }
        const leftAfter = left.minus(amount);
        if (leftAfter.lt(String(original.matched_amount))) throw new ApiError(400, 'error.invoice_credit_matched', { no: original.invoice_no, left: leftAfter.toFixed(2), matched: original.matched_amount });
        const dup = await this.duplicate(tx, input.invoice_code, input.invoice_no, null);
        if (dup) throw dup;
        const [red] = await tx
          .insert(invoices)
          .values({
            direction: original.direction as string, kind: input.kind, invoice_code: input.invoice_code, invoice_no: input.invoice_no, issue_date: input.issue_date,
            seller_name: original.seller_name as string, seller_tax_id: original.seller_tax_id as string, buyer_name: original.buyer_name as string, buyer_tax_id: (original.buyer_tax_id as string | null) ?? null,
            partner_id: (original.partner_id as number | null) ?? null, is_red: true, original_id: original.id as number, red_reason: input.reason,
            ...totals, status: 'registered', registered_at: new Date(), registered_by: auth.userId, file_id: input.file_id ?? null, created_by: auth.userId,
          })
          .returning();
        const id = red!.id;
        await this.putLines(tx, id, rows);
        if (input.file_id) await this.files.attach(tx, [input.file_id], 'invoice', id, auth);
        await writeLog(tx, actor, { action: 'red_letter', resource: 'invoice', recordId: id, after: await this.snapshot(tx, red as Row) });
        await recordTransition(tx, actor, { entity: 'invoice', entityId: id, action: 'red_letter', from: null, to: 'registered', reason: input.reason, data: { original_no: original.invoice_no, total: totals.total } });
        await this.settle(tx, original, actor, { credited_amount: toFen(new Money(String(original.credited_amount)).plus(amount)) }, 'credited', { red_id: id, red_no: input.invoice_no, amount: amount.toFixed(2) }, input.reason);
        return red as Row;
      }),
    );
  }

  /** An original's amount and tax per rate, less its registered red-letter invoices' lines. */
  private async leftByRate(tx: Queryable, originalId: number): Promise<LeftByRate> {
    const rows = await query<{ rate: number; amount: string; tax: string }>(
      tx,
      sql`select l.tax_rate as rate, sum(l.amount)::text as amount, sum(l.tax)::text as tax from invoice_lines l join invoices i on i.id = l.invoice_id
          where (i.id = ${originalId} or (i.original_id = ${originalId} and i.is_red and i.status <> 'voided')) group by l.tax_rate`,
    );
    return new Map(rows.map((r) => [String(r.rate), { amount: new Money(r.amount), tax: new Money(r.tax) }]));
  }

  /** What has been invoiced against a target: the sum of every match on it. */
  private async invoicedOn(db: Queryable, type: string, targetId: number): Promise<string> {
    const [r] = await query<{ s: string }>(db, sql`select coalesce(sum(amount), 0)::text as s from invoice_matches where target_type = ${type} and target_id = ${targetId}`);
    return toFen(r?.s ?? '0');
  }

  /**
   * 匹配 {id, version, target_type, target_id, amount}: the invoice (registered, not red, not fully
   * matched) and then the target are row-locked; the amount must fit what is left of both (the
   * invoice's net amount less its matches; the target's settled amount less every invoice's matches).
   */
  async match(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(invoiceMatchSchema, body);
    const registry = MATCH_TARGETS[input.target_type];
    return this.db.transaction(async (tx) => {
      const inv = await this.locked(tx, input.id, input.version, auth);
      if (inv.is_red) throw new ApiError(400, 'error.invoice_red_original');
      if (inv.status !== 'registered') throw stateError('error.invoice_match_state', inv);
      const targetName = (lang: Lang) => InvoiceMatchTarget.label(input.target_type, lang);
      if (!registry.directions.includes(inv.direction as 'in' | 'out')) {
        throw new ApiError(400, 'error.invoice_match_direction', { target: input.target_type }, (lang) =>
          t('error.invoice_match_direction', lang, { target: targetName(lang), direction: registry.directions.map((d) => InvoiceDirection.label(d, lang)).join('/') }),
        );
      }
      const target = await registry.lock(tx, input.target_id, auth);
      if (target.direction && target.direction !== inv.direction) {
        throw new ApiError(400, 'error.invoice_match_direction', { target: input.target_type }, (lang) =>
          t('error.invoice_match_direction', lang, { target: `${targetName(lang)} ${target.no}`, direction: InvoiceDirection.label(target.direction!, lang) }),
        );
      }
      if (!target.matchable) {
        throw new ApiError(400, 'error.invoice_match_target_state', { target_no: target.no, state: target.status }, (lang) => t('error.invoice_match_target_state', lang, { target: targetName(lang), target_no: target.no, state: target.statusLabel(lang) }));
      }
      const [existing] = await tx.select({ id: invoiceMatches.id }).from(invoiceMatches).where(and(eq(invoiceMatches.invoice_id, inv.id as number), eq(invoiceMatches.target_type, input.target_type), eq(invoiceMatches.target_id, target.id)));
      if (existing) throw new ApiError(400, 'error.invoice_match_duplicate', { no: inv.invoice_no, target_no: target.no }, (lang) => t('error.invoice_match_duplicate', lang, { no: String(inv.invoice_no), target: targetName(lang), target_no: target.no }));
      const left = new Money(String(inv.total)).minus(String(inv.credited_amount)).minus(String(inv.matched_amount));
      if (new Money(input.amount).gt(left)) throw new ApiError(400, 'error.invoice_match_exceeds', { amount: input.amount, no: inv.invoice_no, left: left.toFixed(2) });
      const invoiced = await this.invoicedOn(tx, input.target_type, target.id);
      const targetLeft = new Money(target.settled).minus(invoiced);
      if (new Money(input.amount).gt(targetLeft)) {
        const params = { amount: input.amount, target_no: target.no, left: targetLeft.toFixed(2), settled: target.settled, invoiced };
        throw new ApiError(400, 'error.invoice_match_target_exceeds', params, (lang) => t('error.invoice_match_target_exceeds', lang, { ...params, target: targetName(lang) }));
      }
      const [m] = await tx.insert(invoiceMatches).values({ invoice_id: inv.id as number, target_type: input.target_type, target_id: target.id, amount: input.amount, created_by: auth.userId }).returning();
      return this.settle(tx, inv, actor, { matched_amount: toFen(new Money(String(inv.matched_amount)).plus(input.amount)) }, 'match', { match_id: m!.id, target_type: input.target_type, target_id: target.id, target_no: target.no, amount: input.amount });
    });
  }

  /** 取消匹配 {id, version, match_id}. */
  async unmatch(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(invoiceUnmatchSchema, body);
    return this.db.transaction(async (tx) => {
      const inv = await this.locked(tx, input.id, input.version, auth);
      const [m] = await tx.select().from(invoiceMatches).where(eq(invoiceMatches.id, input.match_id)).for('update');
      if (!m || m.invoice_id !== inv.id) throw new ApiError(400, 'error.invoice_match_missing', { id: input.match_id, no: inv.invoice_no });
      const target = (await MATCH_TARGETS[m.target_type as keyof typeof MATCH_TARGETS]?.facts(tx, [m.target_id]))?.get(m.target_id);
      await tx.delete(invoiceMatches).where(eq(invoiceMatches.id, m.id));
      return this.settle(tx, inv, actor, { matched_amount: toFen(new Money(String(inv.matched_amount)).minus(m.amount)) }, 'unmatch', { match_id: m.id, target_type: m.target_type, target_id: m.target_id, target_no: target?.no ?? null, amount: m.amount });
    });
  }

  /** The matches of an invoice with each target's settled / invoiced / paid amounts. */
  async matches(id: number, auth: AuthContext, lang: Lang) {
    await loadOne(this.db, def, id, auth);
    const rows = await this.db.select().from(invoiceMatches).where(eq(invoiceMatches.invoice_id, id)).orderBy(asc(invoiceMatches.id));
    return { list: await this.describe(rows, lang), total: rows.length };
  }

  private async describe(rows: (typeof invoiceMatches.$inferSelect)[], lang: Lang) {
    const out: Row[] = [];
    const byType = new Map<string, number[]>();
    for (const r of rows) byType.set(r.target_type, [...(byType.get(r.target_type) ?? []), r.target_id]);
    const facts = new Map<string, Awaited<ReturnType<(typeof MATCH_TARGETS)['settlement']['facts']>>>();
    for (const [type, ids] of byType) facts.set(type, await MATCH_TARGETS[type as keyof typeof MATCH_TARGETS].facts(this.db, ids));
    for (const r of rows) {
      const f = facts.get(r.target_type)?.get(r.target_id);
      const invoiced = await this.invoicedOn(this.db, r.target_type, r.target_id);
      out.push({
        id: r.id, invoice_id: r.invoice_id, target_type: r.target_type, target_id: r.target_id, amount: r.amount,
        target_no: f?.no ?? null, target_label: f?.label(lang) ?? null, target_status: f?.statusLabel(lang) ?? null,
        settled_amount: f?.settled ?? '0.00', invoiced_amount: invoiced, paid_amount: f ? f.paid : '0.00',
        uninvoiced: toFen(new Money(f?.settled ?? '0').minus(invoiced)),
        created_at: r.created_at.toISOString(),
      });
    }
    return out;
  }

  /**
   * invoice/for_target?target_type=&target_id=: the three-way view of one target (a settlement's page):
   * settled, invoiced (every invoice matched to it), paid, the differences, and the invoices.
   */
  async forTarget(type: keyof typeof MATCH_TARGETS, targetId: number, auth: AuthContext, lang: Lang) {
    const registry = MATCH_TARGETS[type];
    const target = await this.db.transaction(async (tx) => registry.lock(tx, targetId, auth));
    const invoiced = await this.invoicedOn(this.db, type, targetId);
    const list = await query<Row>(
      this.db,
      sql`select m.id, m.amount::text as amount, i.id as invoice_id, i.invoice_code, i.invoice_no, i.issue_date::text as issue_date, i.kind, i.status, i.total::text as total
          from invoice_matches m join invoices i on i.id = m.invoice_id where m.target_type = ${type} and m.target_id = ${targetId} order by m.id`,
    );
    return {
      target_type: type, target_id: targetId, target_no: target.no, target_label: target.label(lang),
      settled_amount: target.settled, invoiced_amount: invoiced, paid_amount: target.paid,
      uninvoiced: toFen(new Money(target.settled).minus(invoiced)),
      // a target without a payment path (a statement) has no paid amount: no payment check either
      unpaid_invoiced: target.paid === null ? null : toFen(new Money(invoiced).minus(target.paid)),
      list,
    };
  }

  /** invoice/lines?id=: the lines and the 税率汇总 (per rate: amount, tax, total; the rows add up to the invoice). */
  async lines(id: number, auth: AuthContext) {
    const row = await loadOne(this.db, def, id, auth);
    const lines = await this.db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, id)).orderBy(asc(invoiceLines.seq));
    const list = lines.map((l) => ({ ...l, tax_rate: String(l.tax_rate) }));
    const summary = rateSummary(list);
    return {
      list, total: list.length, summary,
      totals: { amount_total: row.amount_total, tax_total: row.tax_total, total: row.total, lines_total: sumMoney(summary.map((s) => s.total)) },
    };
  }

  /** invoice/files?id=: the PDF / OFD with a signed link. */
  async filesOf(id: number, auth: AuthContext) {
    const row = await loadOne(this.db, def, id, auth);
    const all = await this.files.list(this.db, 'invoice', id);
    return { list: all.filter((f) => f.id === row.file_id), total: row.file_id ? 1 : 0 };
  }

  /** invoice/red_letters?id=: the red-letter invoices of an original. */
  async redLetters(id: number, auth: AuthContext) {
    await loadOne(this.db, def, id, auth);
    const list = await query<Row>(this.db, sql`select id, invoice_code, invoice_no, issue_date::text as issue_date, total::text as total, status, red_reason from invoices where original_id = ${id} order by id`);
    return { list, total: list.length };
  }
}
