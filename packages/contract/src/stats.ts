import { z } from 'zod';
import { cityField, dateField, idField, provinceField } from './fields.ts';
import { labelled } from './enums.ts';
import { StatEventKind, TargetKind, type TargetKindValue } from './stats-constants.ts';

/**
 * Statistics API (SPEC.md §7, DOMAIN.md "KPIs"): every call is a POST under
 * `/api/system/statistic/*` or `/api/system/target/*`, answers within the caller's data scope
 * (an agent sees its own numbers) and says when its numbers were computed (`as_of`): the counts
 * come from rollup tables refreshed by the write path or the scheduled task, not from scans.
 *
 * Days are China days (Asia/Shanghai). A period is the current day / week (Monday first) / month /
 * year up to now, or a custom range of whole days (`start` and `end` inclusive, at most 3 years).
 */

export const StatPeriod = labelled({
  day: { zh: '今日', en: 'Today' },
  week: { zh: '本周', en: 'This week' },
  month: { zh: '本月', en: 'This month' },
  year: { zh: '本年', en: 'This year' },
  custom: { zh: '自定义', en: 'Custom' },
});
export type StatPeriodValue = (typeof StatPeriod.values)[number];

/** How many days a custom range may span. */
export const STAT_MAX_RANGE_DAYS = 366 * 3;

/**
 * The common request body: a period, and optionally a province (and city) to narrow to.
 * Messages: validation.stat_range (custom needs start ≤ end), validation.stat_range_long.
 */
export const statQuerySchema = z
  .strictObject({
    period: z.enum(StatPeriod.values, { error: 'validation.stat_period' }).default('month'),
    start: dateField().optional(),
    end: dateField().optional(),
    province_code: provinceField().optional(),
    city_code: cityField().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.start || !q.end || q.start > q.end) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'validation.stat_range' });
      return;
    }
    const days = (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000;
    if (days > STAT_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: `validation.stat_range_long|${STAT_MAX_RANGE_DAYS}` });
  });
export type StatQuery = z.input<typeof statQuerySchema>;

/** The period the server resolved: China dates, inclusive, and the bucket size of series in it. */
export interface ResolvedPeriod {
  period: StatPeriodValue;
  start: string;
  end: string;
  /** `day` for ranges up to 92 days, else `month` */
  grain: 'day' | 'month';
}

interface Stamped {
  /** when the underlying rollups were last brought up to date (ISO time) */
  as_of: string;
}

/** To-do counts; each links to a filtered list in the console. */
export interface TodoCounts {
  /** construction + grid orders waiting for a team (待派单) */
  to_dispatch: number;
  /** self-audits waiting for review (待审核) */
  to_review: number;
  /** open orders past their deadline */
  overdue: number;
  /** 光E宝 matters not closed */
  matters_open: number;
}

/** Installed capacity (kWp) and counts by station stage. */
export interface CapacityByStage {
  /** every station not terminated (signed = a station exists for a formal customer) */
  signed: { stations: number; kwp: number };
  /** construction approved: 待并网 and later */
  built: { stations: number; kwp: number };
  /** 已并网 + 运维中 */
  grid: { stations: number; kwp: number };
  /** 运维中 */
  operating: { stations: number; kwp: number };
}

/**
 * Estimated generation and environmental benefit of the grid-connected capacity over a year:
 * kWp × utilisation hours, then the factors of the target config. Always an estimate.
 */
export interface BenefitEstimate {
  estimate: true;
  annual_kwh: number;
  co2_t: number;
  coal_t: number;
  factors: BenefitFactors;
}

/** `statistic/homepage`: the headline numbers of the dashboard and the big screen. */
export interface HomepageStat extends Stamped {
  range: ResolvedPeriod;
  customers: { total: number; intentional: number; formal: number; lost: number };
  capacity: CapacityByStage;
  /** new in the period: customers created, stations signed, stations connected */
  in_period: { customers: number; signed: number; grid_connected: number; grid_kwp: number };
  /** the same for today (China day) */
  today: { customers: number; signed: number; grid_connected: number };
  todo: TodoCounts;
  benefit: BenefitEstimate;
}

/** `statistic/welcome`: the home page and the workbench of the signed-in user. */
export interface WelcomeStat extends Stamped {
  /** to-dos within the caller's scope */
  todo: TodoCounts;
  /** to-dos that are the caller's own: orders dispatched to them (team), matters assigned to them */
  mine: { orders: number; matters: number; unread_messages: number };
  totals: { customers: number; stations: number; grid_kwp: number };
  today: { customers: number; signed: number; grid_connected: number };
}

