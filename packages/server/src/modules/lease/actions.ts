import {
  BusinessMode,
  LEASE_DEFAULTS,
  LEASE_MACHINE,
  LIVE_LEASE_STATES,
  type LeaseAction,
  LeaseStatus,
  RentRule,
  StationStatus,
  isBankCard,
  leaseAddSchema,
  leaseChangeCardSchema,
  leaseSignSchema,
  leaseMoveSchema,
  leaseTerminateSchema,
  maskMiddle,
  termEnd,
} from '@pv/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { customers, leaseContracts, matters, stations } from '../../db/schema/index.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition, stationFrozen } from '../../lifecycle/engine.ts';
import { nextNumber } from '../../lifecycle/numbers.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { chinaDate } from '../inspection/generate.ts';
import { stationResource } from '../station/resource.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { ensureBills, settleTermination } from './bills.ts';
import { LEASE_PREFIX, illegalLeaseAction, leaseActionLabels, leaseContractResource as def, maskCards } from './resource.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';

type Row = Record<string, unknown>;
type Station = typeof stations.$inferSelect;

/** Default rates of a draft made on grid connection: per panel, or per kWp when the panel count is unknown. */
const DRAFT_RATE = { per_panel: LEASE_DEFAULTS.rent_rate, per_kwp: '55.0000' } as const;
const CONNECTED = ['grid_connected', 'operating'];

/** The rule's quantity must be known (the station's panels or capacity by default). */
function quantityProblem(rule: string, panels: number | null | undefined, kwp: string | null | undefined): ApiError | null {
  if (rule === 'per_panel' && !panels) return new ApiError(400, 'error.lease_quantity_missing', { rule, field: 'panel_count' }, (lang) => t('error.lease_quantity_missing', lang, { rule: RentRule.label(rule, lang), field: lang === 'zh' ? '组件块数' : 'number of panels' }));
  if (rule === 'per_kwp' && !(kwp && Number(kwp) > 0)) return new ApiError(400, 'error.lease_quantity_missing', { rule, field: 'capacity_kwp' }, (lang) => t('error.lease_quantity_missing', lang, { rule: RentRule.label(rule, lang), field: lang === 'zh' ? '装机容量' : 'capacity (kWp)' }));
  return null;
}

async function liveContract(tx: Queryable, stationId: number) {
  const [live] = await tx
    .select({ contract_no: leaseContracts.contract_no })
    .from(leaseContracts)
    .where(and(eq(leaseContracts.station_id, stationId), inArray(leaseContracts.status, [...LIVE_LEASE_STATES])));
  return live ?? null;
}

/**
 * 并网 hook (self-audit approval of the grid audit, same transaction): a station whose owner's
 * business mode is 屋顶租赁 gets a draft contract to be checked and signed — start = the
 * grid-connection day, 25 years, per panel per year, annual, the owner's card when it passes the
 * check digit. Nothing happens for other modes or when the station already has an open contract.
 */
export async function createDraftOnGrid(tx: Queryable, station: Station, actor: Actor, userId: number): Promise<Row | null> {
  if (!station.customer_id) return null;
  const [customer] = await tx.select().from(customers).where(eq(customers.id, station.customer_id));
  if (!customer || customer.business_mode !== 'lease') return null;
  if (await liveContract(tx, station.id)) return null;
  const start = chinaDate(station.grid_at ?? new Date());
  const rule = station.module_count ? 'per_panel' : 'per_kwp';
  const [row] = await tx
    .insert(leaseContracts)
    .values({
      contract_no: await nextNumber(tx, LEASE_PREFIX),
      station_id: station.id,
      customer_id: customer.id,
      agent_id: station.agent_id,
      province_code: station.province_code,
      city_code: station.city_code,
      district_code: station.district_code,
      sign_method: 'electronic',
      start_date: start,
      end_date: termEnd(start, LEASE_DEFAULTS.term_years),
      term_years: LEASE_DEFAULTS.term_years,
      rent_rule: rule,
      rent_rate: DRAFT_RATE[rule],
      panel_count: station.module_count,
      capacity_kwp: String(station.capacity_kwp),
      pay_cycle: LEASE_DEFAULTS.pay_cycle,
      payee_name: customer.name,
      bank_name: customer.bank_name,
      bank_card: customer.bank_card && isBankCard(customer.bank_card) ? customer.bank_card : null,
      source: 'grid',
      status: 'draft',
      created_by: userId,
    })
    .returning();
  await writeLog(tx, actor, { action: 'add', resource: 'lease_contract', recordId: row!.id, after: maskCards(row as Row) });
  await recordTransition(tx, actor, { entity: 'lease_contract', entityId: row!.id, action: 'add', from: null, to: 'draft', data: { station_code: station.code, source: 'grid' } });
  return row as Row;
}

