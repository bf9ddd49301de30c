import {
  PARTNER_MACHINE,
  type PartnerAction,
  PartnerActionLabel,
  type PartnerContact,
  PartnerStatus,
  isBankCard,
  maskMiddle,
  numeric,
  partnerCreateSchema,
  partnerEditSchema,
  partnerLinkSchema,
  partnerMoveSchema,
} from '@pv/contract';
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { agents, partnerCertificates, partners, users } from '../../db/schema/index.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { escapeLike } from '../../resources/query.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { holding } from '../work_order/actions.ts';
import { maskAccount, partnerResource as def } from './resource.ts';

type Row = Record<string, unknown>;
type CertInput = z.output<typeof partnerCreateSchema>['certificates'][number];
type CertRow = typeof partnerCertificates.$inferSelect;

const actionLabels = {
  label: (action: string | null | undefined, lang: 'zh' | 'en') => PartnerActionLabel.label(action, lang),
};

/** 400 naming the partner that already holds the code, in the caller's language. */
async function creditCodeTaken(db: Queryable, code: string, exceptId: number | null): Promise<ApiError | null> {
  const [dup] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(and(eq(partners.credit_code, code), exceptId === null ? undefined : ne(partners.id, exceptId)));
  return dup ? new ApiError(400, 'error.partner_credit_code_taken', { code, name: dup.name }) : null;
}

/** Did this error come from the unique index on the credit code (a concurrent add or edit won the race)? */
function isCodeRace(err: unknown): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; constraint_name?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505' && [e.constraint, e.constraint_name, e.message].some((v) => typeof v === 'string' && v.includes('partners_credit_code_key'))) return true;
  }
  return false;
}

/** The phones of the contacts, for the keyword search. */
const phonesOf = (contacts: readonly PartnerContact[]) => contacts.map((c) => c.phone).join(' ').slice(0, 600);

/** What the log keeps of a partner: the row (account masked) and its certificates. */
async function snapshot(tx: Queryable, row: Row): Promise<Row> {
  const certs = await tx
    .select({ id: partnerCertificates.id, name: partnerCertificates.name, cert_no: partnerCertificates.cert_no, issued_on: partnerCertificates.issued_on, expires_on: partnerCertificates.expires_on, file_id: partnerCertificates.file_id })
    .from(partnerCertificates)
    .where(eq(partnerCertificates.partner_id, row.id as number))
    .orderBy(asc(partnerCertificates.id));
  const { contact_phones: _, ...rest } = maskAccount(row);
  return { ...rest, certificates: certs };
}

/**
 * Partners' writes (docs/DECISIONS.md "Partners"): add and edit with their contacts, account,
 * documents and certificates in one transaction; enable / disable; the links of agents and teams;
 * the full account number (logged). Every write checks permission (the route), data scope and the
 * version read, and logs before/after with the account number masked.
 */
