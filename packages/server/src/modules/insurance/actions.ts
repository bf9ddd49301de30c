import {
  CLAIM_MACHINE,
  CLAIM_PREFIX,
  type ClaimAction,
  ClaimActionLabel,
  ClaimStatus,
  InsuranceKind,
  Money,
  POLICY_RENEWAL_COLUMNS,
  PolicyActionLabel,
  type PolicyRenewalRow,
  PolicyState,
  type Lang,
  type StationFilter,
  claimAssessSchema,
  claimCreateSchema,
  claimPaySchema,
  claimRejectSchema,
  claimSubmitSchema,
  policyAddStationsSchema,
  policyCreateSchema,
  policyPreviewSchema,
  policyRemoveStationSchema,
  policyRenewalRowSchema,
  policyRenewSchema,
  policyState,
  policySurrenderSchema,
  renewalTerm,
  renewedPremium,
  sequenceNo,
} from '@pv/contract';
import { type SQL, and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { insuranceClaims, insurancePolicies, maintenanceOrders, partners, stations } from '../../db/schema/index.ts';
import { type ImportResult, type RowError } from '../../excel/import.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { nextNumber } from '../../lifecycle/numbers.ts';
import { inScopeExpr } from '../../resources/query.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { chinaDate } from '../inspection/generate.ts';
import { stationResource, stationScope } from '../station/resource.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { claimResource, policyResource } from './resource.ts';

type Row = Record<string, unknown>;
interface CoverLine {
  station_id: number;
  sum_insured: string;
}

const policyStateError = (p: Row, action: string) => {
  const today = chinaDate(new Date());
  const state = policyState(p as { status: string; start_date: string; end_date: string }, today);
  return new ApiError(400, 'error.policy_state', { no: p.policy_no, state, action }, (lang) =>
    t('error.policy_state', lang, { no: String(p.policy_no), state: PolicyState.label(state, lang), action: PolicyActionLabel.label(action, lang) }),
  );
};

/** The stations a filter finds, within the caller's station scope (region, agent, grid-connected period on the China calendar). */
function stationFilterWhere(f: StationFilter, auth: AuthContext): SQL {
  const parts: SQL[] = [];
  const scope = stationScope(auth);
  if (scope) parts.push(scope);
  if (f.province_code) parts.push(eq(stations.province_code, f.province_code));
  if (f.city_code) parts.push(eq(stations.city_code, f.city_code));
  if (f.agent_id) parts.push(eq(stations.agent_id, f.agent_id));
  if (f.grid_from) parts.push(gte(stations.grid_at, new Date(`${f.grid_from}T00:00:00+08:00`)));
  if (f.grid_to) parts.push(lte(stations.grid_at, new Date(`${f.grid_to}T23:59:59.999+08:00`)));
  return parts.length ? and(...parts)! : sql`true`;
}

/** A renewal sheet's column heading in the caller's language. */
const renewalColumn = (key: string, lang: Lang) => {
  const c = POLICY_RENEWAL_COLUMNS.find((x) => x.key === key)!;
  return lang === 'zh' ? c.zh : c.en;
};

/** Rolls the sheet's transaction back with the row that failed while writing. */
class SheetRefused extends Error {
  constructor(readonly rowError: RowError) {
    super(rowError.message);
  }
}

/**
 * 保险 (docs/DECISIONS.md "Insurance"): policies with their cover, surrender and bulk renewal; claims
 * through 报案 → 资料提交 → 定损 → 已赔付 / 拒赔. Every action runs in one transaction, checks the data
 * scope, version and state, and writes the system log and the timeline.
 */
export class InsuranceActions {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
  ) {}

  // ---------------------------------------------------------------- cover

  /** Resolves the cover lines of a request: the picked stations (each in scope), or every station the filter finds. */
  private async coverLines(tx: Queryable, input: { stations?: CoverLine[] | null; filter?: StationFilter | null; sum_insured?: string | null }, auth: AuthContext): Promise<CoverLine[]> {
    if (input.stations?.length) {
      const byId = new Map<number, string>();
      for (const l of input.stations) byId.set(l.station_id, l.sum_insured);
      const ids = [...byId.keys()];
      const scope = stationScope(auth);
      const found = await tx.select({ id: stations.id }).from(stations).where(and(inArray(stations.id, ids), scope ?? sql`true`));
      const have = new Set(found.map((r) => r.id));
      const missing = ids.find((id) => !have.has(id));
      if (missing !== undefined) {
        await loadOne(tx, stationResource, missing, auth);
        throw new ApiError(400, 'error.policy_station_missing', { id: missing });
      }
      return ids.map((id) => ({ station_id: id, sum_insured: byId.get(id)! }));
    }
    const rows = await tx.select({ id: stations.id }).from(stations).where(stationFilterWhere(input.filter ?? {}, auth)).orderBy(stations.id).limit(5001);
    if (!rows.length) throw new ApiError(400, 'error.policy_no_stations');
    if (rows.length > 5000) throw new ApiError(400, 'validation.too_many', { max: 5000 });
    return rows.map((r) => ({ station_id: r.id, sum_insured: input.sum_insured! }));
  }

  /** Names the first cover of the same kind that overlaps (the exclusion constraint still decides a race). */
  private async refuseOverlap(tx: Queryable, kind: string, start: string, end: string, stationIds: number[], exceptPolicy: number | null) {
    if (!stationIds.length) return;
    const [hit] = await query<Row>(
      tx,
      sql`select s.code, s.name, p.policy_no, p.kind, ps.start_date::text as start_date, ps.end_date::text as end_date
          from insurance_policy_stations ps join insurance_policies p on p.id = ps.policy_id join stations s on s.id = ps.station_id
          where ps.station_id = any(${`{${stationIds.join(',')}}`}::int[]) and ps.kind = ${kind}
            and daterange(ps.start_date, ps.end_date, '[]') && daterange(${start}::date, ${end}::date, '[]')
            and ${exceptPolicy === null ? sql`true` : sql`ps.policy_id <> ${exceptPolicy}`}
          order by ps.station_id limit 1`,
    );
    if (hit)
      throw new ApiError(400, 'error.policy_overlap', { station: hit.code, no: hit.policy_no, from: hit.start_date, to: hit.end_date, kind: hit.kind }, (lang) =>
        t('error.policy_overlap', lang, { station: `${hit.code} ${hit.name}`, no: String(hit.policy_no), from: String(hit.start_date), to: String(hit.end_date), kind: InsuranceKind.label(String(hit.kind), lang) }),
      );
  }

  private async insertCover(tx: Queryable, policy: Row, lines: CoverLine[], start: string, end: string) {
    if (!lines.length) return;
    await this.refuseOverlap(tx, policy.kind as string, start, end, lines.map((l) => l.station_id), policy.id as number);
    await query(
      tx,
      sql`insert into insurance_policy_stations (policy_id, station_id, kind, start_date, end_date, sum_insured)
          select ${policy.id as number}, x.sid, ${policy.kind as string}, ${start}::date, ${end}::date, x.amount
          from unnest(${`{${lines.map((l) => l.station_id).join(',')}}`}::int[], ${`{${lines.map((l) => l.sum_insured).join(',')}}`}::numeric[]) as x(sid, amount)`,
    );
  }

  private async refreshCover(tx: Queryable, policyId: number) {
    await query(
      tx,
      sql`update insurance_policies p set station_count = c.n, sum_insured_total = c.total
          from (select count(*)::int as n, coalesce(sum(sum_insured), 0) as total from insurance_policy_stations where policy_id = ${policyId} and removed_on is null) c
          where p.id = ${policyId}`,
    );
  }

  private async checkInsurer(tx: Queryable, id: number) {
    const [p] = await tx.select({ id: partners.id }).from(partners).where(and(eq(partners.id, id), eq(partners.kind, 'insurer'), eq(partners.status, 'enabled')));
    if (!p) throw new ApiError(400, 'error.policy_insurer', { id });
  }

  private async checkNumberFree(tx: Queryable, no: string) {
    const [hit] = await tx.select({ id: insurancePolicies.id }).from(insurancePolicies).where(eq(insurancePolicies.policy_no, no));
    if (hit) throw new ApiError(400, 'error.policy_no_taken', { no });
  }

  private async lockedPolicy(tx: Queryable, id: number, version: number | null, auth: AuthContext) {
    const p = await loadOne(tx, policyResource, id, auth, { lock: true });
    if (version !== null && p.version !== version) throw conflict(p.version as number, version);
    return p;
  }

  private async bump(tx: Queryable, id: number, set: Row) {
    const [after] = await tx
      .update(insurancePolicies)
      .set({ ...set, version: sql`${insurancePolicies.version} + 1`, updated_at: new Date() } as never)
      .where(eq(insurancePolicies.id, id))
      .returning();
    return after as Row;
  }

  /** How many stations a filter finds for a new cover, and how many of them the same kind already covers in that term. */
  async preview(body: unknown, auth: AuthContext) {
    const input = parse(policyPreviewSchema, body);
    if (input.policy_id) await loadOne(this.db, policyResource, input.policy_id, auth);
    const where = stationFilterWhere(input.filter, auth);
    const [row] = await query<{ n: number; covered: number }>(
      this.db,
      sql`select count(*)::int as n,
            count(*) filter (where exists (select 1 from insurance_policy_stations ps where ps.station_id = ${stations.id} and ps.kind = ${input.kind}
              and daterange(ps.start_date, ps.end_date, '[]') && daterange(${input.start_date}::date, ${input.end_date}::date, '[]')
              and ${input.policy_id ? sql`ps.policy_id <> ${input.policy_id}` : sql`true`}))::int as covered
          from ${stations} where ${where}`,
    );
    return { count: Number(row?.n ?? 0), covered: Number(row?.covered ?? 0) };
  }

  /** 新建保单 with its cover (picked stations or a filter), in one transaction. */
  async addPolicy(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(policyCreateSchema, body);
    return this.db.transaction(async (tx) => {
      await this.checkInsurer(tx, input.insurer_id);
      await this.checkNumberFree(tx, input.policy_no);
      const lines = await this.coverLines(tx, input, auth);
      const [p] = await tx
        .insert(insurancePolicies)
        .values({
          policy_no: input.policy_no, kind: input.kind, insurer_id: input.insurer_id, start_date: input.start_date, end_date: input.end_date,
          premium: input.premium, owner_id: input.owner_id ?? null, remark: input.remark ?? null, created_by: auth.userId,
        })
        .returning();
      await this.insertCover(tx, p as Row, lines, input.start_date, input.end_date);
      await this.refreshCover(tx, p!.id);
      const [after] = await tx.select().from(insurancePolicies).where(eq(insurancePolicies.id, p!.id));
      await writeLog(tx, actor, { action: 'add', resource: 'insurance_policy', recordId: p!.id, after: { ...(after as Row), stations: lines } });
      await recordTransition(tx, actor, { entity: 'insurance_policy', entityId: p!.id, action: 'add', from: null, to: 'active', data: { stations: lines.length, premium: input.premium } });
      return after as Row;
    });
  }

  /** 增加承保电站 to a policy in force: same term, each with its sum insured. */
  async addStations(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(policyAddStationsSchema, body);
    return this.db.transaction(async (tx) => {
      const p = await this.lockedPolicy(tx, input.id, input.version, auth);
      if (p.status !== 'active' || String(p.end_date) < chinaDate(new Date())) throw policyStateError(p, 'add_stations');
      const existing = new Set((await query<{ station_id: number }>(tx, sql`select station_id from insurance_policy_stations where policy_id = ${p.id as number}`)).map((r) => r.station_id));
      const lines = (await this.coverLines(tx, input, auth)).filter((l) => !existing.has(l.station_id));
      await this.insertCover(tx, p, lines, p.start_date as string, p.end_date as string);
      await this.refreshCover(tx, p.id as number);
      const after = await this.bump(tx, p.id as number, {});
      await writeLog(tx, actor, { action: 'add_stations', resource: 'insurance_policy', recordId: p.id as number, before: p, after: { ...after, added: lines } });
      await recordTransition(tx, actor, { entity: 'insurance_policy', entityId: p.id as number, action: 'add_stations', from: 'active', to: 'active', data: { added: lines.length } });
      return after;
    });
  }

  /**
   * 移除承保电站 (with an effective date and a reason): the station's cover row ends on that day (its last
   * covered day, as a surrender) and is marked removed; the policy's count and sum insured total are
   * recomputed without it and the premium drops by the refund given. A claim of the station under this
   * policy for an incident after that day refuses it (it would lose its cover). On the timeline and in the log.
   */
  async removeStation(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(policyRemoveStationSchema, body);
    return this.db.transaction(async (tx) => {
      const p = await this.lockedPolicy(tx, input.id, input.version, auth);
      if (p.status !== 'active' || String(p.end_date) < chinaDate(new Date())) throw policyStateError(p, 'remove_station');
      const [cover] = await query<Row>(
        tx,
        sql`select ps.id, ps.sum_insured::text as sum_insured, ps.start_date::text as start_date, ps.end_date::text as end_date, s.code, s.name
            from insurance_policy_stations ps join stations s on s.id = ps.station_id
            where ps.policy_id = ${p.id as number} and ps.station_id = ${input.station_id} and ps.removed_on is null for update of ps`,
      );
      if (!cover) {
        const [st] = await query<Row>(tx, sql`select code, name from stations where id = ${input.station_id}`);
        const station = st ? `${String(st.code)} ${String(st.name)}` : String(input.station_id);
        throw new ApiError(400, 'error.policy_station_not_covered', { station, no: p.policy_no });
      }
      const station = `${String(cover.code)} ${String(cover.name)}`;
      if (input.effective_date < String(cover.start_date) || input.effective_date > String(cover.end_date))
        throw new ApiError(400, 'error.policy_remove_date', { from: cover.start_date, to: cover.end_date });
      const [claim] = await query<Row>(
        tx,
        sql`select claim_no, incident_date::text as incident_date from insurance_claims
            where policy_id = ${p.id as number} and station_id = ${input.station_id} and incident_date > ${input.effective_date}::date order by incident_date desc limit 1`,
      );
      if (claim) throw new ApiError(400, 'error.policy_claim_after_removal', { station, no: claim.claim_no, date: claim.incident_date });
      const refund = input.premium_refund ?? '0.00';
      if (new Money(refund).gt(p.premium as string)) throw new ApiError(400, 'error.policy_refund_over', { refund, premium: p.premium });
      await query(
        tx,
        sql`update insurance_policy_stations set end_date = ${input.effective_date}::date, removed_on = ${input.effective_date}::date, removed_reason = ${input.reason},
              updated_at = now(), version = version + 1 where id = ${cover.id as number}`,
      );
      await this.refreshCover(tx, p.id as number);
      // the premium in SQL (numeric), as every amount: never a float
      const after = await this.bump(tx, p.id as number, { premium: sql`${insurancePolicies.premium} - ${refund}::numeric` });
      const data = { station_id: input.station_id, station, effective_date: input.effective_date, sum_insured: cover.sum_insured, premium_refund: refund };
      // flat fields, so the history lists them one by one under their labels
      await writeLog(tx, actor, {
        action: 'remove_station', resource: 'insurance_policy', recordId: p.id as number, before: p,
        after: { ...after, removed_station: `${station} (${cover.sum_insured as string})`, removed_on: input.effective_date, removed_reason: input.reason, premium_refund: refund },
      });
      await recordTransition(tx, actor, { entity: 'insurance_policy', entityId: p.id as number, action: 'remove_station', from: 'active', to: 'active', reason: input.reason, data });
      return after;
    });
  }

  /** 退保 on a day within the term: the cover ends that day (a new policy may cover the stations afterwards). */
  async surrender(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(policySurrenderSchema, body);
    return this.db.transaction(async (tx) => {
      const p = await this.lockedPolicy(tx, input.id, input.version, auth);
      if (p.status !== 'active') throw policyStateError(p, 'surrender');
      if (input.surrender_date < String(p.start_date) || input.surrender_date > String(p.end_date))
        throw new ApiError(400, 'error.policy_surrender_date', { from: p.start_date, to: p.end_date });
      await query(tx, sql`update insurance_policy_stations set end_date = ${input.surrender_date}::date, updated_at = now(), version = version + 1 where policy_id = ${p.id as number} and end_date > ${input.surrender_date}::date`);
      const after = await this.bump(tx, p.id as number, { status: 'surrendered', surrender_date: input.surrender_date, surrender_reason: input.reason });
      await writeLog(tx, actor, { action: 'surrender', resource: 'insurance_policy', recordId: p.id as number, before: p, after });
      await recordTransition(tx, actor, { entity: 'insurance_policy', entityId: p.id as number, action: 'surrender', from: 'active', to: 'surrendered', reason: input.reason, data: { surrender_date: input.surrender_date } });
      await raiseWorkflowEvent(tx, 'insurance_policy.surrendered', p.id as number, actor);
      return after;
    });
  }

  /**
   * 批量续保: for each ticked policy (in the order given) a new policy from the day after its end for
   * `term_years`, premium the same or ± %, numbered by prefix + sequence or as given per policy,
   * covering the same stations with the same sums insured; the old one becomes 已续保 and links to
   * it. One transaction for all. A policy already renewed is skipped (its successor named), so running
   * the same renewal twice creates nothing the second time; renewed_from is unique besides.
   */
  async renew(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(policyRenewSchema, body);
    const ids = [...new Set(input.ids)];
    return this.db.transaction(async (tx) => {
      const created: Row[] = [];
      const skipped: Row[] = [];
      let seq = 0;
      for (const id of ids) {
        const p = await this.lockedPolicy(tx, id, null, auth);
        if (p.status === 'renewed') {
          const [next] = await tx.select({ id: insurancePolicies.id, policy_no: insurancePolicies.policy_no }).from(insurancePolicies).where(eq(insurancePolicies.renewed_from, id));
          skipped.push({ id, policy_no: p.policy_no, renewed_to: next?.id ?? p.renewed_to, renewed_to_no: next?.policy_no ?? null });
          continue;
        }
        if (p.status !== 'active') throw policyStateError(p, 'renew');
        const no = input.numbers ? input.numbers[String(id)] : sequenceNo(input.prefix!, input.seq_start!, seq++, input.seq_width ?? 4);
        if (!no) throw new ApiError(400, 'error.policy_renew_number_missing', { no: p.policy_no });
        await this.checkNumberFree(tx, no);
        const term = renewalTerm(p.end_date as string, input.term_years);
        const premium = renewedPremium(p.premium as string, input.premium_rule, input.percent);
        const cover = await this.renewOne(tx, p, { no, ...term, premium }, auth, actor);
        created.push({ id: cover.id, policy_no: no, renewed_from: id, renewed_from_no: p.policy_no, start_date: term.start_date, end_date: term.end_date, premium, station_count: cover.stations });
      }
      return { created, skipped };
    });
  }

  /**
   * One renewal, inside the caller's transaction: the new policy (number checked free) covering the old
   * one's stations still on it with the same sums insured, the old one 已续保 linked to it; logged and on
   * both timelines. The bulk dialog and the Excel sheet both come here.
   */
  private async renewOne(tx: Queryable, p: Row, next: { no: string; start_date: string; end_date: string; premium: string }, auth: AuthContext, actor: Actor) {
    const id = p.id as number;
    await this.checkNumberFree(tx, next.no);
    const [n] = await tx
      .insert(insurancePolicies)
      .values({
        policy_no: next.no, kind: p.kind as string, insurer_id: p.insurer_id as number, start_date: next.start_date, end_date: next.end_date, premium: next.premium,
        owner_id: (p.owner_id as number | null) ?? null, remark: (p.remark as string | null) ?? null, renewed_from: id, created_by: auth.userId,
      })
      .returning();
    const cover = await query<CoverLine>(tx, sql`select station_id, sum_insured::text as sum_insured from insurance_policy_stations where policy_id = ${id} and removed_on is null order by station_id`);
    await this.insertCover(tx, n as Row, cover, next.start_date, next.end_date);
    await this.refreshCover(tx, n!.id);
    const after = await this.bump(tx, id, { status: 'renewed', renewed_to: n!.id });
    await writeLog(tx, actor, { action: 'renew', resource: 'insurance_policy', recordId: id, before: p, after });
    await writeLog(tx, actor, { action: 'add', resource: 'insurance_policy', recordId: n!.id, after: n as Row });
    await recordTransition(tx, actor, { entity: 'insurance_policy', entityId: id, action: 'renew', from: 'active', to: 'renewed', data: { renewed_to: n!.id, policy_no: next.no } });
    await recordTransition(tx, actor, { entity: 'insurance_policy', entityId: n!.id, action: 'renewed', from: null, to: 'active', data: { renewed_from: id, policy_no: p.policy_no, premium: next.premium, stations: cover.length } });
    return { id: n!.id, stations: cover.length };
  }

  /**
   * 批量续保 from the insurer's sheet (policy no, new no, new term, premium per row), all or nothing: every
   * problem of every row is reported and nothing is written; with none, one transaction renews them all.
   * A row whose policy was already renewed exactly as it says (same number, term and premium) is counted
   * unchanged, so the same sheet twice changes nothing; renewed differently, it is an error naming the successor.
   */
  /**
   * The sheet's rows checked against the database: unknown or out-of-scope policies, a policy or a new
   * number twice, a start not after the old end, a number taken, a policy not in force; a policy already
   * renewed exactly as its row says is counted unchanged. `lock` row-locks the policies (the write pass);
   * without it (the import's resolve step, before the schema) it only reads.
   */
  private async checkSheet(db: Queryable, rows: { row: number; r: PolicyRenewalRow }[], auth: AuthContext, lang: Lang, lock: boolean) {
    const errors: RowError[] = [];
    const err = (row: number, key: string, message: string) => errors.push({ row, column: renewalColumn(key, lang), message });
    const seenOld = new Map<string, number>();
    const seenNew = new Map<string, number>();
    const todo: { row: number; p: Row; r: PolicyRenewalRow }[] = [];
    let unchanged = 0;
    for (const { row, r } of rows) {
      if (seenOld.has(r.policy_no)) err(row, 'policy_no', t('error.policy_sheet_twice', lang, { no: r.policy_no, row: seenOld.get(r.policy_no)! }));
      else seenOld.set(r.policy_no, row);
      if (seenNew.has(r.new_policy_no)) err(row, 'new_policy_no', t('error.policy_sheet_new_twice', lang, { no: r.new_policy_no, row: seenNew.get(r.new_policy_no)! }));
      else seenNew.set(r.new_policy_no, row);
      const [hit] = await db.select({ id: insurancePolicies.id }).from(insurancePolicies).where(eq(insurancePolicies.policy_no, r.policy_no));
      let p: Row | null = null;
      if (hit) {
        try {
          p = await loadOne(db, policyResource, hit.id, auth, { lock });
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
        }
      }
      if (!p) {
        err(row, 'policy_no', t('error.policy_sheet_unknown', lang, { no: r.policy_no }));
        continue;
      }
      if (p.status === 'renewed') {
        const [n] = await query<Row>(db, sql`select policy_no, start_date::text as start_date, end_date::text as end_date, premium::text as premium from insurance_policies where renewed_from = ${p.id as number}`);
        if (n && n.policy_no === r.new_policy_no && n.start_date === r.start_date && n.end_date === r.end_date && new Money(String(n.premium)).eq(r.premium)) unchanged++;
        else err(row, 'new_policy_no', t('error.policy_sheet_renewed', lang, { no: r.policy_no, to: String(n?.policy_no ?? p.renewed_to), from: String(n?.start_date ?? ''), until: String(n?.end_date ?? ''), premium: String(n?.premium ?? '') }));
        continue;
      }
      if (p.status !== 'active') {
        err(row, 'policy_no', policyStateError(p, 'renew').message_(lang));
        continue;
      }
      if (r.start_date <= String(p.end_date)) {
        err(row, 'start_date', t('error.policy_sheet_start', lang, { start: r.start_date, end: String(p.end_date) }));
        continue;
      }
      const [taken] = await db.select({ id: insurancePolicies.id }).from(insurancePolicies).where(eq(insurancePolicies.policy_no, r.new_policy_no));
      if (taken) {
        err(row, 'new_policy_no', t('error.policy_no_taken', lang, { no: r.new_policy_no }));
        continue;
      }
      todo.push({ row, p, r });
    }
    return { errors, todo, unchanged };
  }

  /**
   * The import's resolve step: every row the schema takes is checked against the database too, so a
   * sheet's problems — the cells' and the policies' — come back together. Rows the schema refuses are
   * left to it (reported by the generic import).
   */
  async checkRenewalSheet(rows: { row: number; raw: Row }[], auth: AuthContext, lang: Lang): Promise<RowError[]> {
    const valid: { row: number; r: PolicyRenewalRow }[] = [];
    for (const { row, raw } of rows) {
      const parsed = policyRenewalRowSchema.safeParse(raw);
      if (parsed.success) valid.push({ row, r: parsed.data });
    }
    return (await this.checkSheet(this.db, valid, auth, lang, false)).errors;
  }

  /**
   * 批量续保 from the insurer's sheet (policy no, new no, new term, premium per row), all or nothing: with
   * no problem in any row, one transaction checks them again under row locks and renews them all. A row
   * whose policy was already renewed exactly as it says (same number, term and premium) is counted
   * unchanged, so the same sheet twice changes nothing; renewed differently, it is an error naming the successor.
   */
  async renewFromSheet(rows: { row: number; input: Row }[], auth: AuthContext, actor: Actor, lang: Lang): Promise<ImportResult> {
    return this.db
      .transaction(async (tx): Promise<ImportResult> => {
        const { errors, todo, unchanged } = await this.checkSheet(tx, rows.map(({ row, input }) => ({ row, r: input as PolicyRenewalRow })), auth, lang, true);
        if (errors.length) return { imported: 0 as const, errors: errors.sort((a, b) => a.row - b.row) };
        for (const { row, p, r } of todo) {
          try {
            await this.renewOne(tx, p, { no: r.new_policy_no, start_date: r.start_date, end_date: r.end_date, premium: r.premium }, auth, actor);
          } catch (e) {
            // a station the new term would double-cover: the whole sheet is refused, this row named
            if (e instanceof ApiError) throw new SheetRefused({ row, column: renewalColumn('new_policy_no', lang), message: e.message_(lang) });
            throw e;
          }
        }
        return { imported: todo.length, unchanged, message: t('insurance.renewal_done', lang, { created: todo.length, unchanged }) };
      })
      .catch((e: unknown): ImportResult => {
        if (e instanceof SheetRefused) return { imported: 0 as const, errors: [e.rowError] };
        throw e;
      });
  }

  /** The stations a policy covers with their sums insured. */
  async coverOf(id: number, auth: AuthContext) {
    await loadOne(this.db, policyResource, id, auth);
    // a policy covers stations of several agents: the caller sees those of its own scope only
    const list = await query<Row>(
      this.db,
      sql`select ps.id, ps.policy_id, ps.station_id, stations.code as station_code, stations.name as station_name, stations.province_code, stations.city_code,
            ps.sum_insured::text as sum_insured, ps.start_date::text as start_date, ps.end_date::text as end_date,
            ps.removed_on::text as removed_on, ps.removed_reason,
            (select count(*)::int from insurance_claims c where c.policy_id = ps.policy_id and c.station_id = ps.station_id) as claims
          from insurance_policy_stations ps join stations on stations.id = ps.station_id
          where ps.policy_id = ${id} and ${inScopeExpr(stationResource.scope(auth))} order by stations.code`,
    );
    return { list, total: list.length };
  }

  /** A station's policies (with the sum insured) and claims, for its detail page. */
  async ofStation(stationId: number, auth: AuthContext) {
    await loadOne(this.db, stationResource, stationId, auth);
    const policies = await query<Row>(
      this.db,
      sql`select p.id, p.policy_no, p.kind, p.status, p.start_date::text as start_date, p.end_date::text as end_date, ps.sum_insured::text as sum_insured,
            ps.start_date::text as cover_start, ps.end_date::text as cover_end, (select pa.name from partners pa where pa.id = p.insurer_id) as insurer_name
          from insurance_policy_stations ps join insurance_policies p on p.id = ps.policy_id where ps.station_id = ${stationId} order by p.start_date desc, p.id desc`,
    );
    const today = chinaDate(new Date());
    const claims = await query<Row>(
      this.db,
      sql`select c.id, c.claim_no, c.cause, c.status, c.incident_date::text as incident_date, c.amount_claimed::text as amount_claimed,
            c.amount_approved::text as amount_approved, c.amount_received::text as amount_received, p.policy_no
          from insurance_claims c join insurance_policies p on p.id = c.policy_id where c.station_id = ${stationId} order by c.incident_date desc, c.id desc`,
    );
    return { policies: policies.map((p) => ({ ...p, state: policyState(p as { status: string; start_date: string; end_date: string }, today) })), claims };
  }

  // ---------------------------------------------------------------- claims

  private async coverFor(tx: Queryable, stationId: number, date: string, policyId: number | null | undefined) {
    const [hit] = await query<Row>(
      tx,
      sql`select ps.policy_id, ps.sum_insured::text as sum_insured, p.policy_no from insurance_policy_stations ps join insurance_policies p on p.id = ps.policy_id
          where ps.station_id = ${stationId} and ps.start_date <= ${date}::date and ps.end_date >= ${date}::date
            and ${policyId ? sql`ps.policy_id = ${policyId}` : sql`true`}
          order by (ps.kind = 'property') desc, ps.policy_id limit 1`,
    );
    return hit;
  }

  private async lockedClaim(tx: Queryable, id: number, version: number, auth: AuthContext) {
    const c = await loadOne(tx, claimResource, id, auth, { lock: true, extra: true });
    if (c.version !== version) throw conflict(c.version as number, version);
    return c;
  }

  private async moveClaim(tx: Queryable, c: Row, actor: Actor, action: ClaimAction, set: Row, opts: { reason?: string | null; data?: Record<string, unknown> } = {}) {
    const to = assertTransition(CLAIM_MACHINE, c.status as string, action, ClaimStatus, ClaimActionLabel);
    const [after] = await tx
      .update(insuranceClaims)
      .set({ ...set, status: to, version: sql`${insuranceClaims.version} + 1`, updated_at: new Date() } as never)
      .where(eq(insuranceClaims.id, c.id as number))
      .returning();
    await writeLog(tx, actor, { action, resource: 'insurance_claim', recordId: c.id as number, before: c, after: after as Row });
    await recordTransition(tx, actor, { entity: 'insurance_claim', entityId: c.id as number, action, from: c.status as string, to, reason: opts.reason ?? null, data: opts.data });
    return after as Row;
  }

  /**
   * 报案: the station (in the caller's scope) must be covered on the incident date — by the given
   * policy, or by any (property first); the amount claimed at most the station's sum insured; an
   * optional maintenance order of the same station; documents bound to the claim.
   */
  async addClaim(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(claimCreateSchema, body);
    return this.db.transaction(async (tx) => {
      const s = (await loadOne(tx, stationResource, input.station_id, auth)) as typeof stations.$inferSelect;
      if (input.incident_date > chinaDate(new Date())) throw new ApiError(400, 'error.claim_future');
      const station = `${s.code} ${s.name}`;
      const cover = await this.coverFor(tx, s.id, input.incident_date, input.policy_id);
      if (!cover) {
        if (input.policy_id) {
          const [p] = await tx.select({ policy_no: insurancePolicies.policy_no }).from(insurancePolicies).where(eq(insurancePolicies.id, input.policy_id));
          throw new ApiError(400, 'error.claim_policy_not_covering', { no: p?.policy_no ?? input.policy_id, station, date: input.incident_date });
        }
        throw new ApiError(400, 'error.claim_not_covered', { station, date: input.incident_date });
      }
      if (new Money(input.amount_claimed).gt(cover.sum_insured as string)) throw new ApiError(400, 'error.claim_over_sum_insured', { claimed: input.amount_claimed, sum: cover.sum_insured });
      if (input.maintenance_id) {
        const [m] = await tx.select({ station_id: maintenanceOrders.station_id, order_no: maintenanceOrders.order_no }).from(maintenanceOrders).where(eq(maintenanceOrders.id, input.maintenance_id));
        if (!m || m.station_id !== s.id) throw new ApiError(400, 'error.claim_maintenance_station', { no: m?.order_no ?? input.maintenance_id });
      }
      const [c] = await tx
        .insert(insuranceClaims)
        .values({
          claim_no: await nextNumber(tx, CLAIM_PREFIX), policy_id: cover.policy_id as number, station_id: s.id, agent_id: s.agent_id, province_code: s.province_code, city_code: s.city_code,
          maintenance_id: input.maintenance_id ?? null, cause: input.cause, incident_date: input.incident_date, description: input.description,
          amount_claimed: input.amount_claimed, document_ids: input.document_ids ?? [], created_by: auth.userId,
        })
        .returning();
      if (input.document_ids?.length) await this.files.attach(tx, input.document_ids, 'insurance_claim', c!.id, auth);
      await writeLog(tx, actor, { action: 'add', resource: 'insurance_claim', recordId: c!.id, after: c as Row });
      await recordTransition(tx, actor, { entity: 'insurance_claim', entityId: c!.id, action: 'add', from: null, to: 'reported', data: { policy_no: cover.policy_no, amount_claimed: input.amount_claimed, cause: input.cause } });
      await raiseWorkflowEvent(tx, 'insurance_claim.reported', c!.id, actor);
      return c as Row;
    });
  }

  /** 提交资料: more documents (at least one; those of 报案 kept) and, if it changed, the amount claimed. */
  async submitClaim(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(claimSubmitSchema, body);
    return this.db.transaction(async (tx) => {
      const c = await this.lockedClaim(tx, input.id, input.version, auth);
      const claimed = input.amount_claimed ?? (c.amount_claimed as string);
      if (input.amount_claimed != null && c.sum_insured != null && new Money(claimed).gt(c.sum_insured as string)) throw new ApiError(400, 'error.claim_over_sum_insured', { claimed, sum: c.sum_insured });
      if (c.status === 'reported') await this.files.attach(tx, input.document_ids, 'insurance_claim', c.id as number, auth);
      // the documents of 报案 stay; the ones given now join them
      const documents = [...new Set([...((c.document_ids as number[] | null) ?? []), ...input.document_ids])];
      return this.moveClaim(tx, c, actor, 'submit', { document_ids: documents, amount_claimed: claimed }, { data: { documents: documents.length, amount_claimed: claimed } });
    });
  }

  /** 定损: the insurer's approved amount, at most the amount claimed (0 is a valid assessment). */
  async assessClaim(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(claimAssessSchema, body);
    return this.db.transaction(async (tx) => {
      const c = await this.lockedClaim(tx, input.id, input.version, auth);
      assertTransition(CLAIM_MACHINE, c.status as string, 'assess', ClaimStatus, ClaimActionLabel);
      if (new Money(input.amount_approved).gt(c.amount_claimed as string))
        throw new ApiError(400, 'error.claim_approved_over', { approved: input.amount_approved, claimed: c.amount_claimed });
      // a published process may have to approve the assessment first
      const pending = await requestApproval(tx, { type: 'insurance_claim', action: 'assess', record: c, params: { amount_approved: input.amount_approved, note: input.note ?? null }, actor });
      if (pending) return { ...c, workflow_request: pending };
      const after = await this.moveClaim(tx, c, actor, 'assess', { amount_approved: input.amount_approved, assess_note: input.note ?? null }, { reason: input.note ?? null, data: { amount_approved: input.amount_approved } });
      await raiseWorkflowEvent(tx, 'insurance_claim.assessed', c.id as number, actor);
      return after;
    });
  }

  /** 确认赔付: the amount received (at most the approved amount) and the day it arrived. */
  async payClaim(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(claimPaySchema, body);
    return this.db.transaction(async (tx) => {
      const c = await this.lockedClaim(tx, input.id, input.version, auth);
      assertTransition(CLAIM_MACHINE, c.status as string, 'pay', ClaimStatus, ClaimActionLabel);
      if (new Money(input.amount_received).gt(c.amount_approved as string))
        throw new ApiError(400, 'error.claim_received_over', { received: input.amount_received, approved: c.amount_approved });
      // a published process may have to approve the payment first (保险理赔赔付审批)
      const pending = await requestApproval(tx, { type: 'insurance_claim', action: 'pay', record: c, params: { amount_received: input.amount_received, paid_on: input.paid_on }, actor });
      if (pending) return { ...c, workflow_request: pending };
      return this.moveClaim(tx, c, actor, 'pay', { amount_received: input.amount_received, paid_on: input.paid_on }, { data: { amount_received: input.amount_received, paid_on: input.paid_on } });
    });
  }

  /** 拒赔 with the insurer's reason. */
  async rejectClaim(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(claimRejectSchema, body);
    return this.db.transaction(async (tx) => {
      const c = await this.lockedClaim(tx, input.id, input.version, auth);
      return this.moveClaim(tx, c, actor, 'reject', { reject_reason: input.reason }, { reason: input.reason });
    });
  }

  /** A claim's documents with signed links, in the record's order. */
  async documentsOf(id: number, auth: AuthContext) {
    const c = await loadOne(this.db, claimResource, id, auth);
    const order = c.document_ids as number[];
    const list = (await this.files.list(this.db, 'insurance_claim', id)).filter((d) => order.includes(d.id)).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    return { list, total: list.length };
  }
}
