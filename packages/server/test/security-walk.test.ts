import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  agents,
  customerFollowUps,
  customers,
  files,
  inspections,
  leaseContracts,
  matterReplies,
  matters,
  operationPlans,
  paymentBatches,
  paymentLines,
  partnerCertificates,
  partners,
  rentBills,
  roles,
  selfAudits,
  userRoles,
  stations,
  maintenanceOrders,
  revenues,
  stockBalances,
  stockMovements,
  stockSerials,
  sysLog,
  transitions,
  users,
  warehouses,
  workOrders,
  settlementLines,
  settlements,
  insuranceClaims,
  insurancePolicies,
  insurancePolicyStations,
  invoices,
  invoiceLines,
  invoiceMatches,
  statements,
  financierRates,
  messages,
  displayTokens,
  workflowDefinitions,
  workflowVersions,
  workflowInstances,
} from '../src/db/schema/index.ts';
import { AVATAR_MAX_BYTES, UPLOAD_LIMITS } from '@pv/contract';
import { IMPORT_MAX_BYTES } from '../src/excel/routes.ts';
import { SETTLEMENT_MAX_BYTES } from '../src/modules/revenue/settlement.ts';
import { SHEET_MAX_BYTES } from '../src/modules/statement/actions.ts';
import { RESULT_MAX_BYTES } from '../src/modules/payment/result.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { ALL_PERMISSIONS } from '../src/modules/auth/permissions.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { MAX_UPLOAD_BYTES } from '../src/modules/file/service.ts';
import { ADMIN_PASSWORD, USER_PASSWORD, call as apiCall, customerBody, fixtures, startApp, testPdf, type TestApp } from './helpers.ts';

/**
 * The security walk (issue "production-grade delivery"): every route of the OpenAPI document, asked
 * by an anonymous caller (401), by a signed-in user without roles (403), by an agent's user about
 * another agent's records (403/404, nothing changes), with malformed bodies and query strings (4xx
 * with a message, never 500) and with oversize bodies (413); every reply of the walk is then searched
 * for password hashes, passwords, tokens and full bank card / ID card numbers.
 *
 * The route list is read from the app's own OpenAPI document, so a new route is walked without
 * touching this file; the allow-lists below are the only exceptions, each with its reason.
 */

// ---------------------------------------------------------------------------------------------
// Allow-lists
// ---------------------------------------------------------------------------------------------

/** The app package limit during the walk (APP_PACKAGE_MAX_MB, 200 MiB by default: the oversize walk would send 201 MiB). */
const WALK_PACKAGE_MAX = 2 * 1024 * 1024;

/** Routes an anonymous caller may reach (they answer something other than 401). */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'liveness probe of load balancers and orchestrators',
  'GET /api/health/live': 'liveness probe (the process answers)',
  'GET /api/health/ready': 'readiness probe (503 while starting or draining)',
  'POST /api/system/index/login': 'signing in',
  'GET /api/system/index/sms': 'sends a sign-in / sign-up SMS code (rate-limited; same reply for unknown numbers)',
  'POST /api/system/index/sms_login': 'signing in with an SMS code',
  'GET /api/system/index/auth_config': 'the login page asks which sign-in options to offer',
  'GET /api/system/index/social_url': 'the login page starts the external sign-in (404 when not configured)',
  'GET /api/system/index/refresh_token': 'authenticated by the refresh token itself (402 without one)',
  'POST /register': 'self sign-up with an SMS code (404 unless REGISTER_ENABLED)',
  'POST /socialLogin': "the external provider's callback signs in",
  'GET /publicKey': 'the login RSA public key is needed before signing in',
  'GET /api/public/file/{id}/{variant}': 'a signed link (exp + HMAC) for <img>/<iframe>, which cannot send a token; 404 without a valid signature',
  'GET /api/public/avatar/{key}': 'an avatar by its unguessable 192-bit key, for <img>',
  'GET /api/public/app_version/latest': 'the 光E宝 app asks which release to install before anyone signs in; answers published releases only (the same for everyone but the rollout bucket), its package by a signed link',
  'GET /api/system/ws': 'the websocket authenticates with its first frame (browsers cannot set headers on it)',
};
// (/api/docs and /api/docs/json — the swagger UI and this document — are public too; the walk reads
// the document anonymously. They are not routes of the document itself.)

/** Routes without a session that check a key of their own: everybody without the key gets 401, signed in or not. */
const KEYED: Record<string, string> = {
  'GET /api/system/backup': 'pnpm backup on the server host, with DATA_DIR/backup-key (no account needed)',
  'GET /api/system/backup/session': "pnpm backup's backup mode while it copies the data folder itself (same key)",
  'POST /api/system/backup/stop': 'ends that backup mode (same key)',
};

/** Routes every signed-in user may call, whatever their roles (they concern the caller only). */
const ANY_USER: Record<string, string> = {
  'GET /api/system/index/login_out': 'signing out',
  'GET /expireToken': "expires the caller's own access token (to try the refresh flow)",
  'POST /api/system/common/modify_password': 'changing one’s own password (another user’s only as an admin, checked inside)',
  'POST /api/system/common/modify_passwords': 'the avatar menu’s password change (same rule)',
  'POST /api/system/common/check_password': 'the lock screen checks the caller’s own password',
  'POST /api/system/index/start_page': 'the caller’s own start page',
  'POST /api/system/index/ex_login': 'a one-time 山海系统 ticket for the caller (id must be the caller’s)',
  'GET /api/system/common/get_user_info': 'who am I (the console’s first call)',
  'POST /api/system/statistic/welcome': 'the workbench greeting: the caller’s own to-dos and messages',
  'GET /api/system/menu/index': 'the caller’s own menu, filtered by their permissions',
  'GET /api/system/user/profile': 'personal centre: the caller’s own record',
  'POST /api/system/user/profile': 'personal centre: the caller’s own name, phone and email',
  'POST /api/system/user/avatar': 'the caller’s own avatar',
  'GET /api/system/department/tree': 'the organisation chart (docs/DECISIONS.md, Organisation)',
  'GET /api/system/message/get_message_list': 'the caller’s own messages',
  'POST /api/system/message/get_notify': 'the caller’s own bell (ids of other people’s messages are ignored)',
  'GET /api/system/message/clear_all_meg': 'clears the caller’s own bell',
  'GET /api/system/workflow_task/index': 'the caller’s own open workflow tasks (the workbench to-do list)',
  'POST /api/system/workflow_instance/complete': 'handles a workflow task: only its assignee may (checked inside: 403 naming the assignee)',
};

/**
 * Open to every signed-in user by the route table (permission ''), but the route itself checks a
 * permission before reading the body: a user without roles still gets 403.
 */
const CHECKED_IN_ROUTE: Record<string, string> = {
  'POST /api/system/file/upload': 'needs the permission that attaches the file (self_audit: work_order:submit_audit; matter: matter:add or matter:reply; audio: matter:reply; inspection: inspection:submit; maintenance: maintenance:submit; partner_doc / partner_cert: partner:add or partner:edit; insurance_claim: insurance_claim:add or insurance_claim:submit; invoice: invoice:add, invoice:edit or invoice:red_letter; workflow_tpl: workflow:edit)',
};

/** Routes the admin's malformed-input walk leaves out: they end the walking session itself. */
const ENDS_SESSION: Record<string, string> = {
  'GET /api/system/index/login_out': 'revokes the session (auth.test.ts)',
  'GET /expireToken': 'expires the access token (auth-flows.test.ts)',
};

/**
 * Record types a route may name (resources/refs.ts) and that the agent data scope narrows: HN holds
 * one of each, and every route naming one is walked with HN's. (payment_batch: a batch holds every
 * agent's bills, so only users of the `all` data scope see batches at all; statement and
 * financier_rate: company-level, the agent scope sees none; display_token: company-wide statistics,
 * the `all` scope only.)
 */
const AGENT_OWNED = [
  'customer', 'station', 'work_order', 'self_audit', 'matter', 'agent', 'user', 'warehouse', 'stock_balance', 'stock_movement', 'stock_serial',
  'operation_plan', 'inspection', 'maintenance', 'lease_contract', 'rent_bill', 'revenue', 'payment_batch', 'partner', 'settlement',
  'insurance_policy', 'insurance_claim', 'invoice', 'statement', 'financier_rate', 'message', 'display_token', 'syslog', 'workflow_instance',
] as const;
type Owned = (typeof AGENT_OWNED)[number] | 'build' | 'grid';
/**
 * Record types the agent data scope does not narrow: company reference data every agent works with
 * (the shared catalogues, processes, releases, rates) or administration governed by permissions
 * alone; the route-level check has nothing to refuse there. Checked: such a type gives SD's elevated
 * user the admin's records.
 */
const NOT_AGENT_DATA: Record<string, string> = {
  product: 'the PV packages every agent sells',
  material: 'the parts catalogue (its stock belongs to warehouses, which are walked)',
  tariff: "the provinces' benchmark prices",
  settlement_rule: "the company's settlement rates",
  app_version: 'the releases of the 光E宝 app',
  workflow: 'process definitions',
  menu: 'the menu tree',
  role: 'roles (what a role may grant is checked: role_grant_forbidden)',
  department: 'the organisation chart',
  task: 'scheduled jobs',
  payment_line: 'lines are read through their batch (payment_batch, walked)',
};

// ---------------------------------------------------------------------------------------------
// The route list from the OpenAPI document
// ---------------------------------------------------------------------------------------------

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  maxLength?: number;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
}
type Method = 'GET' | 'POST';
interface Route {
  method: Method;
  path: string;
  /** `METHOD /path` as the allow-lists spell it */
  key: string;
  /** the path with sample path parameters */
  url: string;
  query: string[];
  /** the JSON body schema, when the route declares one */
  body: Schema | null;
}

const SAMPLE_PATH_PARAM: Record<string, string> = { id: '1', variant: 'raw', key: 'AAAAAAAAAAAAAAAAAAAAAAAA.png' };