/**
 * The lease lifecycle (LEASE_MACHINE): add, sign, activate, terminate, and the payee account
 * (view_card, change_card). Each action locks the station first, then the contract (the order of
 * the other lifecycles), checks the caller's data scope and the version read, refuses a frozen
 * station or a wrong state naming it, and writes sys_log (cards masked) and the timeline in one
 * transaction. Activation makes the bills due so far; termination settles them.
 */
export class LeaseActions {
  constructor(private readonly db: Db) {}

  async lock(tx: Queryable, id: number, version: number | null, auth: AuthContext, action: string, opts: { frozenOk?: boolean } = {}) {
    const [ref] = await tx.select({ station_id: leaseContracts.station_id }).from(leaseContracts).where(eq(leaseContracts.id, id));
    if (!ref) throw notFound(id);
    const [station] = await tx.select().from(stations).where(eq(stations.id, ref.station_id)).for('update');
    const contract = await loadOne(tx, def, id, auth, { lock: true });
    if (version !== null && contract.version !== version) throw conflict(contract.version as number, version);
    if (station!.frozen && !opts.frozenOk) throw stationFrozen(station!.code, action, leaseActionLabels);
    return { contract, station: station! };
  }

  private async apply(tx: Queryable, contract: Row, actor: Actor, action: LeaseAction, set: Row, opts: { reason?: string | null; data?: Record<string, unknown> } = {}) {
    const to = assertTransition(LEASE_MACHINE, contract.status as string, action, LeaseStatus, leaseActionLabels);
    const [after] = await tx
      .update(leaseContracts)
      .set({ ...set, status: to, version: sql`${leaseContracts.version} + 1`, updated_at: new Date() } as never)
      .where(eq(leaseContracts.id, contract.id as number))
      .returning();
    await writeLog(tx, actor, { action, resource: 'lease_contract', recordId: contract.id as number, before: maskCards(contract), after: maskCards(after as Row) });
    await recordTransition(tx, actor, { entity: 'lease_contract', entityId: contract.id as number, action, from: contract.status as string, to, reason: opts.reason ?? null, data: opts.data });
    return after as Row;
  }

  private cardMissing(contract: Row, action: string) {
    if (contract.bank_card && contract.payee_name && contract.bank_name) return;
    const params = { contract_no: contract.contract_no };
    throw new ApiError(400, 'error.lease_card_missing', { ...params, action }, (lang) => t('error.lease_card_missing', lang, { ...params, action: leaseActionLabels.label(action, lang) }));
  }

