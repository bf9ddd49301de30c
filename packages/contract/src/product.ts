import { z } from 'zod';
import { idField, optionalText, requiredText } from './fields.ts';

const intRange = (min: number, max: number) =>
  z.number({ error: 'validation.number' }).refine(Number.isInteger, { error: 'validation.integer', abort: true }).min(min, { error: `validation.number_range|${min}|${max}` }).max(max, {
    error: `validation.number_range|${min}|${max}`,
  });

/** capacity_kwp = module_count × module_power_w / 1000, to two decimals. */
export const productCapacity = (count: number, powerW: number): number => Math.round(count * powerW / 10) / 100;

/** true when a given capacity matches count × power (to the cent of a kWp). */
export const capacityMatches = (capacity: number, count: number, powerW: number): boolean => Math.abs(capacity - productCapacity(count, powerW)) < 0.005;

const productInput = {
  name: requiredText(100),
  module_model: requiredText(64),
  module_power_w: intRange(1, 1000),
  module_count: intRange(1, 10000),
  inverter_model: requiredText(64),
  /** optional: computed from count × power when left out; when given it must match */
  capacity_kwp: z.number({ error: 'validation.number' }).min(0, { error: 'validation.number_range|0|10000' }).max(10000, { error: 'validation.number_range|0|10000' }).optional(),
  enabled: z.boolean().optional(),
  remark: optionalText(500),
};

/** The capacity, when sent, must equal count × power / 1000 (装机容量 = 组件数量 × 组件功率 ÷ 1000). */
const capacityCheck = (v: { capacity_kwp?: number; module_count?: number; module_power_w?: number }) =>
  v.capacity_kwp === undefined || v.module_count === undefined || v.module_power_w === undefined || capacityMatches(v.capacity_kwp, v.module_count, v.module_power_w);

export const productCreateSchema = z.strictObject(productInput).refine(capacityCheck, { error: 'validation.capacity_mismatch', path: ['capacity_kwp'] });

export const productEditSchema = z
  .strictObject(productInput)
  .partial()
  .extend({ id: idField(), version: z.number({ error: 'validation.number' }).int().nonnegative() })
  .refine(capacityCheck, { error: 'validation.capacity_mismatch', path: ['capacity_kwp'] });

export type ProductCreate = z.input<typeof productCreateSchema>;

/** A PV package (光伏套餐) as the API returns it. */
export interface Product {
  id: number;
  name: string;
  module_model: string;
  module_power_w: number;
  module_count: number;
  inverter_model: string;
  capacity_kwp: number;
  enabled: boolean;
  remark: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Demo PV packages (光伏套餐) for the demo seed and tests; capacity_kwp is computed (19.8, 11, 29.7 kWp). */
export const DEMO_PRODUCTS = [
  { name: '户用标准套餐 20kWp', module_model: 'LR5-72HPH-550M', module_power_w: 550, module_count: 36, inverter_model: 'SUN2000-20KTL-M2' },
  { name: '户用经济套餐 11kWp', module_model: 'JAM72S30-550/MR', module_power_w: 550, module_count: 20, inverter_model: 'GW10K-DT' },
  { name: '户用大屋顶套餐 30kWp', module_model: 'TSM-DE19-550W', module_power_w: 550, module_count: 54, inverter_model: 'SUN2000-30KTL-M3' },
] as const;
