import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client.ts';

/**
 * A new document number: prefix + yyyymmdd (China time) + 6+ digits from one database sequence, e.g.
 * SG20261122000042. Unique across processes (the sequence), readable on the phone to a customer.
 */
export async function nextNumber(tx: Queryable, prefix: string, now = new Date()): Promise<string> {
  const [row] = await query<{ n: string }>(tx, sql`select nextval('doc_no_seq')::text as n`);
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${row!.n.padStart(6, '0')}`;
}

/** Number prefixes: 施工 SG, 并网 BW, 事项 SX, 电站 PV, 运维计划 JH, 巡检 XJ (运维工单 YW, 租赁合同 ZL and 租金账单 ZJ beside their modules). */
export const NUMBER_PREFIX = { build: 'SG', grid: 'BW', matter: 'SX', station: 'PV', plan: 'JH', inspection: 'XJ' } as const;