/** `statistic/user_line`: customer growth per bucket of the period. */
export interface UserLineStat extends Stamped {
  range: ResolvedPeriod;
  points: {
    /** bucket start, `YYYY-MM-DD` (day) or `YYYY-MM` (month) */
    bucket: string;
    /** customers created in the bucket */
    created: number;
    /** customers who became formal (signed) in the bucket */
    signed: number;
    /** all customers created up to the end of the bucket */
    cumulative: number;
  }[];
}

/** `statistic/user_data`: customers by stage and status (now, within the region filter). */
export interface UserDataStat extends Stamped {
  rows: { stage: string; status: string; n: number }[];
  /** stations by status */
  stations: { status: string; n: number; kwp: number }[];
}

/** `statistic/user_area`: customers, stations and capacity per province, or per city of one province. */
export interface UserAreaRow {
  code: string;
  name: string;
  customers: number;
  stations: number;
  capacity_kwp: number;
  /** grid-connected + operating kWp */
  grid_kwp?: number;
}
export interface UserAreaStat extends Stamped {
  /** `province`, or `city` when the request named a province */
  level?: 'province' | 'city';
  provinces: UserAreaRow[];
}

/** `statistic/industry_data`: capacity by stage and the benefit estimate, plus the trend of grid kWp. */
export interface IndustryDataStat extends Stamped {
  range: ResolvedPeriod;
  capacity: CapacityByStage;
  benefit: BenefitEstimate;
  /** kWp signed and grid-connected per bucket */
  points: { bucket: string; signed_kwp: number; grid_kwp: number }[];
}

/**
 * `statistic/industry_customer_data`: the funnel intentional → signed → built → grid of ONE cohort:
 * the customers created in the period (China days, the caller's scope and region filter), and how
 * far each of them has got as of now (`as_of`). Each customer counts once per step: `signed` = has
 * signed (signed_at set); `built` = signed and has at least one non-terminated station built
 * (built_at, or grid_at); `grid` = signed and has at least one non-terminated station
 * grid-connected (grid_at). So each step ≤ the previous one. A customer created before the period
 * and signed in it is not in this funnel (the period flows are in HomepageStat.in_period).
 */
export interface IndustryCustomerStat extends Stamped {
  range: ResolvedPeriod;
  /** the cohort (intentional = all customers created in the period), then how many of them reached each step by now; non-increasing */
  funnel: { step: 'intentional' | 'signed' | 'built' | 'grid'; n: number }[];
  /** signed ÷ created, of the cohort: 0..1 (null when nobody was created) */
  conversion: number | null;
  /**
   * average days over the cohort members that reached the later step: created → signed; signed →
   * their first station built; first built → first grid-connected
   */
  avg_days: { to_sign: number | null; to_build: number | null; to_grid: number | null };
}

/** `statistic/industry_construction_data`: backlog, lead time, first-pass rate, reject reasons, overdue. */
export interface IndustryConstructionStat extends Stamped {
  range: ResolvedPeriod;
  /** open orders now by kind and status */
  backlog: { kind: 'build' | 'grid'; status: string; n: number }[];
  /** average days from station sign to built, built to grid, for stations reaching it in the period */
  lead_days: { build: number | null; grid: number | null };
  /** self-audits decided in the period: approved at their first attempt ÷ all first attempts */
  first_pass_rate: number | null;
  audits: { approved: number; rejected: number };
  /** most frequent failed check items of rejected audits in the period */
  top_reject_reasons: { item: string; n: number }[];
  /** open orders past deadline ÷ open dispatched orders, now */
  overdue_rate: number | null;
  overdue: number;
}

/** `statistic/industry_team_data`: construction teams ranked by kWp built in the period. */
export interface IndustryTeamStat extends Stamped {
  range: ResolvedPeriod;
  teams: {
    team_id: number;
    name: string;
    /** orders dispatched to the team in the period */
    orders: number;
    completed: number;
    kwp_built: number;
    /** average days dispatch → completed */
    lead_days: number | null;
    /** rejected audits ÷ decided audits */
    reject_rate: number | null;
  }[];
}

export interface StatEvent {
  kind: (typeof StatEventKind.values)[number];
  at: string;
  /** e.g. station or customer name (masked for the wall: 张** ) */
  title: string;
  province_code: string | null;
  kwp?: number;
}
export interface StatEventsStat extends Stamped {
  events: StatEvent[];
}

