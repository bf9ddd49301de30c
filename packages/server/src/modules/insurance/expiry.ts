import { InsuranceKind, POLICY_REMIND_DAYS, addDays, daysInclusive } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { sendMessage } from '../message/centre.ts';
import { chinaDate } from '../inspection/generate.ts';

interface Claimed {
  id: number;
  policy_no: string;
  kind: string;
  end_date: string;
  station_count: number;
  insurer: string;
  recipient: number | null;
}

/**
 * The scheduler's insurance_policy_expiry (docs/DECISIONS.md "Insurance"), the same claim as the
 * partner certificates': every policy in force whose term ends within POLICY_REMIND_DAYS (China
 * calendar) and has not been reminded gets ONE message (message centre + websocket) to its owner
 * (owner_id, else the creator; nobody when that user is gone or disabled). The marker reminded_at is
 * set by one UPDATE … RETURNING in the transaction that writes the messages, so two servers at once
 * send one message, and a failed run sends none. A renewal is a new policy with its own marker: one
 * reminder per policy and term.
 */
export async function remindPolicyExpiry(db: Db, now: Date) {
  const today = chinaDate(now);
  const horizon = addDays(today, POLICY_REMIND_DAYS);
  const stamp = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const claimed = await query<Claimed>(
      tx,
      sql`update insurance_policies p set reminded_at = ${stamp}
          where p.status = 'active' and p.reminded_at is null and p.end_date >= ${today}::date and p.end_date <= ${horizon}::date
          returning p.id, p.policy_no, p.kind, p.end_date::text as end_date, p.station_count,
            (select pa.name from partners pa where pa.id = p.insurer_id) as insurer,
            (select u.id from users u where u.id = coalesce(p.owner_id, p.created_by) and u.status = 'enabled') as recipient`,
    );
    let sent = 0;
    for (const c of claimed) {
      if (c.recipient === null) continue;
      const kind = InsuranceKind.labels[c.kind as keyof typeof InsuranceKind.labels] ?? c.kind;
      const params = { no: c.policy_no, kind, insurer: c.insurer ?? '', count: c.station_count, date: c.end_date, days: daysInclusive(today, c.end_date) - 1 };
      await sendMessage(tx, { key: 'msg.policy_expiring', params, level: 'warning', link: `/partner/insurancePolicyDetail?id=${c.id}`, to: Number(c.recipient), push: true });
      sent++;
    }
    return { reminded: claimed.length, messages: sent, no_owner: claimed.length - sent };
  });
}