  /** lease_contract/add: a draft for a station of a lease-mode owner (one open contract per station). */
  async add(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(leaseAddSchema, body);
    return this.db.transaction(async (tx) => {
      const station = (await loadOne(tx, stationResource, input.station_id, auth, { lock: true })) as Station;
      if (station.frozen) throw stationFrozen(station.code, 'add', leaseActionLabels);
      if (!station.customer_id) throw new ApiError(400, 'error.lease_customer_missing', { code: station.code });
      const [customer] = await tx.select().from(customers).where(eq(customers.id, station.customer_id));
      if (customer!.business_mode !== 'lease') throw new ApiError(400, 'error.lease_not_lease_mode', { name: customer!.name }, (lang) => `${t('error.lease_not_lease_mode', lang, { name: customer!.name })}（${BusinessMode.label(customer!.business_mode, lang) || '-'}）`);
      const live = await liveContract(tx, station.id);
      if (live) throw new ApiError(400, 'error.lease_live_exists', { code: station.code, contract_no: live.contract_no });
      const panels = input.panel_count ?? station.module_count;
      const kwp = input.capacity_kwp ?? String(station.capacity_kwp);
      const problem = quantityProblem(input.rent_rule, panels, kwp);
      if (problem) throw problem;
      const [row] = await tx
        .insert(leaseContracts)
        .values({
          contract_no: input.contract_no || (await nextNumber(tx, LEASE_PREFIX)),
          station_id: station.id,
          customer_id: customer!.id,
          agent_id: station.agent_id,
          province_code: station.province_code,
          city_code: station.city_code,
          district_code: station.district_code,
          sign_method: input.sign_method,
          start_date: input.start_date,
          end_date: termEnd(input.start_date, input.term_years),
          term_years: input.term_years,
          rent_rule: input.rent_rule,
          rent_rate: input.rent_rate,
          panel_count: panels ?? null,
          capacity_kwp: kwp,
          escalation_pct: input.escalation_pct ?? '0',
          escalation_years: input.escalation_years ?? null,
          pay_cycle: input.pay_cycle,
          payee_name: input.payee_name,
          bank_name: input.bank_name,
          bank_branch: input.bank_branch ?? null,
          bank_card: input.bank_card,
          remark: input.remark ?? null,
          created_by: auth.userId,
        })
        .returning();
      await loadOne(tx, def, row!.id, auth);
      await writeLog(tx, actor, { action: 'add', resource: 'lease_contract', recordId: row!.id, after: maskCards(row as Row) });
      await recordTransition(tx, actor, { entity: 'lease_contract', entityId: row!.id, action: 'add', from: null, to: 'draft', data: { station_code: station.code } });
      return row as Row;
    });
  }

  /** 签署: 草稿 → 已签署 with how and when it was signed; the payee account must be there. */
  async sign(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(leaseSignSchema, body);
    return this.db.transaction(async (tx) => {
      const { contract } = await this.lock(tx, input.id, input.version, auth, 'sign');
      assertTransition(LEASE_MACHINE, contract.status as string, 'sign', LeaseStatus, leaseActionLabels);
      this.cardMissing(contract, 'sign');
      const problem = quantityProblem(contract.rent_rule as string, contract.panel_count as number | null, contract.capacity_kwp as string | null);
      if (problem) throw problem;
      const after = await this.apply(tx, contract, actor, 'sign', { sign_method: input.sign_method, signed_date: input.signed_date }, { data: { sign_method: input.sign_method, signed_date: input.signed_date } });
      await raiseWorkflowEvent(tx, 'lease_contract.signed', input.id, actor);
      return after;
    });
  }

