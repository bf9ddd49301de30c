import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CUSTOMER_VERIFY_TTL,
  type CustomerVerifyUrl,
  type NewUserCounts,
  type NewUserStat,
  customerModifyPasswordSchema,
  getInfoSchema,
  numeric,
} from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, gte, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { customers, products, users } from '../../db/schema/index.ts';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { escapeLike } from '../../resources/query.ts';
import { getRecord, loadOne, mutate } from '../../resources/service.ts';
import { hashPassword } from '../auth/password.ts';
import type { AuthContext } from '../auth/context.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { plainRow } from '../present.ts';
import { agentTree } from '../scope.ts';
import { customerResource as def } from './resource.ts';

// ---- 光E宝 verification link -------------------------------------------------------------------

const mac = (secret: string, customerId: number, exp: number) => createHmac('sha256', secret).update(`geb-verify:${customerId}:${exp}`).digest();

/** The link's signature and its 6-digit code, both from one HMAC of (customer, expiry) under the token secret. */
export function verifyToken(secret: string, customerId: number, exp: number): { sig: string; code: string } {
  const digest = mac(secret, customerId, exp);
  const sig = digest.subarray(0, 24).toString('base64url');
  const code = String(digest.readUInt32BE(24) % 1_000_000).padStart(6, '0');
  return { sig, code };
}

/** Checks a link (and its code): signature, code and expiry. */
export function checkVerifyToken(secret: string, customerId: number, exp: number, sig: string, code: string, now = Date.now()): boolean {
  const want = verifyToken(secret, customerId, exp);
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return exp * 1000 > now && same(want.sig, sig) && same(want.code, code);
}

const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** GET customer/get_verify_url?id=: a signed link valid CUSTOMER_VERIFY_TTL seconds and its code; logged (without the code). */
export async function verifyUrl(db: Db, secret: string, id: number, auth: AuthContext, actor: Actor, base: string): Promise<CustomerVerifyUrl> {
  const row = await loadOne(db, def, id, auth);
  if (row.stage !== 'formal') throw new ApiError(400, 'error.customer_not_formal');
  const exp = Math.floor(Date.now() / 1000) + CUSTOMER_VERIFY_TTL;
  const { sig, code } = verifyToken(secret, id, exp);
  const expires_at = new Date(exp * 1000).toISOString();
  await writeLog(db, actor, { action: 'get_verify_url', resource: 'customer', recordId: id, after: { expires_at } });
  return { url: `${base}/geb/verify?cid=${id}&exp=${exp}&sig=${sig}`, code, expires_at };
}

/** POST customer/modify_password {id, password}: the owner's app password, hashed; turns the app account on. */
export async function modifyAppPassword(db: Db, body: unknown, auth: AuthContext, actor: Actor) {
  const { id, password } = parse(customerModifyPasswordSchema, body);
  const hash = await hashPassword(password);
  return mutate(db, def, id, null, auth, actor, 'modify_password', () => ({ app_password_hash: hash, app_enabled: true }));
}

// ---- new customers ------------------------------------------------------------------------------

const CHINA_OFFSET_MS = 8 * 3600_000;

/** Start of today, of this week (Monday) and of this month in China time, as instants. */
export function periodStarts(now = new Date()) {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS); // its UTC fields are the China wall clock
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const at = (day: number, month = m) => new Date(Date.UTC(y, month, day) - CHINA_OFFSET_MS);
  const weekday = (local.getUTCDay() + 6) % 7; // Monday = 0
  return { today: at(d), week: at(d - weekday), month: at(1) };
}

/** GET customer/new_user_stat: customers created today / this week / this month, by stage, in the caller's data scope. */
export async function newUserStat(db: Db, auth: AuthContext, now = new Date()): Promise<NewUserStat> {
  const starts = periodStarts(now);
  const from = starts.week < starts.month ? starts.week : starts.month;
  const rows = await db
    .select({
      stage: customers.stage,
      today: sql<number>`count(*) filter (where ${customers.created_at} >= ${starts.today.toISOString()})::int`,
      week: sql<number>`count(*) filter (where ${customers.created_at} >= ${starts.week.toISOString()})::int`,
      month: sql<number>`count(*) filter (where ${customers.created_at} >= ${starts.month.toISOString()})::int`,
    })
    .from(customers)
    .where(and(gte(customers.created_at, from), def.scope(auth)))
    .groupBy(customers.stage);
  const period = (key: 'today' | 'week' | 'month'): NewUserCounts => {
    const of = (stage: string) => Number(rows.find((r) => r.stage === stage)?.[key] ?? 0);
    return { intentional: of('intentional'), formal: of('formal'), total: of('intentional') + of('formal') };
  };
  return { today: period('today'), week: period('week'), month: period('month'), as_of: now.toISOString() };
}

