import type { Lang } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';

/** What a job gets: the database and the time the run started. */
export interface JobContext {
  db: Db;
  now: Date;
}

/**
 * A job the server knows. The scheduler runs it by `code`; `run` returns a summary of counts
 * (stored as JSON in last_result and shown with labels by the console) or throws (the run is
 * recorded as failed with the error's message). Adding a job = one entry in JOBS.
 */
export interface JobDef {
  code: string;
  name: Record<Lang, string>;
  description: Record<Lang, string>;
  /** the schedule it gets when first seeded */
  cron: string;
  run(ctx: JobContext): Promise<Record<string, number | string>>;
}

const n = (v: unknown) => Number(v ?? 0);
/** A time as a query parameter both drivers accept (postgres-js takes no Date in raw SQL). */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Recomputes the customer counters (customer_counts and customer_counts_region, kept by triggers,
 * migrations 0001-0006) from the customers table and reports how many groups had drifted. Runs in
 * one transaction with customers locked against writes, so the counters and the rows agree.
 */
const refreshCustomerCounters: JobDef = {
  code: 'refresh_customer_counters',
  name: { zh: '校准客户计数', en: 'Refresh customer counters' },
  description: {
    zh: '按客户表重新计算列表总数用的计数表（customer_counts、customer_counts_region），并报告偏差的分组数',
    en: 'Recomputes the list-total counters (customer_counts, customer_counts_region) from the customers table and reports drifted groups',
  },
  cron: '30 3 * * *',
  async run({ db }) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`lock table customers in share mode`);
      const [drift] = await query<{ groups: number; drifted: number; customers: number }>(
        tx,
        sql`with fresh as (
              select stage, status, province_code, agent_id, count(*)::bigint as n from customers group by 1, 2, 3, 4)
            select (select count(*) from fresh) as groups,
                   (select count(*) from fresh f full join customer_counts c
                      on c.stage = f.stage and c.status = f.status and c.province_code = f.province_code
                         and c.agent_id is not distinct from f.agent_id
                    where coalesce(f.n, 0) <> coalesce(c.n, 0)) as drifted,
                   (select count(*) from customers) as customers`,
      );
      const [regionDrift] = await query<{ drifted: number }>(
        tx,
        sql`with fresh as (select stage, status, province_code, count(*)::bigint as n from customers group by 1, 2, 3)
            select count(*) as drifted from fresh f full join customer_counts_region c
              on c.stage = f.stage and c.status = f.status and c.province_code = f.province_code
            where coalesce(f.n, 0) <> coalesce(c.n, 0)`,
      );
      const drifted = n(drift?.drifted);
      const regionDrifted = n(regionDrift?.drifted);
      if (drifted > 0) {
        await tx.execute(sql`delete from customer_counts`);
        await tx.execute(
          sql`insert into customer_counts (stage, status, province_code, agent_id, n)
              select stage, status, province_code, agent_id, count(*) from customers group by 1, 2, 3, 4`,
        );
      }
      if (regionDrifted > 0) {
        await tx.execute(sql`delete from customer_counts_region`);
        await tx.execute(
          sql`insert into customer_counts_region (stage, status, province_code, n)
              select stage, status, province_code, count(*) from customers group by 1, 2, 3`,
        );
      }
      return { customers: n(drift?.customers), groups: n(drift?.groups), drifted_groups: drifted, drifted_region_groups: regionDrifted };
    });
  },
};

/** Sessions past their end, and revoked ones a week after revocation (refresh reuse needs them a while). */
const purgeSessions: JobDef = {
  code: 'purge_expired_sessions',
  name: { zh: '清理过期会话', en: 'Purge expired sessions' },
  description: { zh: '删除已过期的登录会话，以及注销超过7天的会话', en: 'Deletes ended sign-in sessions, and sessions revoked more than 7 days ago' },
  cron: '15 * * * *',
  async run({ db, now }) {
    const rows = await query<{ id: string }>(
      db,
      sql`delete from sessions where expires_at < ${at(now)} or (revoked_at is not null and revoked_at < ${at(new Date(now.getTime() - 7 * 86400_000))}) returning id`,
    );
    return { deleted: rows.length };
  },
};

/** SMS codes used or expired, kept one day (the per-phone send rate limit counts recent ones). */
const purgeSmsCodes: JobDef = {
  code: 'purge_sms_codes',
  name: { zh: '清理短信验证码', en: 'Purge SMS codes' },
  description: { zh: '删除一天前已使用或已过期的短信验证码', en: 'Deletes SMS codes that were used or expired more than a day ago' },
  cron: '*/30 * * * *',
  async run({ db, now }) {
    const rows = await query<{ id: number }>(
      db,
      sql`delete from sms_codes where created_at < ${at(new Date(now.getTime() - 86400_000))} and (used_at is not null or expires_at < ${at(now)}) returning id`,
    );
    return { deleted: rows.length };
  },
};

/**
 * 超期: open work orders past their deadline get the overdue flag (the partial index
 * work_orders_deadline_open_idx finds them). A new deadline (work_order/edit, dispatch) clears it.
 */
const markOverdueOrders: JobDef = {
  code: 'mark_overdue_work_orders',
  name: { zh: '标记超期派单', en: 'Mark overdue work orders' },
  description: { zh: '把已过截止时间仍未完成的施工/并网派单标记为超期', en: 'Flags open construction and grid-connection orders past their deadline as overdue' },
  cron: '*/10 * * * *',
  async run({ db, now }) {
    const rows = await query<{ id: number }>(
      db,
      sql`update work_orders set overdue = true, updated_at = ${at(now)}
          where overdue = false and deadline < ${at(now)}
            and status in ('dispatched','accepted','in_progress','rejected','rectifying')
          returning id`,
    );
    return { marked: rows.length };
  },
};

/** The jobs the server knows, by code. Issue 6 adds statistics rollups. */
export const JOBS: Record<string, JobDef> = Object.fromEntries([refreshCustomerCounters, purgeSessions, purgeSmsCodes, markOverdueOrders].map((j) => [j.code, j]));

export const jobOf = (code: string): JobDef | undefined => JOBS[code];
