import { CERT_REMIND_DAYS, addDays, daysInclusive } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { sendMessage } from '../message/centre.ts';
import { chinaDate } from '../inspection/generate.ts';

interface Claimed {
  id: number;
  name: string;
  cert_no: string | null;
  expires_on: string;
  partner_id: number;
  partner_name: string;
  credit_code: string;
  recipient: number | null;
}

/**
 * The scheduler's partner_certificate_expiry (docs/DECISIONS.md "Partners"): every certificate that
 * expires within CERT_REMIND_DAYS (China calendar) and has not been reminded gets ONE message to its
 * partner's owner (owner_id, else the creator; nobody when that user is gone or disabled). The claim
 * is one UPDATE … RETURNING that sets the sent-marker reminded_at, in the transaction that writes the
 * messages: a second server running at the same moment waits on the row locks, then finds the marker
 * set and skips the row — never two messages, and a failed run sends none and marks none. Certificates
 * past their last day are marked expired.
 */
export async function remindCertificateExpiry(db: Db, now: Date) {
  const today = chinaDate(now);
  const horizon = addDays(today, CERT_REMIND_DAYS);
  const stamp = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const claimed = await query<Claimed>(
      tx,
      sql`update partner_certificates c set reminded_at = ${stamp}, updated_at = ${stamp}
          from partners p
          where p.id = c.partner_id and c.reminded_at is null and c.expires_on >= ${today}::date and c.expires_on <= ${horizon}::date
          returning c.id, c.name, c.cert_no, c.expires_on::text as expires_on, p.id as partner_id, p.name as partner_name, p.credit_code,
            (select u.id from users u where u.id = coalesce(p.owner_id, p.created_by) and u.status = 'enabled') as recipient`,
    );
    let sent = 0;
    for (const c of claimed) {
      if (c.recipient === null) continue;
      const no = c.cert_no ? { zh: `（${c.cert_no}）`, en: ` (${c.cert_no})` } : '';
      const params = { partner: c.partner_name, code: c.credit_code, name: c.name, no, date: c.expires_on, days: daysInclusive(today, c.expires_on) - 1 };
      await sendMessage(tx, { key: 'msg.partner_cert_expiring', params, level: 'warning', link: `/partner/partnerDetail?id=${c.partner_id}`, to: Number(c.recipient), push: true });
      sent++;
    }
    const expired = await query<{ id: number }>(
      tx,
      sql`update partner_certificates set expired = true, updated_at = ${stamp} where not expired and expires_on < ${today}::date returning id`,
    );
    return { reminded: claimed.length, messages: sent, no_owner: claimed.length - sent, expired: expired.length };
  });
}
