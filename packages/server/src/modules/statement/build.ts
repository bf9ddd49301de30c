import { STATEMENT_PREFIX, type StatementAmounts, type StatementStatusValue } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { type Queryable, query } from '../../db/client.ts';
import { chinaDate } from '../inspection/generate.ts';

/**
 * Our side of a statement, from our own records (docs/DECISIONS.md "Statements"), and the totals
 * every action refreshes. All amounts are computed by PostgreSQL: a station's is
 * round(capacity × rate, 2), once; a receipt's was rounded when it was written.
 */

export const statementNo = () => sql`${STATEMENT_PREFIX + chinaDate(new Date()).replaceAll('-', '')} || lpad(nextval('doc_no_seq')::text, 6, '0')`;

/** China-calendar day bounds of a period: `col` in [from 00:00+08, to + 1 day 00:00+08). */
const within = (col: string, from: string, to: string) =>
  sql`${sql.raw(col)} >= (${`${from}T00:00:00+08:00`}::timestamptz) and ${sql.raw(col)} < (${`${to}T00:00:00+08:00`}::timestamptz + interval '1 day')`;

/**
 * A line has a difference when it is on one side only, the amounts differ, or both sides give a
 * quantity and they differ. `l` is the alias of statement_lines.
 */
const DIFF_TEXT = `(l.our_amount is null or l.their_amount is null or l.our_amount <> l.their_amount
  or (l.our_qty is not null and l.their_qty is not null and l.our_qty <> l.their_qty))`;
export const DIFF = sql.raw(DIFF_TEXT);

/** What a line counts for once agreed: its amount when both sides agree, else the side its note chose. */
export const AGREED = sql.raw(`(case when not ${DIFF_TEXT} then l.our_amount
  when l.agreed = 'ours' then coalesce(l.our_amount, 0) when l.agreed = 'theirs' then coalesce(l.their_amount, 0) else 0 end)`);

interface StatementHead {
  id: number;
  partner_id: number;
  kind: string;
  period_from: string;
  period_to: string;
}

/**
 * (Re)builds our side: a financier's stations delivered in the period (grid-connected, of customers
 * whose financier is the partner), each worth capacity × the partner's rate in force on its grid
 * day (no rate → 0 and marked); a supplier's receipts (入库 naming the partner) in the period, by
 * their reference (the delivery note, else our receipt number) and material code.
 */
export async function buildOurSide(tx: Queryable, s: StatementHead) {
  await tx.execute(sql`delete from statement_lines where statement_id = ${s.id}`);
  if (s.kind === 'financier') {
    await tx.execute(sql`
      insert into statement_lines (statement_id, key, label, source_type, source_id, our_qty, our_amount, no_rate)
      select ${s.id}::int, st.code, st.name, 'station', st.id, st.capacity_kwp::numeric(14,3),
             coalesce(round(st.capacity_kwp::numeric * r.rate_per_kwp, 2), 0), r.rate_per_kwp is null
      from stations st join customers c on c.id = st.customer_id
      left join lateral (
        select fr.rate_per_kwp from financier_rates fr
        where fr.partner_id = ${s.partner_id}::int and fr.effective_from <= (st.grid_at at time zone 'Asia/Shanghai')::date
        order by fr.effective_from desc limit 1) r on true
      where c.financier_id = ${s.partner_id}::int and ${within('st.grid_at', String(s.period_from), String(s.period_to))}`);
  } else {
    await tx.execute(sql`
      insert into statement_lines (statement_id, key, label, source_type, source_id, our_qty, our_amount)
      select ${s.id}::int, coalesce(nullif(m.ref_no, ''), m.doc_no) || '/' || mt.code, min(mt.name || coalesce(' ' || mt.spec, '')), 'receipt', min(m.id),
             sum(m.qty)::numeric(14,3), sum(coalesce(m.amount, round(m.qty * m.unit_price, 2)))
      from stock_movements m join materials mt on mt.id = m.material_id
      where m.kind = 'in' and m.supplier_id = ${s.partner_id}::int
        and ${within('m.created_at', String(s.period_from), String(s.period_to))}
      group by coalesce(nullif(m.ref_no, ''), m.doc_no), mt.code`);
  }
}

/**
 * Counts and sums of both sides, the differences and those not explained yet — differences only once
 * their sheet is in (`compared`): before that every line of ours would count as one.
 */
export async function refreshTotals(tx: Queryable, id: number, compared = false) {
  await tx.execute(sql`
    update statements s set
      our_count = x.our_count, our_amount = x.our_amount, their_count = x.their_count, their_amount = x.their_amount,
      diff_count = x.diff_count, unexplained_count = x.unexplained_count
    from (
      select count(l.our_amount)::int as our_count, coalesce(sum(l.our_amount), 0) as our_amount,
             count(l.their_amount)::int as their_count, coalesce(sum(l.their_amount), 0) as their_amount,
             case when ${compared} then count(*) filter (where ${DIFF}) else 0 end::int as diff_count,
             case when ${compared} then count(*) filter (where ${DIFF} and l.note is null) else 0 end::int as unexplained_count
      from statement_lines l where l.statement_id = ${id}) x
    where s.id = ${id}`);
}

/**
 * THE one answer to "what was agreed on this statement, and what was paid" (invoice three-way
 * matching calls it): the agreed amount once confirmed (the sum of each line's agreed amount, fixed
 * by confirm), else null; paid: statements have no payment path yet, so null. null = no such statement.
 */
export async function statementAmounts(db: Queryable, id: number): Promise<StatementAmounts | null> {
  const [row] = await query<{ id: number; statement_no: string; partner_id: number; status: StatementStatusValue; agreed_amount: string | null }>(
    db,
    sql`select id, statement_no, partner_id, status, agreed_amount::text as agreed_amount from statements where id = ${id}`,
  );
  if (!row) return null;
  return { id: row.id, statement_no: row.statement_no, partner_id: row.partner_id, status: row.status, agreed_amount: row.status === 'confirmed' ? row.agreed_amount : null, paid_amount: null };
}
