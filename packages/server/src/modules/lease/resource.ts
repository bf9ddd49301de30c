import {
  LeaseActionLabel,
  LeaseStatus,
  type Lang,
  PayCycle,
  PauseSource,
  RentBillActionLabel,
  RentBillStatus,
  RentRule,
  SignMethod,
  annualRent,
  leaseEditSchema,
  maskMiddle,
  periodByKey,
  termEnd,
} from '@pv/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  leaseContractCounts,
  leaseContractCountsRegion,
  leaseContracts,
  rentBillCounts,
  rentBillCountsRegion,
  rentBills,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { illegalTransition } from '../../lifecycle/engine.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, ownershipScope } from '../scope.ts';

type Row = Record<string, unknown>;

/** Number prefixes: 租赁合同 ZL, 租金账单 ZJ. */
export const LEASE_PREFIX = 'ZL';
export const BILL_PREFIX = 'ZJ';

const mask = (v: unknown) => (typeof v === 'string' && v ? maskMiddle(v) : (v ?? null));
/** A contract or bill row with its card numbers masked (replies, history). */
export const maskCards = (row: Row): Row => ({
  ...row,
  ...('bank_card' in row ? { bank_card: mask(row.bank_card) } : {}),
  ...('payee_card' in row ? { payee_card: mask(row.payee_card) } : {}),
});

export const leaseActionLabels = {
  label: (action: string | null | undefined, lang: Lang) => (action === 'add' ? (lang === 'zh' ? '新建租赁合同' : 'create a lease contract') : LeaseActionLabel.label(action, lang)),
};
export const illegalLeaseAction = (state: string, action: string) => illegalTransition(state, action, LeaseStatus, leaseActionLabels);
export const illegalBillAction = (state: string, action: string) => illegalTransition(state, action, RentBillStatus, RentBillActionLabel);

const C = '"lease_contracts"';
const leaseExtra = {
  station_code: sql<string | null>`(select s.code from stations s where s.id = ${sql.raw(C)}."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = ${sql.raw(C)}."station_id")`,
  station_frozen: sql<boolean | null>`(select s.frozen from stations s where s.id = ${sql.raw(C)}."station_id")`,
  customer_name: sql<string | null>`(select c.name from customers c where c.id = ${sql.raw(C)}."customer_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = ${sql.raw(C)}."agent_id")`,
  card_matter_no: sql<string | null>`(select m.matter_no from matters m where m.id = ${sql.raw(C)}."card_matter_id")`,
};

