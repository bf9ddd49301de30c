import { join } from 'node:path';
import type { Lang, TaskResult, TaskResultKey } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { ROLLUPS, rebuildStatistics } from '../statistic/rollup.ts';
import { generateDue, markOverdue } from '../inspection/generate.ts';
import { generateDueRent } from '../lease/generate.ts';
import { generateDueSettlements } from '../settlement/generate.ts';
import { estimateDue } from '../revenue/estimate.ts';
import { remindCertificateExpiry } from '../partner/expiry.ts';
import { remindPolicyExpiry } from '../insurance/expiry.ts';
import { wakeDue } from '../workflow/engine.ts';
import { maintainSysLog } from '../syslog/partitions.ts';
import { sendMessage } from '../message/centre.ts';

/** What a job gets: the database, the time the run started, and the settings some jobs read. */
export interface JobContext {
  db: Db;
  now: Date;
  settings?: JobSettings;
}

/** Configuration the jobs read (config.ts): the system log's retention and where its archives go. */
export interface JobSettings {
  syslogRetentionMonths: number;
  /** DATA_DIR/archive (null: in memory, nothing is archived or dropped) */
  archiveDir: string | null;
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
  run(ctx: JobContext): Promise<TaskResult>;
}

const n = (v: unknown) => Number(v ?? 0);
/** A time as a query parameter both drivers accept (postgres-js takes no Date in raw SQL). */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A counter pair kept by triggers: `<counts>` per (columns…, agent_id) and `<counts>_region` per
 * (columns…). Identifiers are constants of this file, never input.
 */
interface CounterPair {
  source: string;
  counts: string;
  columns: string[];
}

/**
 * Recomputes a counter pair from its source table and reports how many groups had drifted. Runs
 * inside the caller's transaction with the source locked against writes, so counters and rows agree.
 */
async function reconcileCounters(tx: Queryable, { source, counts, columns }: CounterPair) {
  const cols = columns.join(', ');
  const on = (a: string, b: string) => columns.map((c) => `${a}.${c} = ${b}.${c}`).join(' and ');
  await tx.execute(sql.raw(`lock table ${source} in share mode`));
  const [drift] = await query<{ groups: number; drifted: number; rows: number }>(
    tx,
    sql.raw(`with fresh as (select ${cols}, agent_id, count(*)::bigint as n from ${source} group by ${cols}, agent_id)
      select (select count(*) from fresh) as groups,
             (select count(*) from fresh f full join ${counts} c on ${on('c', 'f')} and c.agent_id is not distinct from f.agent_id
              where coalesce(f.n, 0) <> coalesce(c.n, 0)) as drifted,
             (select count(*) from ${source}) as rows`),
  );
  const [regionDrift] = await query<{ drifted: number }>(
    tx,
    sql.raw(`with fresh as (select ${cols}, count(*)::bigint as n from ${source} group by ${cols})
      select count(*) as drifted from fresh f full join ${counts}_region c on ${on('c', 'f')} where coalesce(f.n, 0) <> coalesce(c.n, 0)`),
  );
  const drifted = n(drift?.drifted);
  const regionDrifted = n(regionDrift?.drifted);
  if (drifted > 0) {
    await tx.execute(sql.raw(`delete from ${counts}`));
    await tx.execute(sql.raw(`insert into ${counts} (${cols}, agent_id, n) select ${cols}, agent_id, count(*) from ${source} group by ${cols}, agent_id`));
  }
  if (regionDrifted > 0) {
    await tx.execute(sql.raw(`delete from ${counts}_region`));
    await tx.execute(sql.raw(`insert into ${counts}_region (${cols}, n) select ${cols}, count(*) from ${source} group by ${cols}`));
  }
  return { rows: n(drift?.rows), groups: n(drift?.groups), drifted_groups: drifted, drifted_region_groups: regionDrifted };
}

/** Recomputes customer_counts and customer_counts_region (migrations 0001-0006) from customers. */
const refreshCustomerCounters: JobDef = {
  code: 'refresh_customer_counters',
  name: { zh: '校准客户计数', en: 'Refresh customer counters' },
  description: {
    zh: '按客户表重新计算列表总数用的计数表（customer_counts、customer_counts_region），并报告偏差的分组数',
    en: 'Recomputes the list-total counters (customer_counts, customer_counts_region) from the customers table and reports drifted groups',
  },
  cron: '30 3 * * *',
  run: ({ db }) =>
    db.transaction(async (tx) => {
      const { rows, ...rest } = await reconcileCounters(tx, { source: 'customers', counts: 'customer_counts', columns: ['stage', 'status', 'province_code'] });
      return { customers: rows, ...rest };
    }),
};

