import { z } from 'zod';
import { cityField, idField, numeric, provinceField } from './fields.ts';
import { PERIOD_PATTERN } from './revenue.ts';

/** 'YYYY-MM' */
const monthField = () => z.string({ error: 'validation.required' }).trim().regex(PERIOD_PATTERN, { error: 'validation.month' });

/**
 * Finance reports (issue 14; docs/DECISIONS.md "Finance reports").
 *
 * 租金报表 (`rent_bill/report`): rent bills by the month they fall DUE (due_date, China calendar) ×
 * province (or city within a province): payable (every bill but the void ones), paid, failed, paused,
 * unpaid and overdue (待支付 or 支付失败 with the due date before today), counts and exact sums.
 *
 * 收益与租金 (`rent_bill/margin`): per leased station (one row per lease contract that bills: active,
 * expired or terminated), over a month range, the revenue (estimate; actual of the settled months;
 * "revenue" = actual where settled, else the estimate) against the rent due in those months (payable,
 * paid), the margin = revenue − rent payable.
 */

/** rent_bill/report: a month range (default: this year's January to this month), optionally a province or an agent. */
export const rentReportSchema = z.strictObject({
  month_gte: monthField().optional(),
  month_lte: monthField().optional(),
  province_code: provinceField().optional(),
  agent_id: idField().optional(),
});
export type RentReportQuery = z.input<typeof rentReportSchema>;

/** The sums of one cell of the report (or its total): counts and exact decimal strings (yuan). */
export interface RentReportFigures {
  /** bills that are not void (已作废) */
  bills: number;
  amount_due: string;
  deduction: string;
  /** payable of those bills (due − deductions) */
  payable: string;
  paid_count: number;
  paid: string;
  failed_count: number;
  failed: string;
  paused_count: number;
  paused: string;
  /** 待支付 + 支付失败 */
  unpaid_count: number;
  unpaid: string;
  /** unpaid with the due date before today (China) */
  overdue_count: number;
  overdue: string;
  /** paid ÷ payable, 4 decimals; null when nothing is payable */
  paid_rate: string | null;
}
export interface RentReportRow extends RentReportFigures {
  month: string;
  /** province code, or city code when a province is chosen */
  region_code: string | null;
}
export interface RentReport {
  level: 'province' | 'city';
  month_gte: string;
  month_lte: string;
  /** today in China: bills due before it and unpaid are overdue */
  as_of: string;
  rows: RentReportRow[];
  totals: RentReportFigures;
}

/** '0' / '1' / 'true' / 'false' from a query string. */
const flag = () =>
  z
    .preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.enum(['0', '1', 'true', 'false'], { error: 'validation.flag' }))
    .transform((v) => v === '1' || v === 'true');

const whole = (max: number) =>
  numeric(z.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1, { error: `validation.number_range|1|${max}` }).max(max, { error: `validation.number_range|1|${max}` })).optional();

/** A walk position of the station list: the contract's creation time and id. */
export const MARGIN_CURSOR = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?_\d{1,10}$/;
/** Contracts the flag's walk reads per request at most. */
export const MARGIN_WALK = 5000;

/** rent_bill/margin: a month range (default: the twelve months up to last month), region, agent, the flag, a page. */
export const rentMarginSchema = z.strictObject({
  month_gte: monthField().optional(),
  month_lte: monthField().optional(),
  province_code: provinceField().optional(),
  city_code: cityField().optional(),
  agent_id: idField().optional(),
  /** only stations whose rent payable is above their revenue */
  rent_above_revenue: flag().optional(),
  page: whole(10_000),
  limit: whole(100),
  /** with rent_above_revenue: where the previous reply's walk stopped (its next_cursor) */
  cursor: z.string().max(64).regex(MARGIN_CURSOR, { error: 'validation.cursor' }).optional(),
});
export type RentMarginQuery = z.input<typeof rentMarginSchema>;

export interface RentMarginRow {
  contract_id: number;
  contract_no: string;
  contract_status: string;
  station_id: number;
  station_code: string | null;
  station_name: string | null;
  customer_name: string | null;
  agent_id: number | null;
  agent_name: string | null;
  province_code: string;
  city_code: string | null;
  /** revenue months in the range / of them settled */
  months: number;
  settled_months: number;
  estimated_amount: string;
  /** actual amount of the settled months */
  actual_amount: string;
  /** actual where settled, else the estimate */
  revenue: string;
  /** bills due in the range, not void */
  bills: number;
  rent_payable: string;
  rent_paid: string;
  /** revenue − rent payable (may be negative) */
  margin: string;
}
export interface RentMargin {
  month_gte: string;
  month_lte: string;
  list: RentMarginRow[];
  /** null with rent_above_revenue: the flag is judged per contract while walking (has_more says whether to go on) */
  total: number | null;
  has_more: boolean;
  /**
   * With rent_above_revenue: the walk reads at most MARGIN_WALK contracts per request and stops at
   * a full page; the next request continues from here (the list may be short, even empty, with
   * has_more). Null without the flag (pages by number) or at the end.
   */
  next_cursor: string | null;
  /** contracts the walk read for this reply (with the flag) */
  walked: number;
}
