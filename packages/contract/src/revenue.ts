import { z } from 'zod';
import { labelled } from './enums.ts';
import { dateField, editableFields, enumField, idField, optionalText, provinceField, requiredText } from './fields.ts';
import { FaultCategory, MaintenancePriority } from './maintenance.ts';
import { Money, SIGNED_MONEY_PATTERN, toFen } from './money.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * Tariffs 电价 and station revenue 收益 (issue 14; docs/DECISIONS.md "Tariffs and revenue").
 *
 * A tariff is a province's desulfurised coal benchmark price 燃煤基准价 (yuan/kWh, numeric(8,4)) for a
 * run of whole months (effective_from = a 1st, effective_to = a month's last day or open), with the
 * province's equivalent utilisation hours per year used for estimates (null = the national figure of
 * the target config). Periods of one province never overlap (an exclusion constraint).
 *
 * A revenue row is one station × one month ('YYYY-MM'): the estimate (capacity × hours × days
 * connected in the month ÷ days in the year, priced at the tariff in force that month, the amount
 * rounded once to the fen) and the actuals of the grid company's settlement sheet; ratio = actual kWh ÷
 * estimated kWh, under_performing when below the configured threshold.
 */

/** 'YYYY-MM' */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const periodField = () => z.string({ error: 'validation.required' }).trim().regex(PERIOD_PATTERN, { error: 'validation.period' });

/** yuan/kWh: > 0, ≤ 10, up to four decimals, normalised to "0.3949". */
export const TARIFF_PATTERN = /^\d{1,2}(\.\d{1,4})?$/;
export const tariffPriceField = () =>
  z
    .union([z.string(), z.number()], { error: 'validation.tariff_price' })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => TARIFF_PATTERN.test(v) && new Money(v).gt(0) && new Money(v).lte(10), { error: 'validation.tariff_price' })
    .transform((v) => new Money(v).toFixed(4));

/** kWh with up to two decimals, not negative ("1234.5" → "1234.50"). */
export const KWH_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const nonNegativeDecimal = (pattern: RegExp, key: string) =>
  z
    .union([z.string(), z.number()], { error: key })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/,/g, '')))
    .refine((v) => !SIGNED_MONEY_PATTERN.test(v) || !v.startsWith('-'), { error: 'validation.not_negative', abort: true })
    .refine((v) => pattern.test(v), { error: key })
    .transform((v) => toFen(v));
export const kwhField = () => nonNegativeDecimal(KWH_PATTERN, 'validation.kwh');
/** an amount in yuan ≥ 0, a negative one named as such (a settlement line is never negative) */
export const revenueAmountField = () => nonNegativeDecimal(/^\d{1,12}(\.\d{1,2})?$/, 'validation.money');

export const utilisationHoursField = () =>
  z
    .union([z.number(), z.string()], { error: 'validation.utilisation_hours' })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => /^\d{1,4}(\.\d)?$/.test(v) && Number(v) >= 1 && Number(v) <= 8760, { error: 'validation.utilisation_hours' })
    .transform((v) => new Money(v).toFixed(1));

const ymd = /^\d{4}-\d{2}-\d{2}$/;
const isMonthStart = (v: string) => ymd.test(v) && v.endsWith('-01') && !Number.isNaN(Date.parse(v));
const isMonthEnd = (v: string) => {
  if (!ymd.test(v) || Number.isNaN(Date.parse(v))) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate() === d;
};
const version = () => z.number({ error: 'validation.number' }).int().nonnegative();

const tariffFields = {
  province_code: provinceField(),
  price: tariffPriceField(),
  effective_from: dateField().refine(isMonthStart, { error: 'validation.tariff_from' }),
  effective_to: dateField().refine(isMonthEnd, { error: 'validation.tariff_to' }).nullish(),
  utilisation_hours: utilisationHoursField().nullish(),
  remark: optionalText(200),
};
const rangeOk = (v: { effective_from?: string; effective_to?: string | null }) => !v.effective_from || !v.effective_to || v.effective_to >= v.effective_from;

export const tariffCreateSchema = z.strictObject(tariffFields).refine(rangeOk, { error: 'validation.tariff_range', path: ['effective_to'] });
export const tariffEditSchema = z
  .strictObject({ id: idField(), version: version(), ...tariffFields })
  .partial()
  .required({ id: true, version: true })
  .refine(rangeOk, { error: 'validation.tariff_range', path: ['effective_to'] });