/** Each pair with the result keys it reports: rows, drifted groups, drifted region groups. */
const OPERATIONS_COUNTERS: Array<CounterPair & { reports: [TaskResultKey, TaskResultKey, TaskResultKey] }> = [
  { source: 'stations', counts: 'station_counts', columns: ['status', 'province_code', 'frozen'], reports: ['stations', 'stations_drifted_groups', 'stations_drifted_region_groups'] },
  {
    source: 'work_orders',
    counts: 'work_order_counts',
    columns: ['kind', 'status', 'province_code', 'overdue'],
    reports: ['work_orders', 'work_orders_drifted_groups', 'work_orders_drifted_region_groups'],
  },
  { source: 'self_audits', counts: 'self_audit_counts', columns: ['kind', 'result', 'province_code'], reports: ['self_audits', 'self_audits_drifted_groups', 'self_audits_drifted_region_groups'] },
];

/** The same for the station, work-order and self-audit list counters (migration 0011). */
const refreshOperationsCounters: JobDef = {
  code: 'refresh_operations_counters',
  name: { zh: '校准电站与工单计数', en: 'Refresh station and work-order counters' },
  description: {
    zh: '按电站、派单、自检表重新计算列表总数用的计数表，并报告偏差的分组数',
    en: 'Recomputes the list-total counters of stations, work orders and self-audits from their tables and reports drifted groups',
  },
  cron: '40 3 * * *',
  run: ({ db }) =>
    db.transaction(async (tx) => {
      const out: TaskResult = {};
      for (const pair of OPERATIONS_COUNTERS) {
        const r = await reconcileCounters(tx, pair);
        const [rows, groups, regionGroups] = pair.reports;
        out[rows] = r.rows;
        out[groups] = r.drifted_groups;
        out[regionGroups] = r.drifted_region_groups;
      }
      return out;
    }),
};

