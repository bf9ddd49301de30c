import { type InvoiceDirectionValue, type InvoiceMatchTargetValue, type Lang, SettlementParty, SettlementStatus, StatementKind, StatementStatus } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { settlementResource } from '../settlement/resource.ts';
import { statementAmounts } from '../statement/build.ts';
import { statementResource } from '../statement/resource.ts';

type Row = Record<string, unknown>;

/** What the invoice module needs to know of a record an invoice is matched to. */
export interface TargetFacts {
  id: number;
  /** the target's document number (结算单号) */
  no: string;
  /** who and when, for a person: 代理商 河南… · 2026-10 */
  label: (lang: Lang) => string;
  status: string;
  statusLabel: (lang: Lang) => string;
  /** may invoices be matched to it now (a settlement once confirmed) */
  matchable: boolean;
  /** the amount settled (what the invoices should add up to) */
  settled: string;
  /** the amount paid so far; null where the product has no payment path for the target (a statement: paid outside, not tracked) */
  paid: string | null;
  /** the one invoice direction this target takes, when its type takes both (a statement: by its partner's kind) */
  direction?: InvoiceDirectionValue;
}

export interface MatchTarget {
  type: InvoiceMatchTargetValue;
  /** the invoice directions it takes: we pay an agent or team, so their invoices come in */
  directions: readonly InvoiceDirectionValue[];
  /** the target in the caller's data scope, row-locked for the match (404 / 403 otherwise) */
  lock(tx: Queryable, id: number, auth: AuthContext): Promise<TargetFacts>;
  /** many targets without locks (display); missing ids are left out */
  facts(db: Queryable, ids: readonly number[]): Promise<Map<number, TargetFacts>>;
}

function settlementFacts(r: Row): TargetFacts {
  const status = String(r.status);
  const total = String(r.total_amount);
  return {
    id: Number(r.id),
    no: String(r.settlement_no),
    label: (lang) => `${SettlementParty.label(String(r.party_kind), lang)} ${r.party_name ?? r.party_id} · ${r.month}`,
    status,
    statusLabel: (lang) => SettlementStatus.label(status, lang),
    matchable: status === 'confirmed' || status === 'paid',
    settled: total,
    // a settlement is paid whole (settlement/pay with the bank serial)
    paid: status === 'paid' ? total : '0.00',
  };
}

/**
 * A confirmed statement's agreed amount is what the invoices add up to. A financier pays for the
 * stations delivered to it, so we invoice it (outgoing); a supplier invoices us for its deliveries
 * (incoming). The amounts are statementAmounts' (statement/build.ts), the one answer to them.
 */
async function statementFacts(db: Queryable, r: Row): Promise<TargetFacts> {
  const status = String(r.status);
  const kind = String(r.kind);
  const amounts = await statementAmounts(db, Number(r.id));
  return {
    id: Number(r.id),
    no: String(r.statement_no),
    label: (lang) => `${StatementKind.label(kind, lang)} ${r.partner_name ?? r.partner_id} · ${r.period_from} ~ ${r.period_to}`,
    status,
    statusLabel: (lang) => StatementStatus.label(status, lang),
    matchable: status === 'confirmed',
    settled: amounts?.agreed_amount ?? '0.00',
    // statements have no payment path in the product: their paid amount is unknown here, not 0
    paid: amounts?.paid_amount ?? null,
    direction: kind === 'financier' ? 'out' : 'in',
  };
}

const statementColumns = sql`s.id, s.statement_no, s.kind, s.partner_id, s.status, s.period_from::text as period_from, s.period_to::text as period_to, (select p.name from partners p where p.id = s.partner_id) as partner_name`;

const partyName = sql`(case when s.party_kind = 'agent' then (select a.name from agents a where a.id = s.party_id) else (select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = s.party_id) end)`;

/**
 * THE registry of match targets, keyed by target type: what a target's settled and paid amounts
 * are is answered here and nowhere else. Statements (对账单) join with their own entry.
 */
export const MATCH_TARGETS: Record<InvoiceMatchTargetValue, MatchTarget> = {
  settlement: {
    type: 'settlement',
    directions: ['in'],
    async lock(tx, id, auth) {
      const row = await loadOne(tx, settlementResource, id, auth, { lock: true });
      const [name] = await query<{ n: string | null }>(tx, sql`select ${partyName} as n from settlements s where s.id = ${id}`);
      return settlementFacts({ ...row, party_name: name?.n ?? null });
    },
    async facts(db, ids) {
      const out = new Map<number, TargetFacts>();
      if (!ids.length) return out;
      const rows = await query<Row>(db, sql`select s.id, s.settlement_no, s.party_kind, s.party_id, s.month, s.status, s.total_amount::text as total_amount, ${partyName} as party_name from settlements s where s.id in ${[...ids]}`);
      for (const r of rows) out.set(Number(r.id), settlementFacts(r));
      return out;
    },
  },
  statement: {
    type: 'statement',
    directions: ['in', 'out'],
    async lock(tx, id, auth) {
      await loadOne(tx, statementResource, id, auth, { lock: true });
      const [row] = await query<Row>(tx, sql`select ${statementColumns} from statements s where s.id = ${id}`);
      return statementFacts(tx, row!);
    },
    async facts(db, ids) {
      const out = new Map<number, TargetFacts>();
      if (!ids.length) return out;
      for (const r of await query<Row>(db, sql`select ${statementColumns} from statements s where s.id in ${[...ids]}`)) out.set(Number(r.id), await statementFacts(db, r));
      return out;
    },
  },
};