function routesOf(openapi: { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema: Schema }> } }>> }): Route[] {
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(openapi.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Method;
      out.push({
        method,
        path,
        key: `${method} ${path}`,
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PATH_PARAM[name] ?? '1'),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

/** The object branch a body schema describes (del's `{id} | {ids}` → its first branch). */
const objectOf = (s: Schema): Schema => (s.properties ? s : ((s.anyOf ?? s.oneOf ?? []).find((b) => b.properties) ?? s));
const branches = (s: Schema): Schema[] => (s.anyOf ?? s.oneOf ?? [s]).flatMap((b) => (b.anyOf || b.oneOf ? branches(b) : [b]));

/** Whether a JSON value matches a property's declared JSON type (not its formats and ranges). */
function typeAccepts(s: Schema, v: unknown): boolean {
  return branches(s).some((b) => {
    if (v === null) return b.nullable === true || b.type === 'null';
    if (b.enum) return b.enum.includes(v);
    switch (b.type) {
      case undefined:
        return true;
      case 'string':
        return typeof v === 'string' && (b.maxLength === undefined || v.length <= b.maxLength);
      case 'integer':
        return typeof v === 'number' && Number.isSafeInteger(v);
      case 'number':
        return typeof v === 'number';
      case 'boolean':
        return typeof v === 'boolean';
      case 'array':
        return Array.isArray(v);
      case 'object':
        return typeof v === 'object' && !Array.isArray(v);
      default:
        return false;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The app, its callers and the records of two agents
// ---------------------------------------------------------------------------------------------

let t: TestApp;
let routes: Route[];
const tokens = { admin: '', norole: '', sd: '', sdmax: '', hn: '' };
/** every token and refresh token the test was issued: no reply of the walk may contain one */
const issued: string[] = [];
const NOROLE_PASSWORD = 'norole-pass-1';
const APP_PASSWORD = 'geb-app-pass-9';
const RESET_PASSWORD = 'reset-pass-7';
/** full card / account / ID numbers stored for HN's records: replies show them masked only */
const SECRETS = { bankCard: '6217000010012345678', bankAccount: '6228480099887766554', idCard: '110101199003074514', leaseCard: '6217000010999988887', partnerAccount: '37001618900099887766' };
/** HN's records (the "other agent" of SD's user) */
const hn = {} as Record<Owned, number>;
let hnFile = 0;

/** The Cache-Control of every reply to a request carrying a token. */
const cacheControl: Array<{ where: string; value: string }> = [];
/** Every JSON reply of the walk, with the call that produced it. */
const seen: Array<{ where: string; body: string }> = [];
/** Every reply of the walk that is not JSON (files: exports, the bank file), with the call that produced it. */
const fileReplies: Array<{ where: string; url: string; bytes: Buffer; type: string }> = [];
/**
 * Replies that carry full card numbers on purpose, each with its reason: the leak check knows them
 * and checks they are what they say (not JSON, the permission, the system log).
 */
const FULL_CARD_REPLIES: Record<string, string> = {
  'POST /api/system/payment_batch/export_bank': 'the bank batch-transfer file: the bank needs the payee card numbers (payment_batch:export, each export in the system log)',
};

interface Reply {
  status: number;
  code: number;
  msg: string;
  data: unknown;
  body: string;
}

/** One request through fastify.inject; JSON replies are kept for the leak check. */
async function hit(
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; raw?: string | Buffer; type?: string; where?: string; lang?: 'zh' | 'en' } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'accept-language': opts.lang === 'en' ? 'en' : 'zh-CN' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | Buffer | undefined;
  if (opts.raw !== undefined) payload = opts.raw;
  else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
  if (payload !== undefined) headers['content-type'] = opts.type ?? 'application/json';
  const res = await t.app.inject({ method, url, headers, payload });
  if (opts.token) cacheControl.push({ where: opts.where ?? `${method} ${url}`, value: String(res.headers['cache-control'] ?? '') });
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  let env: { code?: number; msg?: string; data?: unknown } = {};
  if (!json && res.rawPayload.length) fileReplies.push({ where: opts.where ?? `${method} ${url}`, url, bytes: res.rawPayload, type: String(res.headers['content-type'] ?? '') });
  if (json) {
    seen.push({ where: opts.where ?? `${method} ${url}`, body: res.body });
    try {
      env = JSON.parse(res.body);
    } catch {
      env = {};
    }
  }
  return { status: res.statusCode, code: env.code ?? -1, msg: env.msg ?? '', data: env.data, body: res.body };
}

/** `null` when the reply is the refusal wanted: that status, the same code in the envelope, a message, no data. */
function refusedWith(res: Reply, statuses: number[]): string | null {
  if (!statuses.includes(res.status)) return `${res.status} (wanted ${statuses.join('/')}) ${res.msg || res.body.slice(0, 120)}`;
  if (res.code !== res.status) return `envelope code ${res.code} ≠ HTTP ${res.status}`;
  if (!res.msg.trim()) return `${res.status} without a message`;
  if (res.data !== null && res.data !== undefined && res.status !== 400) return `${res.status} with data`;
  return null;
}
/** A client error: 4xx with a message. */
const clientError = (res: Reply) => (res.status >= 400 && res.status < 500 ? refusedWith(res, [res.status]) : `${res.status} (wanted 4xx) ${res.msg || res.body.slice(0, 120)}`);
/** Never a server error; an error reply carries its message. */
const noCrash = (res: Reply) => (res.status >= 500 ? `${res.status} ${res.msg || res.body.slice(0, 120)}` : res.status >= 400 ? refusedWith(res, [res.status]) : null);

/** Runs the checks a few at a time and returns the failures, each naming its route and case. */
async function walk<T>(items: T[], check: (item: T) => Promise<string | null>, width = 8): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < items.length; i += width) {
    const results = await Promise.all(items.slice(i, i + width).map(check));
    for (const r of results) if (r) problems.push(r);
  }
  return problems;
}

async function signIn(username: string, password: string): Promise<string> {
  const res = await apiCall(t.app, 'POST', '/api/system/index/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.msg}`);
  issued.push(res.data.token, res.data.refresh_token);
  return res.data.token as string;
}

/** HN's customer (full ID and bank card), station, work orders, self-audit, matter and a station document. */
async function seedOtherAgent(fx: Awaited<ReturnType<typeof fixtures>>) {
  const admin = tokens.admin;
  // every step must work (or the leak check would look for numbers that were never stored); the
  // writes' own replies are replies too, kept for the leak check
  const call = async (...args: Parameters<typeof apiCall>) => {
    const res = await apiCall(...args);
    if (res.status !== 200) throw new Error(`seed ${args[2]}: ${res.status} ${res.msg}`);
    seen.push({ where: `seed ${args[1]} ${args[2]}`, body: res.body });
    return res;
  };
  const customer = await call(t.app, 'POST', '/api/system/customer/add', {
    token: admin,
    body: customerBody({ name: '河南张', phone: '13900139000', province_code: '410000', city_code: '410100', agent_id: fx.hn.id, id_card: SECRETS.idCard, stage: 'formal', business_mode: 'purchase', bank_name: '中国银行', bank_card: '6217000010000000000' }),
  });
  hn.customer = customer.data.id;
  // an edit, so that the system log holds the full card number before and after
  await call(t.app, 'POST', '/api/system/customer/edit', { token: admin, body: { id: hn.customer, version: customer.data.version, bank_card: SECRETS.bankCard } });
  await call(t.app, 'POST', '/api/system/customer/modify_password', { token: admin, body: { id: hn.customer, password: APP_PASSWORD } });
  const agent = (await call(t.app, 'GET', '/api/system/agent/get_info', { token: admin, query: { id: fx.hn.id } })).data;
  await call(t.app, 'POST', '/api/system/agent/edit', { token: admin, body: { id: fx.hn.id, version: agent.version, bank_name: '农业银行', bank_account: SECRETS.bankAccount } });
  hn.agent = fx.hn.id;
  hn.user = fx.hnUser.id;
  await call(t.app, 'POST', '/api/system/user/reset_password', { token: admin, body: { id: fx.op.id, password: RESET_PASSWORD } });

  const { db } = t.handle;
  const at = { agent_id: fx.hn.id, province_code: '410000', city_code: '410100' };
  const [s] = await db.insert(stations).values({ code: 'ST-HN-1', name: '河南张家电站', customer_id: hn.customer, capacity_kwp: 20, status: 'building', ...at } as never).returning();
  const [b] = await db.insert(workOrders).values({ order_no: 'SG-HN-1', kind: 'build', station_id: s!.id, status: 'audit_pending', ...at } as never).returning();
  const [g] = await db.insert(workOrders).values({ order_no: 'BW-HN-1', kind: 'grid', station_id: s!.id, status: 'pending_dispatch', ...at } as never).returning();
  const [a] = await db.insert(selfAudits).values({ work_order_id: b!.id, kind: 'build', station_id: s!.id, ...at } as never).returning();
  const [m] = await db
    .insert(matters)
    .values({ matter_no: 'SX-HN-1', type: 'bank_card', station_id: s!.id, customer_id: hn.customer, title: '银行卡变更', content: '请把收款卡换成尾号5678的卡', ...at } as never)
    .returning();
  Object.assign(hn, { station: s!.id, work_order: b!.id, build: b!.id, grid: g!.id, self_audit: a!.id, matter: m!.id });
  const doc = await t.app.inject({
    method: 'POST',
    url: `/api/system/station/upload_doc?id=${hn.station}&doc_type=contract&name=contract.pdf`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/pdf' },
    payload: testPdf(),
  });
  if (doc.statusCode !== 200) throw new Error(`upload_doc: ${doc.body}`);
  hnFile = doc.json().data.id;
  // HN's warehouse with a serial-tracked unit in stock: its balance, ledger row and serial number
  const material = await call(t.app, 'POST', '/api/system/material/add', { token: admin, body: { code: 'HN-INV', name: '逆变器', unit: '台', category: 'inverter', serial_tracked: true } });
  if (material.data.id !== 1) throw new Error('the walk bodies name material 1');
  const wh = await call(t.app, 'POST', '/api/system/warehouse/add', { token: admin, body: { code: 'HN-WH', name: '河南仓', kind: 'regional', agent_id: fx.hn.id } });
  const moved = await call(t.app, 'POST', '/api/system/stock_movement/in', { token: admin, body: { warehouse_id: wh.data.id, material_id: material.data.id, qty: '1', serials: ['HN-SN-1'] } });
  const [bal] = await db.select({ id: stockBalances.id }).from(stockBalances).where(eq(stockBalances.warehouse_id, wh.data.id));
  const [sn] = await db.select({ id: stockSerials.id }).from(stockSerials).where(eq(stockSerials.serial_no, 'HN-SN-1'));
  Object.assign(hn, { warehouse: wh.data.id, stock_balance: bal!.id, stock_movement: moved.data.list[0].id, stock_serial: sn!.id });
  // HN's own operation plan (enabled) and an inspection of HN's station
  const [plan] = await db
    .insert(operationPlans)
    .values({ plan_no: 'JH-HN-1', name: '河南巡检', kind: 'inspection', status: 'enabled', start_date: '2026-01-01', every_months: 3, agent_id: fx.hn.id, checklist: [{ key: 'ok', label: '外观', kind: 'pass_fail' }] } as never)
    .returning();
  const [insp] = await db
    .insert(inspections)
    .values({ inspection_no: 'XJ-HN-1', plan_id: plan!.id, kind: 'inspection', period: '2026-10', station_id: s!.id, planned_date: '2026-10-01', deadline: new Date('2030-01-01'), status: 'in_progress', checklist: plan!.checklist, ...at } as never)
    .returning();
  Object.assign(hn, { operation_plan: plan!.id, inspection: insp!.id });
  // HN's maintenance order, in review (submit / approve / reject / cancel all start from a state it could be in)
  const [mo] = await db
    .insert(maintenanceOrders)
    .values({ order_no: 'YW-HN-1', station_id: s!.id, fault_category: 'inverter', description: '逆变器告警', response_due: new Date(), repair_due: new Date(), status: 'review_pending', ...at } as never)
    .returning();
  Object.assign(hn, { maintenance: mo!.id });
  // HN's lease contract (active) whose payee card an admin changed (the log holds before / after),
  // and its bill paid to that card (the payee snapshot)
  const [lc] = await db
    .insert(leaseContracts)
    .values({ contract_no: 'ZL-HN-1', station_id: s!.id, customer_id: hn.customer, start_date: '2026-01-01', end_date: '2050-12-31', rent_rule: 'per_kwp', rent_rate: '50', capacity_kwp: '20', pay_cycle: 'annual', payee_name: '河南张', bank_name: '中国银行', bank_card: '6212260200000000006', status: 'active', ...at } as never)
    .returning();
  await call(t.app, 'POST', '/api/system/lease_contract/change_card', { token: admin, body: { id: lc!.id, version: lc!.version, payee_name: '河南张', bank_name: '中国银行', bank_card: SECRETS.leaseCard } });
  const [rb] = await db
    .insert(rentBills)
    .values({ bill_no: 'ZJ-HN-1', contract_id: lc!.id, station_id: s!.id, customer_id: hn.customer, period: '2026', period_start: '2026-01-01', period_end: '2026-12-31', cover_start: '2026-01-01', cover_end: '2026-12-31', days: 365, period_days: 365, rate: '50', amount_due: '1000', amount_payable: '1000', due_date: '2026-01-31', status: 'pending', payee_card: SECRETS.leaseCard, ...at } as never)
    .returning();
  Object.assign(hn, { lease_contract: lc!.id, rent_bill: rb!.id });
  // a payment batch, approved, holding HN's bill: its line carries the payee's full card (as the bank file must)
  const [pb] = await db
    .insert(paymentBatches)
    .values({ batch_no: 'FK-HN-1', purpose: '屋顶租金', status: 'approved', line_count: 1, total: '1000', pending_count: 1, pending_amount: '1000', created_by: fx.op.id, approved_by: 1, ...at } as never)
    .returning();
  await db.insert(paymentLines).values({ batch_id: pb!.id, bill_id: rb!.id, seq: 1, reference: 'PHN0000001', amount: '1000', payee_name: '河南张', payee_bank: '中国银行', payee_card: SECRETS.leaseCard });
  await db.update(rentBills).set({ batch_id: pb!.id }).where(eq(rentBills.id, rb!.id));
  Object.assign(hn, { payment_batch: pb!.id });
  // HN's settlement awaiting confirmation, with a commission line for HN's customer (dispute, confirm,
  // resolve, pay and adjust all start from a state it could be in)
  const [st] = await db
    .insert(settlements)
    .values({ settlement_no: 'JS-HN-1', party_kind: 'agent', party_id: fx.hn.id, agent_id: fx.hn.id, month: '2026-09', status: 'pending', line_count: 1, total_amount: '300.00' })
    .returning();
  await db.insert(settlementLines).values({ settlement_id: st!.id, kind: 'commission', source_type: 'customer', source_id: hn.customer, quantity: '10.00', rate: '30.0000', amount: '300.00' });
  Object.assign(hn, { settlement: st!.id });
  // a policy covering HN's station (in force) and HN's claim under it, assessed (pay / reject start from it)
  const [insurer] = await db.insert(partners).values({ name: '走查保险公司', kind: 'insurer', credit_code: '91410000100000009X' }).returning();
  const [pol] = await db
    .insert(insurancePolicies)
    .values({ policy_no: 'BD-HN-1', kind: 'property', insurer_id: insurer!.id, start_date: '2026-01-01', end_date: '2099-12-31', premium: '100.00', station_count: 1, sum_insured_total: '5000.00' })
    .returning();
  await db.insert(insurancePolicyStations).values({ policy_id: pol!.id, station_id: s!.id, kind: 'property', start_date: '2026-01-01', end_date: '2099-12-31', sum_insured: '5000.00' });
  const [cl] = await db
    .insert(insuranceClaims)
    .values({ claim_no: 'LP-HN-1', policy_id: pol!.id, station_id: s!.id, agent_id: fx.hn.id, province_code: '410000', cause: 'hail', incident_date: '2026-02-01', description: '冰雹', amount_claimed: '1000.00', amount_approved: '800.00', status: 'assessed' })
    .returning();
  Object.assign(hn, { insurance_policy: pol!.id, insurance_claim: cl!.id });
  // HN's revenue month, settled and under-performing (correct and maintenance both start from it)
  const [rv] = await db
    .insert(revenues)
    .values({ station_id: s!.id, period: '2025-03', capacity_kwp: '20', active_days: 31, utilisation_hours: '1286.0', estimated_kwh: '2184.13', estimated_amount: '825.40', actual_kwh: '100.00', actual_amount: '37.79', actual_source: 'import', settled: true, ratio: '0.0458', under_performing: true, ...at } as never)
    .returning();
  Object.assign(hn, { revenue: rv!.id });
  // the partner record HN's agent is (an agent's users see only their own agent's), with a corporate account
  const partner = await call(t.app, 'POST', '/api/system/partner/add', {
    token: admin,
    body: { name: '河南中原光伏科技有限公司', kind: 'installer', credit_code: '91410100MA40XK2M4T', contacts: [{ name: '陈德明', phone: '13903710007', primary: true }], account_holder: '河南中原光伏科技有限公司', bank_name: '中国银行', account_no: SECRETS.partnerAccount, certificates: [{ name: '安全生产许可证', expires_on: '2030-01-01' }] },
  });
  if (partner.status !== 200) throw new Error(`partner/add: ${partner.msg}`);
  const linked = await call(t.app, 'POST', '/api/system/partner/link', { token: admin, body: { id: partner.data.id, version: partner.data.version, agent_ids: [fx.hn.id], team_ids: [] } });
  if (linked.status !== 200) throw new Error(`partner/link: ${linked.msg}`);
  Object.assign(hn, { partner: partner.data.id });
  // an invoice HN's partner issued us (agent users see their own partner's invoices only), registered
  const [inv] = await db
    .insert(invoices)
    .values({ direction: 'in', kind: 'special', invoice_code: '4100231130', invoice_no: '41000001', issue_date: '2026-10-20', seller_name: '河南中原光伏科技有限公司', seller_tax_id: '91410100MA40XK2M4T', buyer_name: '光E宝', buyer_tax_id: '91370100MA3CK8W0QL', partner_id: partner.data.id, amount_total: '100.00', tax_total: '13.00', total: '113.00', status: 'registered' })
    .returning();
  await db.insert(invoiceLines).values({ invoice_id: inv!.id, seq: 1, item: '安装服务', amount: '100.00', tax_rate: 13, tax: '13.00' });
  Object.assign(hn, { invoice: inv!.id });
  // company-level records no agent sees: a financier's statement and rate, a message between others,
  // a display token, the admin's log entries, a process on HN's customer
  const [financier] = await db.insert(partners).values({ name: '走查资方', kind: 'financier', credit_code: '91370100MA3C0WALK1' }).returning();
  const [stmt] = await db.insert(statements).values({ statement_no: 'DZ-HN-1', partner_id: financier!.id, kind: 'financier', period_from: '2026-01-01', period_to: '2026-01-31' } as never).returning();
  const [rate] = await db.insert(financierRates).values({ partner_id: financier!.id, effective_from: '2026-01-01', rate_per_kwp: '100.0000' }).returning();
  const [msg] = await db.insert(messages).values({ title: '给管理员的机密消息', content: '仅管理员可见', recipient_id: 1, sender_id: 1 }).returning();
  const [display] = await db.insert(displayTokens).values({ name: '河南大屏', token_hash: 'f'.repeat(64), prefix: 'dt_walk', created_by: 1 }).returning();
  const [log] = await db.select({ id: sysLog.id }).from(sysLog).where(eq(sysLog.user_id, 1)).limit(1);
  const [wd] = await db.insert(workflowDefinitions).values({ key: 'walk-hn', name: '走查流程', record_type: 'customer', graph: { nodes: [], edges: [] } as never, status: 'published', published_version: 1 }).returning();
  const [wv] = await db.insert(workflowVersions).values({ definition_id: wd!.id, version_no: 1, name: '走查流程', record_type: 'customer', graph: { nodes: [], edges: [] } as never }).returning();
  const [wi] = await db.insert(workflowInstances).values({ definition_id: wd!.id, version_id: wv!.id, key: 'walk-hn', name: '走查流程', record_type: 'customer', record_id: hn.customer, record_label: '河南张', state: 'failed', started_by: 1 }).returning();
  Object.assign(hn, { statement: stmt!.id, financier_rate: rate!.id, message: msg!.id, display_token: display!.id, syslog: log!.id, workflow_instance: wi!.id });
  // SD's own station, and a policy covering it and HN's station: a parent both agents see
  const sdCustomer = await call(t.app, 'POST', '/api/system/customer/add', { token: admin, body: customerBody({ name: '山东李', phone: '13900139001', agent_id: fx.sd.id }) });
  const [sdStation] = await db.insert(stations).values({ code: 'ST-SD-1', name: '山东李家电站', customer_id: sdCustomer.data.id, capacity_kwp: 10, status: 'building', agent_id: fx.sd.id, province_code: '370000', city_code: '370100' } as never).returning();
  const [both] = await db
    .insert(insurancePolicies)
    .values({ policy_no: 'BD-BOTH-1', kind: 'property', insurer_id: insurer!.id, start_date: '2025-01-01', end_date: '2025-12-31', premium: '200.00', station_count: 2, sum_insured_total: '10000.00' })
    .returning();
  for (const station of [sdStation!.id, s!.id]) await db.insert(insurancePolicyStations).values({ policy_id: both!.id, station_id: station, kind: 'property', start_date: '2025-01-01', end_date: '2025-12-31', sum_insured: '5000.00' });
  shared.policy = both!.id;
}

/** Records SD's users may see that HN's records share (a policy covering a station of each). */
const shared = { policy: 0 };
/** Text only HN's records hold: no reply to SD's users may contain any. */
const HN_MARKERS = ['ST-HN-1', '河南张', 'SG-HN-1', 'BW-HN-1', 'SX-HN-1', 'HN-WH', 'HN-SN-1', 'JH-HN-1', 'XJ-HN-1', 'YW-HN-1', 'ZL-HN-1', 'ZJ-HN-1', 'FK-HN-1', 'JS-HN-1', 'BD-HN-1', 'LP-HN-1', '河南中原光伏', 'DZ-HN-1', '走查资方', '给管理员的机密消息', '河南大屏'];

beforeAll(async () => {
  // sign-in throttling has its own tests; here it would only slow the walk down (it signs in with junk)
  t = await startApp({ loginDelayMs: 0, loginMaxFailures: 100_000, loginIpMaxFailures: 100_000, appPackageMaxBytes: WALK_PACKAGE_MAX });
  const fx = await fixtures(t);
  tokens.admin = await signIn('admin', ADMIN_PASSWORD);
  const norole = await apiCall(t.app, 'POST', '/api/system/user/add', { token: tokens.admin, body: { username: 'norole', password: NOROLE_PASSWORD, full_name: '无角色', role_ids: [] } });
  if (norole.status !== 200) throw new Error(`norole: ${norole.msg}`);
  tokens.norole = await signIn('norole', NOROLE_PASSWORD);
  tokens.sd = await signIn('sd', USER_PASSWORD);
  // SD's second user holds every permission there is, with the agent data scope: every route of the
  // agent walk then reaches its record and scope check instead of stopping at a missing permission
  const [role] = await t.handle.db.insert(roles).values({ code: 'agent_all', name: '代理商（全部权限）', permissions: ALL_PERMISSIONS, data_scope: 'agent' }).returning();
  const [max] = await t.handle.db.insert(users).values({ username: 'sdmax', password_hash: await hashPassword(USER_PASSWORD), full_name: '山东代理全权', agent_id: fx.sd.id, identity: 'agent' }).returning();
  await t.handle.db.insert(userRoles).values({ user_id: max!.id, role_id: role!.id });
  tokens.sdmax = await signIn('sdmax', USER_PASSWORD);
  tokens.hn = await signIn('hn', USER_PASSWORD);
  await seedOtherAgent(fx);
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  routes = routesOf(doc.json());
}, 120_000);
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------
// 1. The route list
// ---------------------------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  it('lists every route (the walk cannot silently become empty)', () => {
    expect(routes.length).toBeGreaterThan(190);
    expect(routes.filter((r) => r.method === 'POST' && r.body).length).toBeGreaterThan(90);
    expect(routes.filter((r) => r.method === 'GET' && r.query.length).length).toBeGreaterThan(50);
  });

  it('agrees with the route table: the allow-lists name exactly the routes the server opens', () => {
    const doc = new Set(routes.map((r) => r.key));
    const table = t.app.routeTable.filter((r) => !r.url.startsWith('/api/docs')).map((r) => ({ ...r, key: `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}` }));
    // every /api route the server knows is in the document
    expect(table.map((r) => r.key).filter((k) => !doc.has(k))).toEqual([]);
    // the public ones are the allow-list's /api entries, the any-user ones its /api entries
    expect(table.filter((r) => r.public).map((r) => r.key).sort()).toEqual([...Object.keys(PUBLIC), ...Object.keys(KEYED)].filter((k) => k.includes(' /api/')).sort());
    expect(table.filter((r) => !r.public && r.permission === '').map((r) => r.key).sort()).toEqual(
      [...Object.keys(ANY_USER), ...Object.keys(CHECKED_IN_ROUTE)].filter((k) => k.includes(' /api/')).sort(),
    );
    // every allow-listed route exists
    expect([...Object.keys(PUBLIC), ...Object.keys(KEYED), ...Object.keys(ANY_USER), ...Object.keys(CHECKED_IN_ROUTE), ...Object.keys(ENDS_SESSION)].filter((k) => !doc.has(k))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Anonymous
// ---------------------------------------------------------------------------------------------

describe('anonymous', () => {
  it('every route but the public ones answers 401 with a message', async () => {
    const problems = await walk(routes, async (r) => {
      const res = await hit(r.method, r.url, { where: `anonymous ${r.key}` });
      if (r.key in PUBLIC) {
        const p = noCrash(res) ?? (res.status === 401 ? 'answered 401' : null);
        return p && `${r.key} is public but: ${p}`;
      }
      const p = refusedWith(res, [401]);
      return p && `${r.key}: ${p}`;
    });
    expect(problems).toEqual([]);
  });

  it('a forged, malformed or foreign Authorization header is refused too (401/402), never 500', async () => {
    const headers = ['Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'Bearer x.y.z', `Bearer ${'a'.repeat(5000)}`, `Bearer ${tokens.admin}x`, 'Bearer dt_forged'];
    const protectedRoutes = routes.filter((r) => !(r.key in PUBLIC));
    const problems = await walk(
      headers.flatMap((h) => protectedRoutes.map((r) => [h, r] as const)),
      async ([h, r]) => {
        const res = await t.app.inject({ method: r.method, url: r.url, headers: { authorization: h } });
        const reply = { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }), body: res.body };
        const p = refusedWith(reply, [401, 402]);
        return p && `${r.key} with "${h.slice(0, 30)}": ${p}`;
      },
    );
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. A signed-in user without roles
// ---------------------------------------------------------------------------------------------

describe('a user without roles', () => {
  it('every protected route but the caller’s own ones answers 403 with a message', async () => {
    const protectedRoutes = routes.filter((r) => !(r.key in PUBLIC) && !(r.key in ANY_USER));
    expect(protectedRoutes.length).toBeGreaterThan(150);
    const problems = await walk(protectedRoutes, async (r) => {
      const res = await hit(r.method, r.url, { token: tokens.norole, where: `no-role ${r.key}` });
      const p = refusedWith(res, r.key in KEYED ? [401] : [403]);
      return p && `${r.key}: ${p}`;
    });
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. An agent's user and another agent's records
// ---------------------------------------------------------------------------------------------

/** List filters naming a record, and which of HN's records the walk filters by (the list must show nothing of theirs). */
const LIST_FILTERS: Record<string, Owned> = {
  customer_id: 'customer', station_id: 'station', work_order_id: 'build', agent_id: 'agent', warehouse_id: 'warehouse', contract_id: 'lease_contract',
  policy_id: 'insurance_policy', maintenance_id: 'maintenance', bill_id: 'rent_bill', partner_id: 'partner', plan_id: 'operation_plan',
};
/** Where a route's `id` names HN's record of another kind than the resource's own (get_info asks for the grid-connection order; the rest for the construction one). */
const ID_OVERRIDES: Record<string, Record<string, Owned>> = {
  'GET /api/system/work_order/get_info': { id: 'grid' },
};

/** The rest of a valid body, so the request reaches the record and its scope check (not a 400). */
const AGENT_BODY: Record<string, Record<string, unknown>> = {
  'POST /api/system/common/modify_password': { password: 'hijacked-1', old_password: 'x' },
  'POST /api/system/common/modify_passwords': { password: 'hijacked-1', old_password: 'x' },
  'POST /api/system/agent/add': { code: 'HIJACK', name: '越权代理', province_code: '410000' },
  'POST /api/system/maintenance/from_inspection': { item_key: 'ok' },
  'POST /api/system/insurance_policy/add': { policy_no: 'HIJACK-1', kind: 'property', insurer_id: 1, start_date: '2026-01-01', end_date: '2026-12-31', premium: '1.00' },
  'POST /api/system/invoice/add': {
    direction: 'in', kind: 'normal', invoice_code: '4100231130', invoice_no: '41000009', issue_date: '2026-10-20', seller_name: '越权', seller_tax_id: '91410100MA40XK2M4T', buyer_name: '越权',
    lines: [{ item: '越权', amount: '1.00', tax_rate: '13' }], amount_total: '1.00', tax_total: '0.13', total: '1.13',
  },
  'POST /api/system/statement/add': { kind: 'financier', period_from: '2026-01-01', period_to: '2026-01-31' },
  'POST /api/system/statement/explain': { line_id: 1, note: '越权', agreed: 'ours' },
  'POST /api/system/statement/rate': { effective_from: '2026-02-01', rate_per_kwp: '1' },
  'POST /api/system/partner/add': { name: '越权伙伴', kind: 'installer', credit_code: '91410100MA40XK2M4T' },
  'POST /api/system/workflow_instance/cancel': { reason: '越权' },
  'POST /api/system/workflow_instance/reassign': { task_id: 1 },
  'POST /api/system/message/add': { title: '越权消息' },
  'POST /api/system/message/update_field': { field: 'level', value: 'warning' },
  'POST /api/system/customer/add': customerBody({ name: '越权客户', province_code: '410000', city_code: '410100' }),
  'POST /api/system/user/add': { username: 'hijacker', password: 'hijacked-1' },
  'POST /api/system/customer/edit': { remark: '越权修改' },
  'POST /api/system/customer/update_field': { field: 'remark', value: '越权修改' },
  'POST /api/system/customer/modify_password': { password: 'hijacked-1' },
  'POST /api/system/customer/follow_up': { way: 'phone', content: '越权跟进' },
  'POST /api/system/customer/convert': { business_mode: 'purchase' },
  'POST /api/system/customer/lose': { reason: '越权' },
  'POST /api/system/agent/edit': { name: '越权改名' },

  'POST /api/system/user/edit': { full_name: '越权改名' },

  'POST /api/system/user/set_status': { status: 'disabled' },
  'POST /api/system/user/reset_password': { password: 'hijacked-1' },
  'POST /api/system/station/add': { name: '越权电站', capacity_kwp: 10 },
  'POST /api/system/station/edit': { name: '越权改名' },
  'POST /api/system/station/terminate': { reason: '越权' },
  'POST /api/system/station/freeze': { reason: '越权' },
  'POST /api/system/work_order/add': { kind: 'grid' },
  'POST /api/system/work_order/edit': { remark: '越权' },
  'POST /api/system/work_order/dispatch': { team_id: 1, deadline: '2030-01-01' },
  'POST /api/system/work_order/batch_dispatch': { team_id: 1, deadline: '2030-01-01' },
  'POST /api/system/work_order/reject_order': { reason: '越权' },
  'POST /api/system/work_order/cancel': { reason: '越权' },
  'POST /api/system/self_audit/submit': { items: [] },
  'POST /api/system/self_audit/reject': { reason: '越权', items: [{ key: 'modules', reason: '越权' }] },
  'POST /api/system/matter/add': { type: 'fault', title: '越权', content: '越权' },
  'POST /api/system/matter/edit': { title: '越权' },
  'POST /api/system/matter/assign': { handler_id: 1 },
  'POST /api/system/matter/batch_assign': { handler_id: 1 },
  'POST /api/system/matter/reply': { content: '越权回复' },
  'POST /api/system/matter/close': { result: '越权办结' },
  'POST /api/system/matter/reject': { reason: '越权' },
  'POST /api/system/warehouse/add': { code: 'HIJACK', name: '越权仓库', kind: 'van' },
  'POST /api/system/warehouse/edit': { name: '越权改名' },
  'POST /api/system/stock_movement/in': { material_id: 1, qty: '1', serials: ['HN-SN-X'] },
  'POST /api/system/stock_movement/issue': { material_id: 1, qty: '1', serials: ['HN-SN-1'], ref_type: 'other', ref_no: '越权' },
  'POST /api/system/stock_movement/transfer': { to_warehouse_id: 99999, material_id: 1, qty: '1', serials: ['HN-SN-1'] },
  'POST /api/system/stock_movement/return': { material_id: 1, qty: '1', serials: ['HN-SN-1'] },
  'POST /api/system/stock_movement/adjust': { material_id: 1, counted: '0', reason: '越权' },
  'POST /api/system/stock_balance/threshold': { material_id: 1, low_threshold: '100' },
  'POST /api/system/operation_plan/edit': { name: '越权改名' },
  'POST /api/system/inspection/submit': { results: [{ key: 'ok', pass: true }] },
  'POST /api/system/inspection/reject': { reason: '越权' },
  'POST /api/system/inspection/cancel': { reason: '越权' },
  'POST /api/system/inspection/assign': { team_id: 1 },
  'POST /api/system/maintenance/add': { fault_category: 'other', description: '越权' },
  'POST /api/system/maintenance/edit': { description: '越权' },
  'POST /api/system/maintenance/dispatch': { team_id: 1, deadline: '2099-01-01' },
  'POST /api/system/maintenance/submit': { cause: '越权', measures: '越权', parts: [{ warehouse_id: 1, material_id: 1, qty: '1', serials: ['HN-SN-1'] }] },
  'POST /api/system/maintenance/reject': { reason: '越权' },
  'POST /api/system/maintenance/cancel': { reason: '越权' },
  'POST /api/system/lease_contract/add': { start_date: '2026-01-01', rent_rule: 'fixed', rent_rate: '100', pay_cycle: 'annual', payee_name: '越权', bank_name: '越权银行', bank_card: '6228480402564890018' },
  'POST /api/system/lease_contract/edit': { remark: '越权' },
  'POST /api/system/lease_contract/sign': { sign_method: 'paper', signed_date: '2026-01-01' },
  'POST /api/system/lease_contract/terminate': { reason: '越权', terminate_date: '2026-06-30' },
  'POST /api/system/lease_contract/change_card': { payee_name: '越权', bank_name: '越权银行', bank_card: '6228480402564890018' },
  'POST /api/system/rent_bill/deduct': { amount: '1', reason: '越权' },
  'POST /api/system/rent_bill/pause': { reason: '越权' },
  'POST /api/system/rent_bill/fail': { reason: '越权' },
  'POST /api/system/rent_bill/pay': { bank_serial: '越权' },
  'POST /api/system/revenue/correct': { actual_kwh: '1', actual_amount: '1', reason: '越权' },
  'POST /api/system/payment_batch/reject': { reason: '越权' },
  'POST /api/system/payment_batch/cancel': { reason: '越权' },
  'POST /api/system/payment_batch/remove_line': { line_id: 1 },
  'POST /api/system/partner/edit': { remark: '越权' },
  'POST /api/system/partner/link': { agent_ids: [], team_ids: [] },
  'POST /api/system/settlement/dispute': { line_id: 1, reason: '越权' },
  'POST /api/system/settlement/resolve': { line_id: 1, decision: 'reject', reply: '越权' },
  'POST /api/system/settlement/pay': { bank_serial: '越权' },
  'POST /api/system/settlement/adjust': { line_id: 1, amount: '1.00', reason: '越权' },
  'POST /api/system/insurance_policy/edit': { remark: '越权' },
  'POST /api/system/insurance_policy/add_stations': { filter: {}, sum_insured: '1.00' },
  'POST /api/system/insurance_policy/surrender': { surrender_date: '2026-06-30', reason: '越权' },
  'POST /api/system/insurance_policy/remove_station': { station_id: 1, effective_date: '2026-06-30', reason: '越权' },
  'POST /api/system/insurance_policy/renew': { term_years: 1, premium_rule: 'same', prefix: 'YQ-', seq_start: 1 },
  'POST /api/system/insurance_policy/preview': { kind: 'property', start_date: '2026-01-01', end_date: '2026-12-31', filter: {} },
  'POST /api/system/insurance_claim/add': { cause: 'hail', incident_date: '2026-03-01', description: '越权', amount_claimed: '1.00' },
  'POST /api/system/insurance_claim/submit': { document_ids: [1] },
  'POST /api/system/insurance_claim/assess': { amount_approved: '1.00' },
  'POST /api/system/insurance_claim/pay': { amount_received: '1.00', paid_on: '2026-06-30' },
  'POST /api/system/insurance_claim/reject': { reason: '越权' },
  'POST /api/system/invoice/edit': { remark: '越权' },
  'POST /api/system/invoice/void': { reason: '越权' },
  'POST /api/system/invoice/match': { target_type: 'settlement', target_id: 1, amount: '1.00' },
  'POST /api/system/invoice/unmatch': { match_id: 1 },
  'POST /api/system/invoice/red_letter': { kind: 'special', invoice_code: '4100231130', invoice_no: '41000002', issue_date: '2026-10-21', reason: '越权', lines: [{ item: '越权', amount: '-1.00', tax_rate: '13' }], amount_total: '-1.00', tax_total: '-0.13', total: '-1.13' },
};

/**
 * Routes no body can get past validation to a record: agents and users have no single-field
 * updates (their quickFields are empty), so every update_field is a 400 before a row is read.
 */
const NO_VALID_BODY: Record<string, string> = {
  'POST /api/system/agent/update_field': 'agents have no single-field updates',
  'POST /api/system/user/update_field': 'users have no single-field updates',
};

const TABLES = {
  customer: customers,
  station: stations,
  work_order: workOrders,
  build: workOrders,
  grid: workOrders,
  self_audit: selfAudits,
  matter: matters,
  agent: agents,
  user: users,
  warehouse: warehouses,
  stock_balance: stockBalances,
  stock_movement: stockMovements,
  stock_serial: stockSerials,
  operation_plan: operationPlans,
  inspection: inspections,
  maintenance: maintenanceOrders,
  lease_contract: leaseContracts,
  rent_bill: rentBills,
  revenue: revenues,
  payment_batch: paymentBatches,
  partner: partners,
  settlement: settlements,
  insurance_policy: insurancePolicies,
  insurance_claim: insuranceClaims,
  invoice: invoices,
  statement: statements,
  financier_rate: financierRates,
  message: messages,
  display_token: displayTokens,
  syslog: sysLog,
  workflow_instance: workflowInstances,
} as const;

/** Every row an agent's user could change through the walk, in a comparable form. */
async function snapshot() {
  const { db } = t.handle;
  const all = async (table: typeof customers | typeof stations | typeof workOrders | typeof selfAudits | typeof matters | typeof agents | typeof users | typeof customerFollowUps | typeof matterReplies | typeof files | typeof transitions) =>
    JSON.stringify(await db.select().from(table as typeof customers).orderBy((table as typeof customers).id));
  return {
    customers: await all(customers),
    stations: await all(stations),
    workOrders: await all(workOrders),
    selfAudits: await all(selfAudits),
    matters: await all(matters),
    agents: await all(agents),
    users: await all(users),
    followUps: await all(customerFollowUps),
    replies: await all(matterReplies),
    files: await all(files),
    transitions: await all(transitions),
    warehouses: await all(warehouses as never),
    stockBalances: await all(stockBalances as never),
    stockMovements: await all(stockMovements as never),
    stockSerials: await all(stockSerials as never),
    operationPlans: await all(operationPlans as never),
    inspections: await all(inspections as never),
    maintenanceOrders: await all(maintenanceOrders as never),
    leaseContracts: await all(leaseContracts as never),
    rentBills: await all(rentBills as never),
    revenues: await all(revenues as never),
    paymentBatches: await all(paymentBatches as never),
    paymentLines: await all(paymentLines as never),
    partners: await all(partners as never),
    partnerCertificates: await all(partnerCertificates as never),
    settlements: await all(settlements as never),
    settlementLines: await all(settlementLines as never),
    insurancePolicies: await all(insurancePolicies as never),
    insurancePolicyStations: await all(insurancePolicyStations as never),
    insuranceClaims: await all(insuranceClaims as never),
    invoices: await all(invoices as never),
    invoiceLines: await all(invoiceLines as never),
    invoiceMatches: await all(invoiceMatches as never),
    statements: await all(statements as never),
    financierRates: await all(financierRates as never),
    messages: await all(messages as never),
    displayTokens: await all(displayTokens as never),
    workflowInstances: await all(workflowInstances as never),
  };
}

const isList = (r: Route) => /\/(index|export|summary)$/.test(r.path);

/** What the route declares each record-naming field to name (the route table: resources/refs.ts). */
const refsOf = (r: Route) => t.app.routeTable.find((x) => x.method === r.method && x.url.replace(/:(\w+)/g, '{$1}') === r.path)?.refs ?? {};

/** The fields of a route naming one of HN's records: [field, query or body, which record] (a dynamic target as the walk's body chooses it). */
function scopedFieldsOf(r: Route, body: Record<string, unknown>): Array<[string, 'query' | 'body', Owned]> {
  const out: Array<[string, 'query' | 'body', Owned]> = [];
  for (const [field, target] of Object.entries(refsOf(r))) {
    const type = typeof target === 'function' ? target(body) : target;
    if (!type || !(AGENT_OWNED as readonly string[]).includes(type)) continue;
    const owned = ID_OVERRIDES[r.key]?.[field] ?? (type as Owned);
    out.push([field, r.query.includes(field) ? 'query' : r.method === 'GET' ? 'query' : 'body', owned]);
  }
  return out;
}

describe('every record-naming field of every route is declared', () => {
  it('the route table says what each id field names: an agent-scoped type (walked below), reference data, or a marker', () => {
    const problems: string[] = [];
    // (the keyed routes have no session, so no data scope: pnpm backup's own key is their check)
    for (const r of routes.filter((x) => !(x.key in PUBLIC) && !(x.key in KEYED))) {
      const refs = refsOf(r);
      const fields = [...r.query, ...(r.body ? branches(r.body).flatMap((b) => Object.keys(b.properties ?? {})) : [])].filter((f) => /(^|_)ids?$/.test(f) && !/(tax|device)_id$/.test(f));
      for (const f of new Set(fields)) {
        const target = refs[f];
        if (target === undefined) problems.push(`${r.key}: ${f} is not declared`);
        else if (typeof target === 'string' && !['filter', 'shared', 'own', 'handler'].includes(target) && !(AGENT_OWNED as readonly string[]).includes(target) && !(target in NOT_AGENT_DATA)) problems.push(`${r.key}: ${f} names ${target}: classify it (AGENT_OWNED or NOT_AGENT_DATA)`);
      }
    }
    expect(problems).toEqual([]);
    // the markers are few and each says why the route-level check leaves the field to the handler
    const markers = routes.flatMap((r) => Object.entries(refsOf(r)).filter(([, v]) => v === 'handler').map(([f]) => `${r.key} ${f}`));
    expect(markers).toEqual(['POST /api/system/workflow_instance/start record_id']);
  });
});

describe.each([
  ['the built-in agent role', 'sd'],
  ['every permission, agent data scope', 'sdmax'],
] as const)("an agent's user (%s) on another agent's records", (_role, caller) => {
  it('every operation naming one of their records answers 404 — as if it did not exist — (the built-in role: 403 or 404), lists show nothing of theirs, and nothing changes', { timeout: 180_000 }, async () => {
    const walked = routes.filter((r) => !isList(r) && !(r.key in PUBLIC) && !(r.key in ENDS_SESSION) && !(r.key in NO_VALID_BODY) && scopedFieldsOf(r, AGENT_BODY[r.key] ?? {}).length);
    // every agent-owned type is named by some route, and the issue's routes are among the walked
    for (const type of AGENT_OWNED) expect(walked.some((r) => scopedFieldsOf(r, AGENT_BODY[r.key] ?? {}).some(([, , o]) => o === type || (type === 'work_order' && (o === 'build' || o === 'grid')))), type).toBe(true);
    for (const key of ['GET /api/system/statement/rates', 'POST /api/system/statement/rate', 'POST /api/system/statement/rate_delete', 'GET /api/system/insurance_policy/stations', 'GET /api/system/message/get_info']) {
      expect(walked.map((r) => r.key)).toContain(key);
    }
    const lists = routes.filter((r) => isList(r) && !r.path.endsWith('/export') && r.query.some((q) => q in LIST_FILTERS));
    const versions = new Map<Owned, number>();
    for (const [k, table] of Object.entries(TABLES) as Array<[Owned, (typeof TABLES)[keyof typeof TABLES]]>) {
      const [row] = await t.handle.db.select().from(table as typeof customers).where(eq((table as typeof customers).id, hn[k]));
      versions.set(k, (row as { version?: number } | undefined)?.version ?? 1);
    }
    const before = await snapshot();

    const problems = await walk(
      [...walked, ...lists],
      async (r) => {
        const query = new URLSearchParams();
        const body: Record<string, unknown> = { ...(AGENT_BODY[r.key] ?? {}) };
        const fields = isList(r) ? r.query.filter((q) => q in LIST_FILTERS).map((q) => [q, 'query', LIST_FILTERS[q]!] as [string, 'query', Owned]) : scopedFieldsOf(r, body);
        for (const [name, where, owned] of fields) {
          const value = hn[owned];
          if (where === 'query') query.set(name, String(value));
          else body[name] = name.endsWith('_ids') || name === 'ids' ? [value] : value;
        }
        const props = r.body ? (objectOf(r.body).properties ?? {}) : {};
        if ('version' in props && !('version' in body)) body.version = versions.get(fields[0]![2]) ?? 1;
        if (r.key === 'POST /api/system/station/del_doc') body.file_id = hnFile;
        const missing = (r.body ? (objectOf(r.body).required ?? []) : []).filter((k) => !(k in body));
        if (missing.length) return `${r.key}: add ${missing.join(', ')} to AGENT_BODY`;
        const url = `${r.url}${query.size ? `?${query}` : ''}`;
        const raw = !r.body && r.method === 'POST';
        const res = raw
          ? await hit('POST', r.key.endsWith('upload_doc') ? `${url}&doc_type=contract` : url, { token: tokens[caller], raw: testPdf(), type: 'application/pdf', where: `agent ${r.key}`, lang: 'en' })
          : await hit(r.method, url, { token: tokens[caller], body: r.method === 'POST' ? body : undefined, where: `agent ${r.key}`, lang: 'en' });
        const data = res.data as { list?: Array<{ id: number }>; total?: number } | null;
        // a list filtered by their record: as if it did not exist (404), or nothing (or no permission to list at all)
        if (isList(r)) return (res.status === 200 && data?.total === 0) || !refusedWith(res, caller === 'sdmax' ? [404] : [403, 404]) ? null : `${r.key}?${query}: ${res.status} total ${data?.total} (wanted nothing of theirs)`;
        // with every permission the refusal comes from the record's scope: exactly a missing record's 404
        const p = refusedWith(res, caller === 'sdmax' ? [404] : [403, 404]);
        return p && `${r.key} ${JSON.stringify({ ...Object.fromEntries(query), ...body })}: ${p}`;
      },
      4,
    );
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("an elevated agent-scoped user reads nothing of another agent's, also through shared parents and lists", () => {
  it('every GET operation, as SD\'s user with every permission, without parameters and through the records SD shares with HN: no reply names a record of HN\'s', { timeout: 180_000 }, async () => {
    const gets = routes.filter((r) => r.method === 'GET' && !(r.key in PUBLIC) && !(r.key in ENDS_SESSION) && !r.path.includes('{'));
    const replies: Array<{ where: string; body: string }> = [];
    await walk(gets, async (r) => {
      const res = await hit('GET', r.url, { token: tokens.sdmax, where: `sdmax read ${r.key}` });
      replies.push({ where: r.key, body: res.body });
      return null;
    });
    // a policy covering SD's station and HN's: SD's user sees the policy, and of its stations its own
    for (const url of [`/api/system/insurance_policy/stations?id=${shared.policy}`, `/api/system/insurance_policy/get_info?id=${shared.policy}`, '/api/system/message/index?limit=100', '/api/system/syslog/index?limit=100']) {
      const res = await hit('GET', url, { token: tokens.sdmax, where: `sdmax read ${url}` });
      expect(res.status, url).toBe(200);
      replies.push({ where: url, body: res.body });
    }
    const stations = (await hit('GET', `/api/system/insurance_policy/stations?id=${shared.policy}`, { token: tokens.sdmax })).data as { list: Array<{ station_code: string }> };
    expect(stations.list.map((s) => s.station_code)).toEqual(['ST-SD-1']);
    const leaks = replies.flatMap(({ where, body }) => HN_MARKERS.filter((m) => body.includes(m)).map((m) => `${where}: ${m}`));
    expect(leaks).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 5. Malformed input (as the administrator, who passes every permission check)
// ---------------------------------------------------------------------------------------------

/** A plausible value per field name, so that one wrong field is often the only problem of a body. */
const BASE_BY_NAME: Record<string, unknown> = {
  password: '1', // too short: a walk never changes a password
  old_password: '1',
  phone: '13800138000',
  contact_phone: '13800138000',
  email: 'walk@example.cn',
  province_code: '370000',
  city_code: '370100',
  district_code: '370102',
  start: '2026-01-01',
  end: '2026-01-31',
  deadline: '2030-12-31',
  planned_date: '2030-12-01',
  signed_at: '2026-01-01',
  next_date: '2030-12-01',
  cron: '0 3 * * *',
  username: 'walker',
  version: 999999,
  start_page: '/index',
};

function baseValue(name: string, s: Schema): unknown {
  if (name in BASE_BY_NAME) return BASE_BY_NAME[name];
  if (/(^|_)id$/.test(name)) return 999999; // no such record: the walk changes nothing that exists
  const b = branches(s).find((x) => x.type !== 'null') ?? s;
  if (b.enum) return b.enum[0];
  switch (b.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'walk';
  }
}

const baseBody = (s: Schema) => Object.fromEntries(Object.entries(objectOf(s).properties ?? {}).map(([k, v]) => [k, baseValue(k, v)]));

/**
 * What each declared body field is replaced with, one at a time, in an otherwise plausible body:
 * values of every JSON type for all fields, edge numbers for the fields taking numbers, and huge,
 * SQL-looking and NUL-carrying text for the fields taking text.
 */
const FIELD_VALUES: Array<[name: string, value: unknown, kind: 'all' | 'number' | 'string']> = [
  ['a number', 12345, 'all'],
  ['a string', 'abc', 'all'],
  ['a boolean', true, 'all'],
  ['an object', { $gt: '' }, 'all'],
  ['an array', [1, 'x'], 'all'],
  ['a one-element array', [999999], 'all'],
  ['null', null, 'all'],
  ['a negative number', -1, 'number'],
  ['a fraction', 1.5, 'number'],
  ['a number beyond int4', 2147483648, 'number'],
  ['a huge number', 1e308, 'number'],
  ['a huge string', 'x'.repeat(100_000), 'string'],
  ['SQL-looking text', "' or 1=1 --", 'string'],
  ['a NUL character', 'a\u0000b', 'string'],
];
const valuesFor = (s: Schema) => FIELD_VALUES.filter(([, , kind]) => kind === 'all' || typeAccepts(s, kind === 'number' ? 1 : 'x'));

/** Whole bodies that are wrong whatever the route: [case, raw text, content type]. */
const deep = '['.repeat(5000) + ']'.repeat(5000);
const BODY_CASES: Array<[string, string, string]> = [
  ['invalid JSON', '{"name": "张三",', 'application/json'],
  ['a JSON array', '[1,2]', 'application/json'],
  ['a JSON string', '"text"', 'application/json'],
  ['a JSON number', '42', 'application/json'],
  ['JSON true', 'true', 'application/json'],
  ['unknown fields only', '{"zz_unknown": 1, "isAdmin": true}', 'application/json'],
  ['a __proto__ key', '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}', 'application/json'],
  ['deep nesting', `{"a": ${deep}}`, 'application/json'],
  ['text/plain', 'name=x', 'text/plain'],
  ['a form', 'name=x&id=1', 'application/x-www-form-urlencoded'],
  ['a bad charset', '{}', 'application/json; charset=latin-99'],
];
/** Cases whose body is no more wrong than an empty one (null = no body, {} in any charset): only "never 500" applies. */
const LENIENT_BODY_CASES = new Set(['JSON null', 'a bad charset']);

/** Query values tried on every declared parameter (and id/ids of routes that declare none). */
const QUERY_VALUES: Array<[string, string]> = [
  ['SQL-looking text', "' or 1=1 --"],
  ['a NUL character', '\u0000'],
  ['path traversal', '../../../etc/passwd'],
  ['a negative number', '-1'],
  ['zero', '0'],
  ['a number beyond int4', '2147483648'],
  ['a huge number', '99999999999999999999'],
  ['an overflowing float', '1e400'],
  ['nothing', ''],
  ['a long value', 'x'.repeat(5000)],
  ['a list with junk', '1,2,x'],
  ['a date', '2026-01-01'],
];
/** Parameters that must refuse anything but their kind of value (400-ish, not a silent 200). */
const strictParam = (name: string, value: string): boolean => {
  // (a page or id beyond int4 is a number all the same: an empty page, an id that is not there)
  if (name === 'page' || name === 'limit') return !['', '2147483648', '2026-01-01'].includes(value);
  if (/(^|_)ids?$/.test(name)) return !['', '0', '2147483648'].includes(value);
  return false;
};

const postRoutes = () => routes.filter((r) => r.method === 'POST' && !(r.key in ENDS_SESSION));
const getRoutes = () => routes.filter((r) => r.method === 'GET' && !(r.key in ENDS_SESSION));

describe('malformed input: 4xx with a message, never 500', () => {
  it('every request body schema refuses unknown fields', () => {
    const loose = routes.filter((r) => r.body && branches(r.body).some((b) => b.properties && b.additionalProperties !== false)).map((r) => r.key);
    expect(loose).toEqual([]);
  });

  it('whole bodies of the wrong kind, on every POST route', { timeout: 180_000 }, async () => {
    const cases = postRoutes().flatMap((r) => [...BODY_CASES, ['JSON null', 'null', 'application/json'] as [string, string, string]].map((c) => [r, c] as const));
    const problems = await walk(cases, async ([r, [name, raw, type]]) => {
      const res = await hit('POST', r.url, { token: tokens.admin, raw, type, where: `malformed ${r.key} [${name}]` });
      // routes without a JSON body (uploads, get_config) need only survive it
      const p = LENIENT_BODY_CASES.has(name) || !r.body ? noCrash(res) : clientError(res);
      return p && `${r.key} [${name}]: ${p}`;
    });
    expect(problems).toEqual([]);
  });

  // (the two largest walks grow with every route: one and two minutes on this 2-core machine, five when it is shared)
  it('each body field replaced by values of other types, huge, negative, SQL-looking or with NUL', { timeout: 360_000 }, async () => {
    const cases = postRoutes()
      .filter((r) => r.body)
      .flatMap((r) => Object.entries(objectOf(r.body!).properties ?? {}).flatMap(([field, schema]) => valuesFor(schema).map(([name, value]) => ({ r, field, schema, name, value }))));
    expect(cases.length).toBeGreaterThan(4000);
    const problems = await walk(cases, async ({ r, field, schema, name, value }) => {
      const body = { ...baseBody(r.body!), [field]: value };
      const res = await hit('POST', r.url, { token: tokens.admin, body, where: `malformed ${r.key} ${field}=[${name}]` });
      // a value of a type the field does not take must be refused; one it takes must at least not crash
      const p = typeAccepts(schema, value) ? noCrash(res) : clientError(res);
      return p && `${r.key} ${field}=[${name}]: ${p}`;
    });
    expect(problems).toEqual([]);
  });

  it('each query parameter given wrong, injection-looking, huge or repeated values, on every GET route', { timeout: 360_000 }, async () => {
    type Case = { r: Route; p: string; name: string; qs: string; strict: boolean };
    const casesOf = (r: Route): Case[] =>
      (r.query.length ? r.query : ['id', 'ids']).flatMap((p) => [
        // undeclared parameters are ignored, except GET del's ?id= / ?ids=
        ...QUERY_VALUES.map(([name, value]) => ({ r, p, name, qs: `${p}=${encodeURIComponent(value)}`, strict: strictParam(p, value) && (r.query.length > 0 || r.path.endsWith('/del')) })),
        { r, p, name: 'repeated', qs: `${p}=999991&${p}=999992`, strict: false },
        { r, p, name: 'bracketed', qs: `${p}[a]=1&${p}[]=2`, strict: false },
      ]);
    const check = async ({ r, p, name, qs, strict }: Case) => {
      const res = await hit('GET', `${r.url}?${qs}`, { token: tokens.admin, where: `query ${r.key} ${p}=[${name}]` });
      const problem = strict ? clientError(res) : noCrash(res);
      return { res, problem: problem && `${r.key} ${p}=[${name}]: ${problem}` };
    };
    const isExport = (r: Route) => r.path.endsWith('/export');
    const cases = getRoutes().filter((r) => !isExport(r)).flatMap(casesOf);
    expect(cases.length).toBeGreaterThan(2500);
    // an export reads its query with its list's planList (one code path): it gets the values its
    // list accepted, so the rows are really read and written out; the list's refusals are its own
    const accepted = new Set<string>();
    const problems = await walk(
      cases,
      async (c) => {
        const { res, problem } = await check(c);
        if (res.status === 200 && c.r.path.endsWith('/index')) accepted.add(`${c.r.path.replace(/index$/, 'export')} ${c.qs}`);
        return problem;
      },
      16,
    );
    const exports = getRoutes().filter(isExport).flatMap(casesOf).filter((c) => accepted.has(`${c.r.path} ${c.qs}`));
    expect(exports.length).toBeGreaterThan(100);
    problems.push(...(await walk(exports, async (c) => (await check(c)).problem, 16)));
    expect(problems).toEqual([]);
  });

  it('path parameters given junk (NUL, traversal, huge, encoded slashes)', async () => {
    const junk = ['%00', '..%2F..%2Fetc%2Fpasswd', '..', '99999999999999999999', '-1', "'%20or%201%3D1%20--", 'x'.repeat(300), '%E0%A4%A'];
    const cases = routes.filter((r) => r.path.includes('{')).flatMap((r) => junk.map((j) => [r, r.path.replace(/\{\w+\}/g, j)] as const));
    const problems = await walk(cases, async ([r, url]) => {
      const res = await hit(r.method, url, { where: `path ${r.key}` });
      const p = noCrash(res) ?? (res.status === 200 ? 'served something' : null);
      return p && `${r.key} as ${url.slice(0, 80)}: ${p}`;
    });
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 6. Oversize bodies
// ---------------------------------------------------------------------------------------------

/** Routes taking a raw body (uploads, imports) have their own limit: [route, query, limit]. */
const RAW_LIMITS: Record<string, [query: string, limit: number]> = {
  'POST /api/system/file/upload': ['?owner_type=matter', MAX_UPLOAD_BYTES],
  'POST /upload': ['', MAX_UPLOAD_BYTES],
  'POST /api/system/user/avatar': ['', AVATAR_MAX_BYTES],
  'POST /api/system/customer/import': ['', IMPORT_MAX_BYTES],
  'POST /api/system/station/import': ['', IMPORT_MAX_BYTES],
  'POST /api/system/stock_balance/import': ['', IMPORT_MAX_BYTES],
  'POST /api/system/maintenance/import': ['', IMPORT_MAX_BYTES],
  'POST /api/system/revenue/import': ['', SETTLEMENT_MAX_BYTES],
  'POST /api/system/payment_batch/import_result': ['?id=1', RESULT_MAX_BYTES],
  'POST /api/system/statement/import': ['?id=1', SHEET_MAX_BYTES],
  'POST /api/system/insurance_policy/import': ['', IMPORT_MAX_BYTES],
  'POST /api/system/station/upload_doc': ['?id=1&doc_type=contract', UPLOAD_LIMITS.pdf.maxBytes],
  'POST /api/system/lease_contract/upload_pdf': ['?id=1', UPLOAD_LIMITS.pdf.maxBytes],
  'POST /api/system/app_version/upload_package': ['?id=1&version=1', WALK_PACKAGE_MAX],
};
/** POST routes that take no body at all. */
const NO_BODY = ['POST /api/system/target/get_config'];

describe('oversize bodies: 413 with a message', () => {
  it(`a JSON body over BODY_LIMIT, on every POST route that takes one`, async () => {
    const limit = t.config.bodyLimit;
    const payload = `{"pad":"${'x'.repeat(limit)}"}`;
    const problems = await walk(
      postRoutes().filter((r) => !(r.key in RAW_LIMITS)),
      async (r) => {
        const res = await hit('POST', r.url, { token: tokens.admin, raw: payload, where: `oversize ${r.key}` });
        const p = refusedWith(res, [413]) ?? (res.msg.includes(`${Math.round(limit / 1024)} KiB`) ? null : `message does not name the limit: ${res.msg}`);
        return p && `${r.key}: ${p}`;
      },
      4,
    );
    expect(problems).toEqual([]);
  });

  it('a raw body over its own limit, on every upload and import route', async () => {
    const raw = postRoutes().filter((r) => !r.body && !NO_BODY.includes(r.key));
    expect(raw.map((r) => r.key).filter((k) => !(k in RAW_LIMITS))).toEqual([]);
    const problems: string[] = [];
    for (const r of raw) {
      const [query, limit] = RAW_LIMITS[r.key]!;
      const res = await hit('POST', r.url + query, { token: tokens.admin, raw: Buffer.alloc(limit + 1024 * 1024, 1), type: 'application/octet-stream', where: `oversize ${r.key}` });
      const p = refusedWith(res, [413]);
      if (p) problems.push(`${r.key}: ${p}`);
    }
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 7. Leaks
// ---------------------------------------------------------------------------------------------

describe('no reply leaks a secret', () => {
  /** Replies that hand the caller their own new token: checked for hashes and passwords only. */
  const ownTokens = new Set<string>();

  it('reads of the records holding secrets show them masked', async () => {
    const admin = tokens.admin;
    const get = (url: string, token = admin) => hit('GET', url, { token, where: `read ${url}` });
    // sign-in and refresh answer with the caller's own token pair
    const signedIn = await hit('POST', '/api/system/index/login', { body: { username: 'sd', password: USER_PASSWORD }, where: 'own-token login' });
    ownTokens.add('own-token login');
    const pair = signedIn.data as { token: string; refresh_token: string };
    issued.push(pair.token, pair.refresh_token);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/system/index/refresh_token', headers: { 'x-refresh-token': pair.refresh_token } });
    seen.push({ where: 'own-token refresh', body: refreshed.body });
    ownTokens.add('own-token refresh');
    issued.push(refreshed.json().data.token, refreshed.json().data.refresh_token);
    const display = await hit('POST', '/api/system/display_token/add', { token: admin, body: { name: '大屏', valid_days: 1 }, where: 'own-token display_token/add' });
    ownTokens.add('own-token display_token/add');
    issued.push((display.data as { token: string }).token);

    const c = hn.customer;
    const reads = [
      `/api/system/customer/index?limit=500`,
      `/api/system/customer/get_info?id=${c}`,
      `/api/system/customer/history?id=${c}`,
      `/api/system/customer/timeline?id=${c}`,
      `/api/system/agent/index?limit=500`,
      `/api/system/agent/get_info?id=${hn.agent}`,
      `/api/system/agent/history?id=${hn.agent}`,
      `/api/system/agent/users?id=${hn.agent}`,
      `/api/system/user/index?limit=500`,
      `/api/system/user/get_info?id=${hn.user}`,
      `/api/system/user/profile`,
      `/api/system/common/get_user_info`,
      `/api/system/matter/get_info?id=${hn.matter}`,
      `/api/system/station/get_info?id=${hn.station}`,
      `/api/system/station/docs?id=${hn.station}`,
      `/api/system/display_token/index`,
      `/api/system/syslog/index?limit=500`,
      `/api/system/lease_contract/index?limit=500`,
      `/api/system/lease_contract/get_info?id=${hn.lease_contract}`,
      `/api/system/lease_contract/history?id=${hn.lease_contract}`,
      `/api/system/lease_contract/timeline?id=${hn.lease_contract}`,
      `/api/system/rent_bill/index?limit=500`,
      `/api/system/rent_bill/get_info?id=${hn.rent_bill}`,
      `/api/system/payment_batch/index?limit=500`,
      `/api/system/payment_batch/get_info?id=${hn.payment_batch}`,
      `/api/system/payment_batch/lines?id=${hn.payment_batch}`,
      `/api/system/payment_batch/reconcile?id=${hn.payment_batch}`,
      `/api/system/payment_batch/history?id=${hn.payment_batch}`,
      `/api/system/payment_batch/timeline?id=${hn.payment_batch}`,
      `/api/system/payment_batch/bill_lines?bill_id=${hn.rent_bill}`,
      `/api/system/partner/index?limit=500`,
      `/api/system/partner/get_info?id=${hn.partner}`,
      `/api/system/partner/history?id=${hn.partner}`,
      `/api/system/partner/timeline?id=${hn.partner}`,
      `/api/system/partner/links?id=${hn.partner}`,
      `/api/system/partner/files?id=${hn.partner}`,
    ];
    for (const url of reads) expect((await get(url)).status, url).toBe(200);
    // every log entry one by one (get_info shows before/after in full)
    const log = (await get('/api/system/syslog/index?limit=500')).data as { list: Array<{ id: number }> };
    expect(log.list.length).toBeGreaterThan(10);
    for (const e of log.list) await get(`/api/system/syslog/get_info?id=${e.id}`);
    // the agent's own users see their own customer's card masked too
    expect((await get(`/api/system/customer/get_info?id=${c}`, tokens.hn)).status).toBe(200);
    const shown = (await get(`/api/system/customer/get_info?id=${c}`)).data as { bank_card: string; id_card: string };
    expect(shown.bank_card).toMatch(/^\d{6}\*+\d{4}$/);
    expect(shown.id_card).toMatch(/^\d{6}\*+[\dX]{4}$/);
    const lease = (await get(`/api/system/lease_contract/get_info?id=${hn.lease_contract}`)).data as { bank_card: string };
    expect(lease.bank_card).toBe('621700*********8887');
    const bill = (await get(`/api/system/rent_bill/get_info?id=${hn.rent_bill}`)).data as { payee_card: string };
    expect(bill.payee_card).toBe('621700*********8887');
    const agent = (await get(`/api/system/agent/get_info?id=${hn.agent}`)).data as { bank_account: string };
    expect(agent.bank_account).toMatch(/^\d{4}\*+\d{4}$/);
    const line = ((await get(`/api/system/payment_batch/lines?id=${hn.payment_batch}`)).data as { list: Array<{ payee_card: string }> }).list[0]!;
    expect(line.payee_card).toBe('621700*********8887');
    const partner = (await get(`/api/system/partner/get_info?id=${hn.partner}`)).data as { account_no: string };
    expect(partner.account_no).toBe('370016**********7766');
    // HN's own users see their agent's partner record, masked too
    expect((await get(`/api/system/partner/get_info?id=${hn.partner}`, tokens.hn)).status).toBe(200);
  });

  it('the bank file is the one reply with full card numbers: a file (not JSON), payment_batch:export only, each download in the system log', async () => {
    const download = (format: string, token: string, version: number) =>
      hit('POST', '/api/system/payment_batch/export_bank', { token, body: { id: hn.payment_batch, version, format }, where: `bank file ${format}` });
    // SD's users (even with every permission: agent data scope) and a user without roles get a JSON refusal
    // (SD's user with every permission: a batch is the `all` scope's only, so to it HN's batch does not exist)
    for (const [token, status] of [[tokens.sd, 403], [tokens.sdmax, 404], [tokens.norole, 403]] as const) expect((await download('csv', token, 1)).status).toBe(status);
    const logged = async () => (await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'payment_batch'), eq(sysLog.action, 'export'), eq(sysLog.record_id, hn.payment_batch)))).length;
    const before = await logged();
    const [batch] = await t.handle.db.select().from(paymentBatches).where(eq(paymentBatches.id, hn.payment_batch));
    const csv = await download('csv', tokens.admin, batch!.version);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(SECRETS.leaseCard);
    const xlsx = await download('xlsx', tokens.admin, batch!.version + 1);
    expect(xlsx.status).toBe(200);
    expect(await logged()).toBe(before + 2);
    const files = fileReplies.filter((f) => f.where.startsWith('bank file'));
    expect(files.map((f) => f.type.split(';')[0])).toEqual(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(readXlsx(files[1]!.bytes).flat()).toContain(SECRETS.leaseCard);
  });

  it('every reply to a signed-in caller, on every route, is Cache-Control: no-store (browsers and proxies keep none)', () => {
    expect(cacheControl.length).toBeGreaterThan(5000);
    // (public routes answer a token too, e.g. the signed file link: those keep their own caching)
    const publicPaths = [...Object.keys(PUBLIC), ...Object.keys(KEYED)].map((k) => k.split(' ')[1]!.replace(/\{\w+\}.*$/, ''));
    const cached = cacheControl.filter((c) => c.value !== 'no-store' && !publicPaths.some((p) => c.where.split(' ').some((w) => w.startsWith(p)))).map((c) => `${c.where}: ${c.value || '(none)'}`);
    expect([...new Set(cached)].slice(0, 20)).toEqual([]);
  });

  it('no reply of the whole walk holds a password hash, a password, a token or a full card / ID number', () => {
    expect(seen.length).toBeGreaterThan(5000);
    // files too (exports as their cells), but for the replies that carry card numbers on purpose
    const knowingly = Object.keys(FULL_CARD_REPLIES).map((k) => k.split(' ')[1]!);
    for (const f of fileReplies) {
      if (knowingly.some((path) => f.url.startsWith(path))) continue;
      const text = f.bytes[0] === 0x50 && f.bytes[1] === 0x4b ? readXlsx(f.bytes).flat().join('\n') : f.bytes.toString('utf8');
      seen.push({ where: `file ${f.where}`, body: text });
    }
    const passwords = [ADMIN_PASSWORD, USER_PASSWORD, NOROLE_PASSWORD, APP_PASSWORD, RESET_PASSWORD];
    const numbers = [SECRETS.bankCard, SECRETS.bankAccount, SECRETS.idCard, SECRETS.leaseCard, SECRETS.partnerAccount, '6217000010000000000'];
    const problems: string[] = [];
    for (const { where, body } of seen) {
      if (body.includes('$argon2')) problems.push(`${where}: a password hash`);
      for (const p of passwords) if (body.includes(p)) problems.push(`${where}: the password ${p}`);
      for (const n of numbers) if (body.includes(n)) problems.push(`${where}: the full number ${n}`);
      if (!ownTokens.has(where)) for (const tok of issued) if (body.includes(tok)) problems.push(`${where}: a token`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