/** Recomputes the statistics rollups (modules/statistic/rollup.ts) from the base tables: repairs any drift, e.g. after a bulk load. */
const refreshStatistics: JobDef = {
  code: 'refresh_statistics',
  name: { zh: '重算统计汇总', en: 'Rebuild statistics rollups' },
  description: {
    zh: '按客户、电站、派单、自检表重新计算统计接口用的汇总表（stat_*）',
    en: 'Recomputes the rollup tables behind the statistics endpoints (stat_*) from the customer, station, work-order and self-audit tables',
  },
  cron: '50 3 * * *',
  run: async ({ db }) => {
    const started = Date.now();
    const took = await rebuildStatistics(db);
    // the longest single rollup is how long other requests may wait on the embedded database
    const slowestMs = Math.max(0, ...Object.values(took));
    return { rollups: ROLLUPS.length, seconds: Math.round((Date.now() - started) / 100) / 10, slowest_ms: slowestMs };
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

/**
 * 运维计划 → 巡检: every enabled plan whose next period has started (or whose run stopped half-way)
 * gets that period's inspections, in batches (modules/inspection/generate.ts; idempotent).
 */
const generateInspections: JobDef = {
  code: 'generate_inspections',
  name: { zh: '生成巡检任务', en: 'Generate inspections' },
  description: { zh: '按启用的运维计划为本周期覆盖的电站生成巡检任务（同一计划、电站、周期只生成一次，中断后可续跑）', en: 'Creates the current period\'s inspections of every enabled operation plan (once per plan, station and period; resumes a run that stopped)' },
  cron: '*/5 * * * *',
  run: ({ db, now }) => generateDue(db, now),
};

/** 超期: open inspections past their deadline get the overdue flag (partial index inspections_open_deadline_idx). */
const markOverdueInspections: JobDef = {
  code: 'mark_overdue_inspections',
  name: { zh: '标记超期巡检', en: 'Mark overdue inspections' },
  description: { zh: '把已过截止时间仍未完成的巡检任务标记为超期', en: 'Flags open inspections past their deadline as overdue' },
  cron: '*/10 * * * *',
  run: ({ db, now }) => markOverdue(db, now),
};

/**
 * 运维工单时效: open maintenance orders past response_due without a response (接单), or past
 * repair_due unfinished, get the flag once; each newly flagged breach sends one message to the
 * order's team member (or, before dispatch, whoever dispatched or opened it). The flag is set by
 * a conditional update, so a run never flags (or messages) a breach twice.
 */
const markMaintenanceSla: JobDef = {
  code: 'mark_maintenance_sla',
  name: { zh: '标记运维工单超时', en: 'Mark maintenance SLA breaches' },
  description: { zh: '把超过响应时限未接单、超过修复时限未完成的运维工单标记为超时，并通知处理人', en: 'Flags maintenance orders past their response or repair deadline and notifies the team member' },
  cron: '*/5 * * * *',
  async run({ db, now }) {
    return db.transaction(async (tx) => {
      const open = sql`status in ('pending_dispatch','dispatched','accepted','in_progress','review_pending')`;
      const response = await query<{ id: number; order_no: string; to_user: number | null }>(
        tx,
        sql`update maintenance_orders set response_breached = true, updated_at = ${at(now)}
            where response_breached = false and responded_at is null and response_due < ${at(now)} and status in ('pending_dispatch','dispatched')
            returning id, order_no, coalesce(team_id, dispatched_by, created_by) as to_user`,
      );
      const repair = await query<{ id: number; order_no: string; to_user: number | null }>(
        tx,
        sql`update maintenance_orders set repair_breached = true, updated_at = ${at(now)}
            where repair_breached = false and repair_due < ${at(now)} and ${open}
            returning id, order_no, coalesce(team_id, dispatched_by, created_by) as to_user`,
      );
      const notes = [
        ...response.map((r) => ({ ...r, key: 'msg.maintenance_response_breached' })),
        ...repair.map((r) => ({ ...r, key: 'msg.maintenance_repair_breached' })),
      ].filter((r) => r.to_user != null);
      for (const r of notes) {
        await sendMessage(tx, { key: r.key, params: { order_no: r.order_no }, level: 'warning', link: `/operation/maintenanceDetail?id=${r.id}`, to: r.to_user!, push: true });
      }
      return { response_breached: response.length, repair_breached: repair.length, messages: notes.length };
    });
  },
};

/**
 * 租金账单: every period that has started since the last finished run of each pay cycle gets its
 * bills for the active contracts (lease/generate.ts: unique contract + period, batches with a
 * cursor, resumable), then active contracts past their last day become 已到期.
 */
const generateRentBills: JobDef = {
  code: 'generate_rent_bills',
  name: { zh: '生成租金账单', en: 'Generate rent bills' },
  description: {
    zh: '为履行中的租赁合同生成已开始账期的租金账单（同一合同、账期只生成一次，中断后可续跑），并把已过期的合同标记为已到期',
    en: 'Creates the rent bills of every started period for the active lease contracts (once per contract and period; resumes a run that stopped), then marks contracts past their end as expired',
  },
  cron: '20 1 * * *',
  run: ({ db, now }) => generateDueRent(db, now),
};

/**
 * 收益估算: every connected station's estimate for the month that just ended (modules/revenue/
 * estimate.ts): one run per month in batches, unique station + month, so a daily run makes the month
 * once and later runs only finish a run that stopped.
 */
const estimateRevenue: JobDef = {
  code: 'estimate_revenue',
  name: { zh: '生成收益估算', en: 'Estimate revenue' },
  description: {
    zh: '为每个已并网电站生成上月的收益估算（装机容量 × 年等效利用小时 × 当月并网天数 ÷ 全年天数 × 当月电价；同一电站同一月份只生成一次，中断后可续跑）',
    en: "Makes last month's revenue estimate of every connected station (capacity × utilisation hours × days connected ÷ days in the year × the month's tariff; once per station and month; resumes a run that stopped)",
  },
  cron: '20 2 * * *',
  run: async ({ db, now }) => {
    const r = await estimateDue(db, now);
    return { period: r.period, stations: r.stations, created: r.created, batches: r.batches };
  },
};

/**
 * 资质证书到期提醒: one message per certificate to its partner's owner 30 days before expiry (a
 * sent-marker claimed with UPDATE … RETURNING: once, however many servers run it), and certificates
 * past their last day marked expired (modules/partner/expiry.ts).
 */
const partnerCertificateExpiry: JobDef = {
  code: 'partner_certificate_expiry',
  name: { zh: '资质证书到期提醒', en: 'Certificate expiry reminders' },
  description: {
    zh: '合作伙伴的资质证书到期前 30 天给该合作伙伴的负责人发一条站内消息（每个证书只发一次），并把已过期的证书标记为已过期',
    en: "Sends the partner's owner one message per qualification certificate 30 days before it expires (once per certificate), and marks certificates past their last day as expired",
  },
  cron: '30 8 * * *',
  run: ({ db, now }) => remindCertificateExpiry(db, now),
};

/**
 * 保单到期提醒: one message per policy in force to its owner 30 days before its term ends (a
 * sent-marker claimed with UPDATE … RETURNING: once per policy and term, however many servers run
 * it; modules/insurance/expiry.ts).
 */
const insurancePolicyExpiry: JobDef = {
  code: 'insurance_policy_expiry',
  name: { zh: '保单到期提醒', en: 'Policy expiry reminders' },
  description: {
    zh: '生效保单到期前 30 天给保单负责人发一条站内消息（每张保单每个保期只发一次），提醒安排续保',
    en: "Sends the policy's owner one message 30 days before a policy in force ends (once per policy and term), to arrange its renewal",
  },
  cron: '35 8 * * *',
  run: ({ db, now }) => remindPolicyExpiry(db, now),
};

/**
 * 流程定时 (issue 16): timer nodes whose time has come continue, user tasks past their due time get
 * their escalation message once (modules/workflow/engine.ts wakeDue). Every minute; the claim makes
 * one server run it.
 */
const workflowTimers: JobDef = {
  code: 'workflow_timers',
  name: { zh: '流程定时唤醒', en: 'Wake workflow timers' },
  description: {
    zh: '唤醒到时的流程定时节点，使流程继续；对超过期限的审批待办发送一次催办消息',
    en: 'Continues the processes whose timer nodes are due, and sends overdue user tasks their escalation message once',
  },
  cron: '* * * * *',
  run: ({ db, now }) => wakeDue(db, now),
};

/**
 * 结算单: last month's settlements of every agent and team (modules/settlement/generate.ts: one run
 * per month and party kind in batches, an event counted once ever), so the run of the 1st makes the
 * month and later daily runs find it finished (or finish one that stopped).
 */
const generateSettlements: JobDef = {
  code: 'generate_settlements',
  name: { zh: '生成结算单', en: 'Generate settlements' },
  description: {
    zh: '为代理商和施工队生成上月的结算单（签约佣金、安装费、并网奖励、自检驳回和工单超期扣款；同一事件只结算一次，中断后可续跑）',
    en: "Makes last month's settlements of every agent and team (commission, installation fee, grid bonus, deductions for rejected self-audits and overdue orders; each event settled once; resumes a run that stopped)",
  },
  cron: '40 2 1 * *',
  run: ({ db, now }) => generateDueSettlements(db, now),
};

/**
 * 系统日志分区: the system log's monthly partitions made ahead, and with SYSLOG_RETENTION_MONTHS the
 * months before the retention archived to DATA_DIR/archive/sys_log/ and dropped (modules/syslog/partitions.ts).
 */
const maintainSysLogJob: JobDef = {
  code: 'maintain_sys_log',
  name: { zh: '维护系统日志分区', en: 'Maintain system log partitions' },
  description: {
    zh: '为系统日志按月建好后续月份的分区；设置了保留月数（SYSLOG_RETENTION_MONTHS）时，把更早的月份归档到数据目录 archive/sys_log 下的文件后从数据库移除',
    en: 'Creates the system log partitions of the coming months; with a retention (SYSLOG_RETENTION_MONTHS), archives older months to files under archive/sys_log in the data folder and removes them from the database',
  },
  cron: '10 0 * * *',
  run: ({ db, now, settings }) => maintainSysLog(db, now, { retentionMonths: settings?.syslogRetentionMonths ?? 0, archiveDir: settings?.archiveDir ? join(settings.archiveDir, 'sys_log') : null }),
};

/** The jobs the server knows, by code. Issue 6 adds statistics rollups. */
export const JOBS: Record<string, JobDef> = Object.fromEntries([refreshCustomerCounters, refreshOperationsCounters, refreshStatistics, purgeSessions, purgeSmsCodes, markOverdueOrders, generateInspections, markOverdueInspections, markMaintenanceSla, generateRentBills, estimateRevenue, partnerCertificateExpiry, insurancePolicyExpiry, workflowTimers, generateSettlements, maintainSysLogJob].map((j) => [j.code, j]));

export const jobOf = (code: string): JobDef | undefined => JOBS[code];