  /** 开始履行: 已签署 → 履行中 once the station is connected; the bills due so far are made now (pro rata from the start). */
  async activate(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(leaseMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const { contract, station } = await this.lock(tx, input.id, input.version, auth, 'activate');
      assertTransition(LEASE_MACHINE, contract.status as string, 'activate', LeaseStatus, leaseActionLabels);
      if (!CONNECTED.includes(station.status)) {
        throw new ApiError(400, 'error.lease_station_not_connected', { code: station.code, state: station.status }, (lang) => t('error.lease_station_not_connected', lang, { code: station.code, state: StationStatus.label(station.status, lang) }));
      }
      this.cardMissing(contract, 'activate');
      const after = await this.apply(tx, contract, actor, 'activate', { activated_at: new Date() });
      const made = await ensureBills(tx, after, chinaDate(new Date()), auth.userId);
      if (made) await recordTransition(tx, actor, { entity: 'lease_contract', entityId: contract.id as number, action: 'bills', from: 'active', to: 'active', data: { bills: made } });
      return after;
    });
  }

  /**
   * 终止 with a reason and the last day (within the term): an active contract's bills are settled —
   * the one holding that day is cut pro rata, later unpaid ones are void, missing ones are made.
   */
  async terminate(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(leaseTerminateSchema, body);
    return this.db.transaction(async (tx) => {
      const { contract } = await this.lock(tx, input.id, input.version, auth, 'terminate');
      assertTransition(LEASE_MACHINE, contract.status as string, 'terminate', LeaseStatus, leaseActionLabels);
      const start = contract.start_date as string;
      const end = contract.end_date as string;
      if (input.terminate_date < start || input.terminate_date > end) throw new ApiError(400, 'error.lease_terminate_date', { start, end });
      const settled = contract.status === 'active' ? await settleTermination(tx, contract, input.terminate_date, input.reason, actor, auth.userId) : null;
      return this.apply(tx, contract, actor, 'terminate', { terminated_at: new Date(), terminate_date: input.terminate_date, terminate_reason: input.reason }, { reason: input.reason, data: { terminate_date: input.terminate_date, ...(settled ?? {}) } });
    });
  }

  /**
   * 变更收款账户: payee, bank, branch and card (check digit), while the contract is open; with
   * matter_id the change comes from the owner's 光E宝 银行卡变更 matter, which it records.
   */
  async changeCard(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(leaseChangeCardSchema, body);
    return this.db.transaction(async (tx) => {
      const { contract } = await this.lock(tx, input.id, input.version, auth, 'change_card', { frozenOk: true });
      if (!(LIVE_LEASE_STATES as readonly string[]).includes(contract.status as string)) throw illegalLeaseAction(contract.status as string, 'change_card');
      let matterNo: string | null = null;
      if (input.matter_id) {
        const [m] = await tx.select().from(matters).where(eq(matters.id, input.matter_id));
        if (!m) throw notFound(input.matter_id);
        const ours = m.customer_id === contract.customer_id || m.station_id === contract.station_id;
        if (m.type !== 'bank_card' || !ours) throw new ApiError(400, 'error.lease_card_matter', { matter_no: m.matter_no });
        matterNo = m.matter_no;
      }
      const set = { payee_name: input.payee_name, bank_name: input.bank_name, bank_branch: input.bank_branch ?? null, bank_card: input.bank_card, card_matter_id: input.matter_id ?? (contract.card_matter_id as number | null) ?? null };
      const [after] = await tx
        .update(leaseContracts)
        .set({ ...set, version: sql`${leaseContracts.version} + 1`, updated_at: new Date() })
        .where(eq(leaseContracts.id, input.id))
        .returning();
      const data = { card: maskMiddle(input.bank_card), was: contract.bank_card ? maskMiddle(contract.bank_card as string) : null, ...(input.matter_id ? { matter_id: input.matter_id, matter_no: matterNo } : {}) };
      await writeLog(tx, actor, { action: 'change_card', resource: 'lease_contract', recordId: input.id, before: maskCards(contract), after: maskCards(after as Row) });
      await recordTransition(tx, actor, { entity: 'lease_contract', entityId: input.id, action: 'change_card', from: contract.status as string, to: contract.status as string, reason: input.reason ?? null, data });
      await raiseWorkflowEvent(tx, 'lease_contract.card_changed', input.id, actor);
      return after as Row;
    });
  }

  /** The full card number, for the one person asking now: every view is in the system log. */
  async viewCard(id: number, auth: AuthContext, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const contract = await loadOne(tx, def, id, auth);
      await writeLog(tx, actor, { action: 'view_card', resource: 'lease_contract', recordId: id, after: { card: contract.bank_card ? maskMiddle(contract.bank_card as string) : null } });
      return { id, payee_name: contract.payee_name, bank_name: contract.bank_name, bank_branch: contract.bank_branch, bank_card: contract.bank_card };
    });
  }
}