export class PartnerService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
  ) {}

  /** A code taken by a concurrent write surfaces as the same 400 as the pre-check's. */
  private async guarded<T>(code: () => string | undefined, exceptId: number | null, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const c = code();
      if (c && isCodeRace(err)) throw (await creditCodeTaken(this.db, c, exceptId)) ?? new ApiError(400, 'error.partner_credit_code_taken', { code: c, name: '' });
      throw err;
    }
  }

  private async checkOwner(tx: Queryable, ownerId: number | null | undefined) {
    if (ownerId == null) return;
    const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, ownerId), eq(users.status, 'enabled')));
    if (!u) throw new ApiError(400, 'error.partner_owner_invalid', { id: ownerId });
  }

  /** Replaces the certificates with the given list: kept ones (by id) updated, new ones added, the rest removed. */
  private async putCertificates(tx: Queryable, partnerId: number, list: readonly CertInput[], auth: AuthContext) {
    const existing = await tx.select().from(partnerCertificates).where(eq(partnerCertificates.partner_id, partnerId));
    const byId = new Map(existing.map((c) => [c.id, c]));
    for (const c of list) if (c.id !== undefined && !byId.has(c.id)) throw new ApiError(400, 'error.partner_certificate_unknown', { id: c.id });
    const fileIds = list.map((c) => c.file_id).filter((v): v is number => typeof v === 'number');
    await this.files.attach(tx, fileIds, 'partner_cert', partnerId, auth);
    const keep = list.map((c) => c.id).filter((v): v is number => v !== undefined);
    if (existing.length) {
      await tx.delete(partnerCertificates).where(and(eq(partnerCertificates.partner_id, partnerId), keep.length ? notInArray(partnerCertificates.id, keep) : undefined));
    }
    for (const c of list) {
      const values = { name: c.name, cert_type: c.cert_type ?? null, cert_no: c.cert_no ?? null, issued_on: c.issued_on ?? null, expires_on: c.expires_on, file_id: c.file_id ?? null };
      const before: CertRow | undefined = c.id === undefined ? undefined : byId.get(c.id);
      if (!before) {
        await tx.insert(partnerCertificates).values({ partner_id: partnerId, ...values });
        continue;
      }
      const moved = before.expires_on !== c.expires_on;
      await tx
        .update(partnerCertificates)
        // a new expiry date is a new certificate as far as the reminder goes
        .set({ ...values, ...(moved ? { reminded_at: null, expired: false } : {}), version: sql`${partnerCertificates.version} + 1`, updated_at: new Date() })
        .where(eq(partnerCertificates.id, before.id));
    }
  }

  /** partner/add → the new row. */
  async add(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(partnerCreateSchema, body);
    return this.guarded(() => input.credit_code, null, () =>
      this.db.transaction(async (tx) => {
        const taken = await creditCodeTaken(tx, input.credit_code, null);
        if (taken) throw taken;
        await this.checkOwner(tx, input.owner_id);
        const { certificates, ...fields } = input;
        const [row] = await tx
          .insert(partners)
          .values({ ...fields, contact_phones: phonesOf(fields.contacts), created_by: auth.userId })
          .returning();
        const id = row!.id;
        // the new record must be one the caller may see (an agent's user adding one would not)
        await loadOne(tx, def, id, auth);
        await this.files.attach(tx, input.document_ids, 'partner_doc', id, auth);
        await this.putCertificates(tx, id, certificates, auth);
        await writeLog(tx, actor, { action: 'add', resource: 'partner', recordId: id, after: await snapshot(tx, row as Row) });
        await recordTransition(tx, actor, { entity: 'partner', entityId: id, action: 'add', from: null, to: 'enabled', data: { kind: input.kind, credit_code: input.credit_code } });
        return row as Row;
      }),
    );
  }

  /** partner/edit {id, version, …changed fields} → the row. Lists (contacts, documents, certificates) are complete when sent. */
  async edit(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const { id, version, certificates, ...input } = parse(partnerEditSchema, body);
    return this.guarded(() => input.credit_code, id, () =>
      this.db.transaction(async (tx) => {
        const before = await loadOne(tx, def, id, auth, { lock: true });
        if (before.version !== version) throw conflict(before.version as number, version);
        const logBefore = await snapshot(tx, before);
        if (input.credit_code !== undefined && input.credit_code !== before.credit_code) {
          const taken = await creditCodeTaken(tx, input.credit_code, id);
          if (taken) throw taken;
        }
        await this.checkOwner(tx, input.owner_id);
        // the account's rules over the record as it will be (the schema saw only what was sent)
        const merged = { ...before, ...input } as Row;
        if (merged.account_no) {
          if (!merged.account_holder) throw new ApiError(400, 'error.invalid_params', {}, (lang) => `${lang === 'zh' ? '开户名' : 'Account holder'}${lang === 'zh' ? '：' : ': '}${t('validation.account_holder', lang)}`);
          if (!merged.bank_name) throw new ApiError(400, 'error.invalid_params', {}, (lang) => `${lang === 'zh' ? '开户银行' : 'Bank'}${lang === 'zh' ? '：' : ': '}${t('validation.account_bank', lang)}`);
          if (merged.account_type === 'personal' && !isBankCard(merged.account_no as string)) throw new ApiError(400, 'error.invalid_params', {}, (lang) => `${lang === 'zh' ? '账号' : 'Account number'}${lang === 'zh' ? '：' : ': '}${t('validation.bank_card', lang)}`);
        }
        if (input.document_ids) {
          // a document left out of the list stays the record's file (re-adding it works) but is no longer shown
          await this.files.attach(tx, input.document_ids, 'partner_doc', id, auth);
        }
        if (certificates) await this.putCertificates(tx, id, certificates, auth);
        const [after] = await tx
          .update(partners)
          .set({ ...input, ...(input.contacts ? { contact_phones: phonesOf(input.contacts) } : {}), version: sql`${partners.version} + 1`, updated_at: new Date() })
          .where(eq(partners.id, id))
          .returning();
        await writeLog(tx, actor, { action: 'edit', resource: 'partner', recordId: id, before: logBefore, after: await snapshot(tx, after as Row) });
        // a new payee account: processes bound to the change start with it (its check before the next payment)
        if (['account_holder', 'bank_name', 'account_no'].some((k) => (after as Row)[k] !== before[k])) await raiseWorkflowEvent(tx, 'partner.account_changed', id, actor);
        return after as Row;
      }),
    );
  }

  /** partner/enable, partner/disable {id, version}. */
  async move(action: PartnerAction, body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const { id, version } = parse(partnerMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await loadOne(tx, def, id, auth, { lock: true });
      if (before.version !== version) throw conflict(before.version as number, version);
      const to = assertTransition(PARTNER_MACHINE, before.status as string, action, PartnerStatus, actionLabels);
      const [after] = await tx.update(partners).set({ status: to, version: sql`${partners.version} + 1`, updated_at: new Date() }).where(eq(partners.id, id)).returning();
      await writeLog(tx, actor, { action, resource: 'partner', recordId: id, before: { status: before.status }, after: { status: to } });
      await recordTransition(tx, actor, { entity: 'partner', entityId: id, action, from: before.status as string, to });
      return after as Row;
    });
  }

  /**
   * partner/link {id, version, agent_ids, team_ids}: the complete lists of agents and teams (enabled
   * users who take work orders) that are this partner. One linked to another partner is refused by
   * name (unlink it there first); the partner's version moves, the log keeps both lists.
   */
  async link(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const { id, version, agent_ids, team_ids } = parse(partnerLinkSchema, body);
    const agentIds = [...new Set(agent_ids)];
    const teamIds = [...new Set(team_ids)];
    return this.db.transaction(async (tx) => {
      const before = await loadOne(tx, def, id, auth, { lock: true });
      if (before.version !== version) throw conflict(before.version as number, version);
      const was = await this.linksIn(tx, id);
      if (agentIds.length) {
        const rows = await tx.select({ id: agents.id, name: agents.name, partner_id: agents.partner_id }).from(agents).where(inArray(agents.id, agentIds)).for('update');
        const missing = agentIds.find((a) => !rows.some((r) => r.id === a));
        if (missing !== undefined) throw new ApiError(400, 'error.partner_agent_invalid', { id: missing });
        const other = rows.find((r) => r.partner_id !== null && r.partner_id !== id);
        if (other) throw new ApiError(400, 'error.partner_agent_taken', { name: other.name, partner: await this.nameOf(tx, other.partner_id!) });
      }
      if (teamIds.length) {
        const rows = await tx
          .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})`, partner_id: users.partner_id })
          .from(users)
          .where(and(inArray(users.id, teamIds), eq(users.status, 'enabled'), holding('work_order:accept')))
          .for('update');
        const missing = teamIds.find((u) => !rows.some((r) => r.id === u));
        if (missing !== undefined) throw new ApiError(400, 'error.partner_team_invalid', { id: missing });
        const other = rows.find((r) => r.partner_id !== null && r.partner_id !== id);
        if (other) throw new ApiError(400, 'error.partner_team_taken', { name: other.name, partner: await this.nameOf(tx, other.partner_id!) });
      }
      await tx.update(agents).set({ partner_id: null }).where(and(eq(agents.partner_id, id), agentIds.length ? notInArray(agents.id, agentIds) : undefined));
      if (agentIds.length) await tx.update(agents).set({ partner_id: id }).where(and(inArray(agents.id, agentIds), isNull(agents.partner_id)));
      await tx.update(users).set({ partner_id: null }).where(and(eq(users.partner_id, id), teamIds.length ? notInArray(users.id, teamIds) : undefined));
      if (teamIds.length) await tx.update(users).set({ partner_id: id }).where(and(inArray(users.id, teamIds), isNull(users.partner_id)));
      const [after] = await tx.update(partners).set({ version: sql`${partners.version} + 1`, updated_at: new Date() }).where(eq(partners.id, id)).returning();
      const now = await this.linksIn(tx, id);
      // the log names them (a person reads the history), ids beside
      const named = (l: typeof now) => ({ agents: l.agents.map((a) => `${a.name} (${a.code})`), teams: l.teams.map((u) => u.full_name || u.username), agent_ids: l.agents.map((a) => a.id), team_ids: l.teams.map((u) => u.id) });
      await writeLog(tx, actor, { action: 'link', resource: 'partner', recordId: id, before: named(was), after: named(now) });
      await recordTransition(tx, actor, { entity: 'partner', entityId: id, action: 'link', from: before.status as string, to: before.status as string, data: { agents: now.agents.map((a) => a.name), teams: now.teams.map((u) => u.full_name || u.username) } });
      return after as Row;
    });
  }

  private async nameOf(tx: Queryable, partnerId: number): Promise<string> {
    const [p] = await tx.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId));
    return p?.name ?? String(partnerId);
  }

  private async linksIn(db: Queryable, id: number) {
    const a = await db.select({ id: agents.id, code: agents.code, name: agents.name }).from(agents).where(eq(agents.partner_id, id)).orderBy(asc(agents.id));
    const u = await db.select({ id: users.id, username: users.username, full_name: users.full_name }).from(users).where(eq(users.partner_id, id)).orderBy(asc(users.id));
    return { agents: a, teams: u };
  }

  /** partner/links?id=: the linked agents and teams (scope-checked). */
  async links(id: number, auth: AuthContext) {
    await loadOne(this.db, def, id, auth);
    return this.linksIn(this.db, id);
  }

  /** partner/link_candidates?kind=agent|team&q=: agents, or enabled users who take work orders, with the partner they are linked to. */
  async candidates(query: unknown) {
    const { kind, q } = parse(z.object({ kind: z.enum(['agent', 'team'], { error: 'validation.enum' }), q: z.string().trim().max(50, { error: 'validation.too_long|50' }).optional() }), query);
    const like = q ? `%${escapeLike(q)}%` : null;
    const partnerName = (col: typeof agents.partner_id | typeof users.partner_id) => sql<string | null>`(select p.name from partners p where p.id = ${col})`;
    if (kind === 'agent') {
      const list = await this.db
        .select({ id: agents.id, code: agents.code, name: agents.name, partner_id: agents.partner_id, partner_name: partnerName(agents.partner_id) })
        .from(agents)
        .where(like ? or(sql`${agents.name} ilike ${like}`, sql`${agents.code} ilike ${like}`) : undefined)
        .orderBy(asc(agents.id))
        .limit(50);
      return { list, total: list.length };
    }
    const list = await this.db
      .select({ id: users.id, code: users.username, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})`, partner_id: users.partner_id, partner_name: partnerName(users.partner_id) })
      .from(users)
      .where(and(eq(users.status, 'enabled'), holding('work_order:accept'), like ? or(sql`${users.username} ilike ${like}`, sql`${users.full_name} ilike ${like}`) : undefined))
      .orderBy(asc(users.id))
      .limit(50);
    return { list, total: list.length };
  }

  /** partner/owners?q=&user_id=: enabled staff users to own a record (told of expiring certificates), by name; user_id = include that one. */
  async owners(query: unknown) {
    const { q, user_id } = parse(
      z.object({ q: z.string().trim().max(50, { error: 'validation.too_long|50' }).optional(), user_id: numeric(z.number({ error: 'validation.number' }).int().positive()).optional() }),
      query,
    );
    const like = q ? `%${escapeLike(q)}%` : null;
    const match = like ? or(sql`${users.username} ilike ${like}`, sql`${users.full_name} ilike ${like}`) : undefined;
    const list = await this.db
      .select({ id: users.id, username: users.username, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` })
      .from(users)
      .where(and(eq(users.status, 'enabled'), ne(users.identity, 'agent'), user_id ? or(eq(users.id, user_id), match ?? sql`true`) : match))
      .orderBy(asc(users.id))
      .limit(50);
    return { list, total: list.length };
  }

  /** partner/view_account?id=: the full account number; every view is written to the system log (masked there). */
  async viewAccount(id: number, auth: AuthContext, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const row = await loadOne(tx, def, id, auth);
      await writeLog(tx, actor, { action: 'view_account', resource: 'partner', recordId: id, after: { account_no: row.account_no ? maskMiddle(row.account_no as string) : null } });
      return { id, account_type: row.account_type, account_holder: row.account_holder, bank_name: row.bank_name, bank_branch: row.bank_branch, account_no: row.account_no };
    });
  }

  /** partner/files?id=: the contract documents (in the record's order) and the certificate scans, with signed links. */
  async filesOf(id: number, auth: AuthContext) {
    const row = await loadOne(this.db, def, id, auth);
    const docs = await this.files.list(this.db, 'partner_doc', id);
    const order = row.document_ids as number[];
    const documents = docs.filter((d) => order.includes(d.id)).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    const certificates = await this.files.list(this.db, 'partner_cert', id);
    return { documents, certificates };
  }
}