export const TARIFF_EDITABLE = editableFields(z.strictObject({ id: idField(), version: version(), ...tariffFields }));

export interface Tariff {
  id: number;
  province_code: string;
  price: string;
  effective_from: string;
  effective_to: string | null;
  utilisation_hours: string | null;
  remark: string | null;
  /** revenue rows priced with it */
  used: number;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Where the actual numbers of a revenue row came from. */
export const RevenueActualSource = labelled({
  import: { zh: '结算单导入', en: 'Settlement import' },
  correction: { zh: '人工更正', en: 'Correction' },
});

/** The default under-performance threshold: actual below 80 % of the estimate. */
export const DEFAULT_UNDERPERFORM_PCT = 80;

export const revenueCorrectSchema = z.strictObject({
  id: idField(),
  version: version(),
  actual_kwh: kwhField(),
  actual_amount: revenueAmountField(),
  reason: requiredText(500),
});
export const revenueSettingsSchema = z.strictObject({
  underperform_pct: z
    .union([z.number(), z.string()], { error: 'validation.threshold_pct' })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => /^\d{1,3}(\.\d)?$/.test(v) && Number(v) >= 1 && Number(v) <= 100, { error: 'validation.threshold_pct' })
    .transform((v) => new Money(v).toFixed(1)),
  version: version(),
});
export const revenueEstimateSchema = z.strictObject({ period: periodField() });
export const revenueMaintenanceSchema = z.strictObject({
  id: idField(),
  priority: enumField(MaintenancePriority.values).optional(),
  fault_category: enumField(FaultCategory.values).optional(),
  description: optionalText(1000),
});
/** revenue/report: a month range (default: the twelve months up to last month), optionally one province or agent. */
export const revenueReportSchema = z.strictObject({
  period_gte: periodField().optional(),
  period_lte: periodField().optional(),
  province_code: provinceField().optional(),
  agent_id: idField().optional(),
});

/** One row of a grid company's settlement sheet (结算单): meter number or station code, period, kWh, amount. */
export const settlementRowShape = {
  meter_no: z.string().trim().max(32, { error: 'validation.too_long|32' }).optional(),
  station_code: z.string().trim().max(32, { error: 'validation.too_long|32' }).optional(),
  period: periodField(),
  kwh: kwhField(),
  amount: revenueAmountField(),
};
export const meterOrStation = (v: { meter_no?: string; station_code?: string }) => !!(v.meter_no || v.station_code);
export const settlementRowSchema = z.object(settlementRowShape).refine(meterOrStation, { error: 'validation.meter_or_station', path: ['meter_no'] });
export type SettlementRow = z.infer<typeof settlementRowSchema>;

/** A revenue row as the API returns it. */
export interface Revenue {
  id: number;
  station_id: number;
  station_code: string | null;
  station_name: string | null;
  period: string;
  agent_id: number | null;
  agent_name: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  capacity_kwp: string;
  active_days: number;
  utilisation_hours: string;
  tariff_id: number | null;
  tariff_price: string | null;
  estimated_kwh: string;
  estimated_amount: string | null;
  meter_no: string | null;
  actual_kwh: string | null;
  actual_amount: string | null;
  actual_source: string | null;
  settled: boolean;
  settled_at: string | null;
  ratio: string | null;
  under_performing: boolean;
  maintenance_id: number | null;
  maintenance_no: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** revenue/report: sums per month × region, exact decimal strings. */
export interface RevenueReportRow {
  period: string;
  /** province code, or city code when a province is chosen */
  region_code: string | null;
  stations: number;
  settled: number;
  under_performing: number;
  estimated_kwh: string;
  estimated_amount: string;
  actual_kwh: string;
  actual_amount: string;
  /** estimated kWh of the settled rows (the ratio's denominator) */
  settled_estimated_kwh: string;
  /** actual ÷ estimate over the settled rows, 4 decimals; null when none settled */
  ratio: string | null;
}
export interface RevenueReport {
  level: 'province' | 'city';
  period_gte: string;
  period_lte: string;
  rows: RevenueReportRow[];
  totals: Omit<RevenueReportRow, 'period' | 'region_code'>;
  estimate: true;
}

/** A revenue month's fields beyond their names (field-kinds.ts). */
export const REVENUE_DISPLAY: FieldDisplay = {
  actual_source: field.enumOf(RevenueActualSource),
};