/** GET customer/get_product_list: the enabled PV packages, for the customer and station forms. */
export async function productList(db: Db) {
  const rows = await db.select().from(products).where(eq(products.enabled, true)).orderBy(asc(products.capacity_kwp), asc(products.id));
  return { list: rows.map(plainRow), total: rows.length };
}

const ownersQuery = z.object({
  q: z.string().max(50).optional(),
  id: numeric(z.number({ error: 'validation.number' }).int().positive()).optional(),
});

/**
 * GET customer/owners?q=&id=: enabled users who can follow a customer up (跟进人 picker), by name,
 * user name or phone; agent-scoped callers see their own agent tree's staff only. `id` adds that user.
 */
export async function ownerChoices(db: Db, query: unknown, auth: AuthContext) {
  const { q, id } = parse(ownersQuery, query);
  const pattern = q ? `%${escapeLike(q)}%` : null;
  const scope = auth.scope === 'agent' && !auth.isAdmin ? sql`${users.agent_id} in ${agentTree(auth.agentId ?? 0)}` : undefined;
  const match = pattern ? or(ilike(users.full_name, pattern), ilike(users.username, pattern), ilike(users.phone, pattern)) : undefined;
  const rows = await db
    .select({ id: users.id, username: users.username, full_name: users.full_name, agent_id: users.agent_id })
    .from(users)
    .where(and(eq(users.status, 'enabled'), scope, id ? or(eq(users.id, id), match ?? sql`true`) : match))
    .orderBy(asc(users.full_name), asc(users.id))
    .limit(20);
  return { list: rows, total: rows.length };
}

/**
 * The customer extras of SPEC.md §7. The 光E宝 app (not part of this console) checks a link and its
 * code with checkVerifyToken when the owner activates the account.
 */
export function customerExtraRoutes(app: FastifyInstance, { db, config }: Deps) {
  const base = '/api/system/customer';
  app.get(
    `${base}/get_verify_url`,
    {
      config: { permission: 'customer:get_verify_url' },
      schema: doc('customer', `A signed link (valid ${CUSTOMER_VERIFY_TTL / 3600} h) and a 6-digit code with which the owner activates the 光E宝 app account → {url, code, expires_at}`, { querystring: getInfoSchema }),
    },
    async (req) => ok(await verifyUrl(db, config.tokenSecret, parse(getInfoSchema, req.query).id, authOf(req), actorOf(req), origin(req))),
  );
  app.post(
    `${base}/modify_password`,
    { config: { permission: 'customer:modify_password' }, schema: doc('customer', "Set the owner's 光E宝 app password {id, password (≥ 6)}; enables the app account", { body: customerModifyPasswordSchema }) },
    async (req) => {
      const updated = await modifyAppPassword(db, input(req), authOf(req), actorOf(req));
      return ok(await getRecord(db, def, updated.id as number, authOf(req), req.lang));
    },
  );
  app.get(
    `${base}/new_user_stat`,
    { config: { permission: 'customer:new_user_stat' }, schema: doc('customer', 'New customers today / this week / this month by stage (China time, your data scope) → {today, week, month, as_of}') },
    async (req) => ok(await newUserStat(db, authOf(req))),
  );
  app.get(
    `${base}/get_product_list`,
    { config: { permission: 'customer:get_product_list' }, schema: doc('customer', 'The enabled PV packages → {list,total}') },
    async () => ok(await productList(db)),
  );
  app.get(
    `${base}/owners`,
    { config: { permission: 'customer:index', refs: { id: 'user' } }, schema: doc('customer', 'Users who may follow a customer up (跟进人 picker): q = name / user name / phone, id = include that user → {list,total}', { querystring: ownersQuery }) },
    async (req) => ok(await ownerChoices(db, req.query, authOf(req))),
  );
}
