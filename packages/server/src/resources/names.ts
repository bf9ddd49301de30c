import { type FieldDisplay, type Lang, type RefKind, type RefNames, displayValue, fieldKind, refKindOf } from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, query } from '../db/client.ts';

type Row = Record<string, unknown>;

/**
 * How each kind of record is named where another record points at it (the change history, generated
 * documents): its number and name, as the pages show it. Table and column names are constants of this
 * file; ids are parameters.
 */
const NAMES: Partial<Record<RefKind, { table: string; label: SQL }>> = {
  user: { table: 'users', label: sql`coalesce(nullif(t.full_name, ''), t.username)` },
  customer: { table: 'customers', label: sql`t.name` },
  station: { table: 'stations', label: sql`t.code || ' ' || t.name` },
  agent: { table: 'agents', label: sql`t.name` },
  work_order: { table: 'work_orders', label: sql`t.order_no` },
  self_audit: { table: 'self_audits', label: sql`(select w.order_no from work_orders w where w.id = t.work_order_id) || ' #' || t.attempt` },
  matter: { table: 'matters', label: sql`t.matter_no` },
  operation_plan: { table: 'operation_plans', label: sql`t.plan_no || ' ' || t.name` },
  inspection: { table: 'inspections', label: sql`t.inspection_no` },
  maintenance: { table: 'maintenance_orders', label: sql`t.order_no` },
  warehouse: { table: 'warehouses', label: sql`t.name` },
  material: { table: 'materials', label: sql`t.code || ' ' || t.name` },
  lease_contract: { table: 'lease_contracts', label: sql`t.contract_no` },
  rent_bill: { table: 'rent_bills', label: sql`t.bill_no` },
  payment_batch: { table: 'payment_batches', label: sql`t.batch_no` },
  settlement: { table: 'settlements', label: sql`t.settlement_no` },
  invoice: { table: 'invoices', label: sql`coalesce(t.invoice_code || '-', '') || t.invoice_no` },
  statement: { table: 'statements', label: sql`t.statement_no` },
  partner: { table: 'partners', label: sql`t.name` },
  insurance_policy: { table: 'insurance_policies', label: sql`t.policy_no` },
  insurance_claim: { table: 'insurance_claims', label: sql`t.claim_no` },
  app_version: { table: 'app_versions', label: sql`t.platform || ' ' || t.version_name` },
  department: { table: 'departments', label: sql`t.name` },
  role: { table: 'roles', label: sql`t.name` },
  product: { table: 'products', label: sql`t.name` },
  file: { table: 'files', label: sql`t.name` },
};

/** The ids each reference field of these rows points at, by kind (the row decides where a reference depends on it). */
export function refsWanted(rows: Iterable<Row>, display?: FieldDisplay, into = new Map<RefKind, Set<number>>()): Map<RefKind, Set<number>> {
  for (const row of rows) {
    for (const [name, value] of Object.entries(row)) {
      if (typeof value !== 'number' && !(typeof value === 'string' && /^\d+$/.test(value))) continue;
      const kind = refKindOf(name, row, display);
      if (!kind || !NAMES[kind]) continue;
      let ids = into.get(kind);
      if (!ids) into.set(kind, (ids = new Set()));
      ids.add(Number(value));
    }
  }
  return into;
}

/** Names of the wanted records, one query per kind; a record that no longer exists is left out (shown as #id). */
export async function resolveRefs(db: Queryable, wanted: Map<RefKind, Set<number>>): Promise<RefNames> {
  const out: RefNames = {};
  for (const [kind, ids] of wanted) {
    const spec = NAMES[kind];
    if (!spec || ids.size === 0) continue;
    const list = [...ids].filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
    if (!list.length) continue;
    const rows = await query<{ id: number; label: string | null }>(
      db,
      sql`select t.id, ${spec.label} as label from ${sql.identifier(spec.table)} t where t.id in (${sql.join(
        list.map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
    );
    const names: Record<string, string> = {};
    for (const r of rows) if (r.label) names[String(r.id)] = r.label;
    out[kind] = names;
  }
  return out;
}

/** The names every reference of these rows needs, for showing them (history entries, a document's record). */
export const namesFor = (db: Queryable, rows: Iterable<Row>, display?: FieldDisplay) => resolveRefs(db, refsWanted(rows, display));

/**
 * A record's fields as a person reads them (the contract's displayValue: labels, names of the users and
 * records it points at, ¥ amounts, China time), e.g. for a generated document. Empty fields stay null;
 * `numbers` keeps amounts and numbers as numbers (an xlsx template's number cells format them).
 */
export async function displayRow(db: Queryable, row: Row, display: FieldDisplay | undefined, lang: Lang, opts: { numbers?: boolean } = {}): Promise<Row> {
  const refs = await namesFor(db, [row], display);
  const out: Row = {};
  for (const [name, value] of Object.entries(row)) {
    const kind = fieldKind(name, display).kind;
    if (opts.numbers && ((kind === 'text' && typeof value === 'number') || (kind === 'money' && value !== null && value !== ''))) out[name] = value;
    else out[name] = displayValue(name, value, lang, { display, refs, row });
  }
  return out;
}
