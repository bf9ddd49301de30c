import { capacityMatches, productCapacity, productCreateSchema, productEditSchema, numeric } from '@pv/contract';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { products, stations } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource } from '../../resources/define.ts';
import { plainRow } from '../present.ts';

type Row = Record<string, unknown>;

/**
 * capacity_kwp is count × power / 1000: computed when left out, refused when it does not match
 * (an edit is checked with the stored values of the fields it leaves alone).
 */
function withCapacity(input: Row, before: Row = {}): Row {
  const count = (input.module_count ?? before.module_count) as number;
  const power = (input.module_power_w ?? before.module_power_w) as number;
  const touched = ['module_count', 'module_power_w', 'capacity_kwp'].some((k) => k in input);
  if (!touched) return input;
  if (input.capacity_kwp !== undefined && !capacityMatches(input.capacity_kwp as number, count, power)) {
    throw new ApiError(400, 'validation.capacity_mismatch');
  }
  return { ...input, capacity_kwp: productCapacity(count, power) };
}

/** 光伏套餐 (products): module model × count, inverter, kWp. Customers' stations pick one. */
export const productResource = defineResource({
  name: 'product',
  permission: 'product',
  table: products,
  createSchema: productCreateSchema,
  editSchema: productEditSchema,
  sorts: { id: products.id, name: products.name, capacity_kwp: products.capacity_kwp, module_power_w: products.module_power_w, created_at: products.created_at },
  defaultSort: { field: 'id', order: 'ASC' },
  filters: {
    id: { column: products.id, op: 'eq', schema: numeric(z.number({ error: 'validation.number' }).int().positive()), multi: true },
    name: { column: products.name, op: 'contains', schema: z.string().max(100) },
    enabled: {
      column: products.enabled,
      op: 'eq',
      schema: z.enum(['0', '1', 'true', 'false'], { error: 'validation.enum' }),
      where: (v) => sql`${products.enabled} = ${v[0] === '1' || v[0] === 'true'}`,
    },
  },
  search: [products.name, products.module_model, products.inverter_model],
  quickFields: { enabled: z.boolean({ error: 'validation.enum' }), remark: z.string().max(500).nullable() },
  // packages are a catalogue: every signed-in user with product:index sees all of them
  scope: () => undefined,
  present: (row) => plainRow(row),
  async prepareCreate(input) {
    return withCapacity(input);
  },
  async prepareEdit(input, before) {
    return withCapacity(input, before);
  },
  async beforeDelete(rows, { tx }) {
    for (const row of rows) {
      const [used] = await tx.select({ n: count() }).from(stations).where(eq(stations.product_id, row.id as number));
      if (Number(used?.n ?? 0) > 0) throw new ApiError(400, 'error.product_in_use', { name: row.name, count: Number(used!.n) });
    }
  },
});
