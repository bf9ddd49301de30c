import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, query } from '../../db/client.ts';
import { t } from '../../http/messages.ts';
import type { Actor } from '../system/syslog.ts';

/**
 * What a batch's hold on a bill means to the rest of the product (docs/DECISIONS.md "Payment
 * batches"). A pending line holds its bill (the bill's `batch_id` names the batch while it does);
 * the bill then keeps its amount and state until the batch settles it. A station freeze or a
 * contract termination cannot wait for that, so:
 *   - a bill held by a batch still in preparation (draft, awaiting approval, approved: nothing has
 *     reached the bank) leaves the batch — its line becomes `removed` with the reason, the bill is
 *     free again and the freeze or termination goes on with it;
 *   - a bill held by a batch at the bank (exported) stays with it: the bank may have paid it
 *     already, and only its result says so. A freeze leaves such a bill alone; a termination that
 *     would change such a bill is refused until the result is imported.
 * Kept free of the lease module's imports (lease/bills.ts calls in here).
 */

/** Lines removed from batches in preparation, set-based: lines, bills, the batches' sums, timeline and log. */
export async function detachHeldBills(tx: Queryable, bills: SQL, why: 'frozen' | 'terminated', actor: Actor): Promise<number> {
  // the batches first (in id order, so two detaches never wait on each other crosswise), then their lines
  const batches = await query<{ id: number }>(
    tx,
    sql`select p.id from payment_batches p
        where p.status in ('draft', 'pending_approval', 'approved')
          and exists (select 1 from payment_lines l join rent_bills b on b.id = l.bill_id where l.batch_id = p.id and l.status = 'pending' and ${bills})
        order by p.id for update of p`,
  );
  if (!batches.length) return 0;
  const ids = batches.map((b) => Number(b.id));
  const reason = t(`payment.removed_${why}`, 'zh');
  const [r] = await query<{ n: number }>(
    tx,
    sql`with l as (
          update payment_lines l set status = 'removed', removed_reason = ${reason}, updated_at = now()
          from rent_bills b
          where b.id = l.bill_id and l.status = 'pending' and l.batch_id in ${ids} and ${bills}
          returning l.batch_id, l.bill_id, l.reference),
        b as (
          update rent_bills b set batch_id = null, version = b.version + 1, updated_at = now()
          from l where b.id = l.bill_id and b.batch_id = l.batch_id
          returning b.id, b.bill_no, l.batch_id, l.reference),
        tl as (
          insert into transitions (entity, entity_id, action, from_status, to_status, reason, data, user_id, user_name)
          select 'payment_batch', p.id, 'remove_line', p.status, p.status, ${reason},
                 jsonb_build_object('by', ${why}::text, 'bills', jsonb_agg(b.bill_no order by b.bill_no), 'references', jsonb_agg(b.reference order by b.reference)),
                 ${actor.userId}::int, ${actor.username}
          from b join payment_batches p on p.id = b.batch_id group by p.id, p.status
          returning 1)
        select (select count(*) from b)::int as n, (select count(*) from tl)::int as t`,
  );
  for (const id of ids) await refreshBatchSums(tx, id, { bump: true, log: { actor, action: 'remove_line', after: { by: why } } });
  return Number(r?.n ?? 0);
}

/** Bills matching `bills` that a batch at the bank holds: [bill_no, batch_no]. */
export async function heldAtBank(tx: Queryable, bills: SQL): Promise<Array<{ bill_no: string; batch_no: string }>> {
  return query(
    tx,
    sql`select b.bill_no, p.batch_no from payment_lines l join rent_bills b on b.id = l.bill_id join payment_batches p on p.id = l.batch_id
        where l.status = 'pending' and p.status = 'exported' and ${bills} order by b.bill_no limit 10`,
  );
}

/**
 * The batch's counts and amounts per line state, recomputed from its lines in one statement (under
 * the caller's lock on the batch row): the list shows them without summing lines, and they can
 * never drift from the lines. `bump` counts it as a change of the batch (version, updated_at).
 */
export async function refreshBatchSums(tx: Queryable, batchId: number, opts: { bump?: boolean; set?: SQL; log?: { actor: Actor; action: string; after?: Record<string, unknown> } } = {}) {
  const [row] = await query<Record<string, unknown>>(
    tx,
    sql`with s as (
          select count(*) filter (where status = 'paid')::int as paid_n, coalesce(sum(amount) filter (where status = 'paid'), 0) as paid_a,
                 count(*) filter (where status = 'failed')::int as failed_n, coalesce(sum(amount) filter (where status = 'failed'), 0) as failed_a,
                 count(*) filter (where status = 'pending')::int as pending_n, coalesce(sum(amount) filter (where status = 'pending'), 0) as pending_a,
                 count(*) filter (where status = 'removed')::int as removed_n, coalesce(sum(amount) filter (where status = 'removed'), 0) as removed_a
          from payment_lines where batch_id = ${batchId}::int)
        update payment_batches p set
          line_count = s.paid_n + s.failed_n + s.pending_n, total = s.paid_a + s.failed_a + s.pending_a,
          paid_count = s.paid_n, paid_amount = s.paid_a, failed_count = s.failed_n, failed_amount = s.failed_a,
          pending_count = s.pending_n, pending_amount = s.pending_a, removed_count = s.removed_n, removed_amount = s.removed_a
          ${opts.bump ? sql`, version = p.version + 1, updated_at = now()` : sql``}
          ${opts.set ? sql`, ${opts.set}` : sql``}
        from s where p.id = ${batchId}::int
        returning p.*`,
  );
  if (opts.log && row) {
    const { actor, action, after } = opts.log;
    await tx.execute(
      sql`insert into sys_log (user_id, username, ip, action, resource, record_id, after)
          values (${actor.userId}::int, ${actor.username}, ${actor.ip}, ${action}, 'payment_batch', ${batchId}::int, ${JSON.stringify({ ...sumsOf(row), ...(after ?? {}) })}::jsonb)`,
    );
  }
  return row!;
}

/** The sums of a batch row as the log and replies show them. */
export const sumsOf = (row: Record<string, unknown>) => ({
  line_count: row.line_count,
  total: row.total,
  paid_count: row.paid_count,
  paid_amount: row.paid_amount,
  failed_count: row.failed_count,
  failed_amount: row.failed_amount,
  pending_count: row.pending_count,
  pending_amount: row.pending_amount,
  removed_count: row.removed_count,
  removed_amount: row.removed_amount,
});