/** /api/system/lease_contract/*: index/get_info/edit (a draft's terms)/del (a draft); add and the lifecycle are in actions.ts. */
export const leaseContractResource = defineResource({
  name: 'lease_contract',
  permission: 'lease_contract',
  table: leaseContracts,
  ops: ['index', 'get_info', 'edit', 'del'],
  editSchema: leaseEditSchema,
  sorts: {
    id: leaseContracts.id,
    contract_no: leaseContracts.contract_no,
    status: leaseContracts.status,
    created_at: leaseContracts.created_at,
    updated_at: leaseContracts.updated_at,
    start_date: leaseContracts.start_date,
    end_date: leaseContracts.end_date,
    signed_date: leaseContracts.signed_date,
    rent_rate: leaseContracts.rent_rate,
    station_code: sortBy(leaseExtra.station_code),
    customer_name: sortBy(leaseExtra.customer_name),
    agent_name: sortBy(leaseExtra.agent_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: leaseContracts.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: leaseContracts.status, op: 'eq', schema: filterValue.enumOf(LeaseStatus.values), multi: true },
    pay_cycle: { column: leaseContracts.pay_cycle, op: 'eq', schema: filterValue.enumOf(PayCycle.values), multi: true },
    rent_rule: { column: leaseContracts.rent_rule, op: 'eq', schema: filterValue.enumOf(RentRule.values), multi: true },
    sign_method: { column: leaseContracts.sign_method, op: 'eq', schema: filterValue.enumOf(SignMethod.values), multi: true },
    station_id: { column: leaseContracts.station_id, op: 'eq', schema: filterValue.id, multi: true },
    customer_id: { column: leaseContracts.customer_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: leaseContracts.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    province_code: { column: leaseContracts.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: leaseContracts.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: leaseContracts.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    ...range('created_at', leaseContracts.created_at, filterValue.date),
    ...range('start_date', leaseContracts.start_date, filterValue.day),
    ...range('end_date', leaseContracts.end_date, filterValue.day),
    ...range('signed_date', leaseContracts.signed_date, filterValue.day),
  },
  search: [leaseContracts.contract_no, leaseContracts.payee_name],
  counters: agentRegionCounters(
    {
      table: leaseContractCountsRegion,
      n: leaseContractCountsRegion.n,
      columns: { status: leaseContractCountsRegion.status, pay_cycle: leaseContractCountsRegion.pay_cycle, province_code: leaseContractCountsRegion.province_code, city_code: leaseContractCountsRegion.city_code },
    },
    {
      table: leaseContractCounts,
      n: leaseContractCounts.n,
      columns: { status: leaseContractCounts.status, pay_cycle: leaseContractCounts.pay_cycle, province_code: leaseContractCounts.province_code, city_code: leaseContractCounts.city_code },
      agent: leaseContractCounts.agent_id,
    },
  ),
  quickFields: {},
  scope: (auth) => ownershipScope(auth, { agent: leaseContracts.agent_id, createdBy: leaseContracts.created_by }),
  extraColumns: leaseExtra,
  present: (row) => ({ ...plainRow(maskCards(row)), annual_rent: annualRent(row as never) }),
  logRow: maskCards,
  /** a draft's terms only (a signed contract changes through its named actions); the end follows start and term */
  async prepareEdit(input: Row, before: Row) {
    if (before.status !== 'draft') throw illegalLeaseAction(before.status as string, 'edit');
    const out: Row = { ...input };
    if (!out.contract_no) delete out.contract_no;
    const start = (input.start_date ?? before.start_date) as string;
    const years = (input.term_years ?? before.term_years) as number;
    out.end_date = termEnd(start, years);
    const pct = (input.escalation_pct !== undefined ? input.escalation_pct : before.escalation_pct) as string | null;
    const every = (input.escalation_years !== undefined ? input.escalation_years : before.escalation_years) as number | null;
    if (pct && Number(pct) > 0 && !every) throw new ApiError(400, 'validation.escalation_years');
    if (input.escalation_pct === null) out.escalation_pct = '0';
    return out;
  },
  async beforeDelete(rows) {
    for (const r of rows) if (r.status !== 'draft') throw illegalLeaseAction(r.status as string, 'del');
  },
});

const B = '"rent_bills"';
const billExtra = {
  contract_no: sql<string | null>`(select c.contract_no from lease_contracts c where c.id = ${sql.raw(B)}."contract_id")`,
  station_code: sql<string | null>`(select s.code from stations s where s.id = ${sql.raw(B)}."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = ${sql.raw(B)}."station_id")`,
  customer_name: sql<string | null>`(select c.name from customers c where c.id = ${sql.raw(B)}."customer_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = ${sql.raw(B)}."agent_id")`,
  batch_no: sql<string | null>`(select p.batch_no from payment_batches p where p.id = ${sql.raw(B)}."batch_id")`,
};
const periodFilter = z.string().max(8).refine((v) => periodByKey(v) !== null, { error: 'validation.bill_period' });

/** /api/system/rent_bill/*: index/get_info only; a bill changes through its named actions (bills.ts). */
export const rentBillResource = defineResource({
  name: 'rent_bill',
  permission: 'rent_bill',
  table: rentBills,
  ops: ['index', 'get_info'],
  sorts: {
    id: rentBills.id,
    bill_no: rentBills.bill_no,
    status: rentBills.status,
    period: rentBills.period,
    due_date: rentBills.due_date,
    amount_due: rentBills.amount_due,
    amount_payable: rentBills.amount_payable,
    paid_at: rentBills.paid_at,
    created_at: rentBills.created_at,
    updated_at: rentBills.updated_at,
    contract_no: sortBy(billExtra.contract_no),
    station_code: sortBy(billExtra.station_code),
    customer_name: sortBy(billExtra.customer_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: rentBills.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: rentBills.status, op: 'eq', schema: filterValue.enumOf(RentBillStatus.values), multi: true },
    period: { column: rentBills.period, op: 'eq', schema: periodFilter, multi: true },
    paused_by: { column: rentBills.paused_by, op: 'eq', schema: filterValue.enumOf(PauseSource.values) },
    contract_id: { column: rentBills.contract_id, op: 'eq', schema: filterValue.id, multi: true },
    station_id: { column: rentBills.station_id, op: 'eq', schema: filterValue.id, multi: true },
    customer_id: { column: rentBills.customer_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: rentBills.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    batch_id: { column: rentBills.batch_id, op: 'eq', schema: filterValue.id, multi: true },
    province_code: { column: rentBills.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: rentBills.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: rentBills.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    ...range('due_date', rentBills.due_date, filterValue.day),
    ...range('created_at', rentBills.created_at, filterValue.date),
    ...range('paid_at', rentBills.paid_at, filterValue.date),
  },
  search: [rentBills.bill_no],
  counters: agentRegionCounters(
    {
      table: rentBillCountsRegion,
      n: rentBillCountsRegion.n,
      columns: {
        status: rentBillCountsRegion.status,
        period: rentBillCountsRegion.period,
        province_code: rentBillCountsRegion.province_code,
        city_code: rentBillCountsRegion.city_code,
        due_date_gte: rentBillCountsRegion.due_date,
        due_date_lte: rentBillCountsRegion.due_date,
      },
    },
    {
      table: rentBillCounts,
      n: rentBillCounts.n,
      columns: {
        status: rentBillCounts.status,
        province_code: rentBillCounts.province_code,
        city_code: rentBillCounts.city_code,
        due_date_gte: rentBillCounts.due_date,
        due_date_lte: rentBillCounts.due_date,
      },
      agent: rentBillCounts.agent_id,
    },
  ),
  quickFields: {},
  scope: (auth) => ownershipScope(auth, { agent: rentBills.agent_id, createdBy: rentBills.created_by }),
  extraColumns: billExtra,
  present: (row) => plainRow(maskCards(row)),
  logRow: maskCards,
});