// ---------------------------------------------------------------- targets (TargetKind: stats-constants.ts)


/** Benefit factors (DOMAIN.md): national average 1,286 h; CO₂ 0.5366 kg/kWh; coal 0.3034 kg/kWh. */
export interface BenefitFactors {
  utilisation_hours: number;
  co2_kg_per_kwh: number;
  coal_kg_per_kwh: number;
}
export const DEFAULT_BENEFIT_FACTORS: BenefitFactors = { utilisation_hours: 1286, co2_kg_per_kwh: 0.5366, coal_kg_per_kwh: 0.3034 };

const positive = (max: number) =>
  z.number({ error: 'validation.number' }).positive({ error: `validation.number_range|0|${max}` }).max(max, { error: `validation.number_range|0|${max}` });

export const targetRowSchema = z.strictObject({
  /** `YYYY` for a year target, `YYYY-MM` for a month target */
  period_key: z.string({ error: 'validation.required' }).regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, { error: 'validation.target_period' }),
  /** null = the whole country (or the caller's whole scope) */
  province_code: provinceField().nullable(),
  kind: z.enum(TargetKind.values, { error: 'validation.required' }),
  value: positive(1e9),
});
export type TargetRow = z.infer<typeof targetRowSchema>;

/** `target/save_config` (permission target:edit): replaces every target, and the factors. */
export const targetConfigSchema = z.strictObject({
  targets: z.array(targetRowSchema).max(2000),
  factors: z.strictObject({
    utilisation_hours: positive(8760),
    co2_kg_per_kwh: positive(10),
    coal_kg_per_kwh: positive(10),
  }),
  version: z.number({ error: 'validation.number' }).int().nonnegative(),
});
export type TargetConfig = z.infer<typeof targetConfigSchema>;

/** `target/get_config` */
export interface TargetConfigView extends TargetConfig {
  updated_at: string | null;
}

/** `target/index_data`: target vs actual for the period (year targets for year, month targets otherwise). */
export interface TargetIndexStat extends Stamped {
  range: ResolvedPeriod;
  items: { kind: TargetKindValue; province_code: string | null; target: number; actual: number; completion: number | null }[];
}

// ---------------------------------------------------------------- display tokens (big screen)

/** A token an administrator issues for a wall display: reads statistics and nothing else. */
export const displayTokenCreateSchema = z.strictObject({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.too_long|64' }),
  /** days until it expires; null = until revoked */
  valid_days: z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.number_range|1|3650' }).max(3650, { error: 'validation.number_range|1|3650' }).nullable(),
});
export interface DisplayTokenView {
  id: number;
  name: string;
  /** the first characters only; the whole token is shown once, in the add response */
  prefix: string;
  created_at: string;
  created_by: number | null;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** `display_token/revoke` (permission display_token:revoke): the token stops working at once. */
export const displayTokenRevokeSchema = z.strictObject({ id: idField() });

/** `display_token/add` answers the view plus the whole token, this once. */
export interface DisplayTokenCreated extends DisplayTokenView {
  token: string;
}


/**
 * `statistic/operation`: the O&M panel (issue 13) — inspections planned in the period (planned day
 * in the range) and how many were done, first time right, overdue; stock value per warehouse.
 */
export interface OperationStat extends Stamped {
  range: ResolvedPeriod;
  inspections: {
    planned: number;
    completed: number;
    /** completed / planned, null when none planned */
    coverage: number | null;
    first_pass: number;
    /** completed without a rejection / completed */
    first_pass_rate: number | null;
    overdue: number;
    failed_items: number;
  };
  /** 运维工单 opened in the period (by the day they were opened), and open now */
  maintenance: {
    opened: number;
    completed: number;
    /** completed within both SLA times / completed, null when none completed */
    sla_rate: number | null;
    /** mean hours from opening to acceptance, null when none responded */
    mean_respond_hours: number | null;
    /** mean hours from opening to completion (MTTR), null when none completed */
    mttr_hours: number | null;
    /** open orders now (待派单 … 待审核), whatever the period */
    open_now: number;
    /** the most frequent fault categories of the period, at most 5 */
    top_categories: { category: string; count: number }[];
  };
  /** per warehouse in scope, largest first (at most 10); yuan as decimal strings */
  stock_value: { warehouse_id: number; name: string; value: string }[];
  stock_value_total: string;
}
