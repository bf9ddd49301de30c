import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, runScript } from '../../db/client.ts';
import { agents, customers, inspections, materials, operationPlans, rentBills, roles, stations, userRoles, users, warehouses } from '../../db/schema/index.ts';
import { openForFailedItem, openMaintenanceOrder } from '../maintenance/resource.ts';
import { type FaultCategoryValue, type MaintenancePriorityValue, isBankCard } from '@pv/contract';
import { seedDemoRevenue } from '../revenue/demo.ts';
import { seedDemoPayments } from '../payment/demo.ts';
import { seedDemoPartners } from '../partner/demo.ts';
import { seedDemoWorkflows } from '../workflow/demo.ts';
// the record types the demo's processes run on (lifecycle/records.ts)
import '../processes.ts';
import { seedDemoSettlements } from '../settlement/demo.ts';
import { seedDemoInsurance } from '../insurance/demo.ts';
import { seedDemoInvoices } from '../invoice/demo.ts';
import { seedDemoStatements } from '../statement/demo.ts';
import { contextOfUser } from '../menu/tree.ts';
import { StockService } from '../stock/service.ts';
import { LeaseActions } from '../lease/actions.ts';
import { RentBillActions, markFailedIn, markPaidIn } from '../lease/bills.ts';
import { StationActions } from '../station/actions.ts';
import { chinaDate, chinaMidnight, generateDue, latestPeriodStart } from '../inspection/generate.ts';
import { hashPassword } from '../auth/password.ts';
import { BUILTIN_ROLES } from '../auth/permissions.ts';
import { customersSql, followUpsSql, stationsSql, workOrdersSql } from '../../seed/generate.ts';
import { seedMenus } from '../menu/tree.ts';

export interface BootstrapResult {
  /** true when this start created the admin (an empty database) */
  created: boolean;
  /** the generated password, when one was generated (print it once) */
  generatedPassword: string | null;
  passwordFile: string | null;
  demo: { agents: number; customers: number; stations: number } | null;
}

/** A readable random password: no look-alike characters, 16 of them (~90 bits). */
export function randomPassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * First start on an empty database: built-in roles, the `admin` user (PV_ADMIN_PASSWORD or a random
 * password printed once and written 0600 to DATA_DIR/admin-password.txt), and demo data when on.
 * A database that already has users is left alone (an empty menus table is still filled).
 */
export async function bootstrap(db: Db, config: Config): Promise<BootstrapResult> {
  await seedMenus(db);
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { created: false, generatedPassword: null, passwordFile: null, demo: null };

  const password = config.adminPassword ?? randomPassword();
  const generated = config.adminPassword ? null : password;
  let passwordFile: string | null = null;
  if (generated && config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    passwordFile = join(config.dataDir, 'admin-password.txt');
    writeFileSync(passwordFile, `admin\n${generated}\n`, { mode: 0o600 });
    chmodSync(passwordFile, 0o600);
  }
  const hash = await hashPassword(password);

  const demo = await db.transaction(async (tx) => {
    for (const r of BUILTIN_ROLES) {
      await tx.insert(roles).values({ code: r.code, name: r.name, permissions: [...r.permissions], data_scope: r.data_scope }).onConflictDoNothing();
    }
    const roleId = async (code: string) => (await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, code)))[0]!.id;
    const [admin] = await tx
      .insert(users)
      .values({ username: 'admin', password_hash: hash, full_name: '系统管理员', identity: 'system', is_admin: true })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ user_id: admin!.id, role_id: await roleId('admin') });
    if (!config.demoData) return null;
    const roleIds = {} as DemoRoleIds;
    for (const code of DEMO_ROLES) roleIds[code] = await roleId(code);
    return seedDemo(tx as unknown as Db, hash, admin!.id, roleIds);
  });
  // the demo plan's current quarter, generated now rather than at the scheduler's next tick
  if (demo) {
    await generateDue(db, new Date());
    await db.execute(sql.raw(DEMO_INSPECTION_PROGRESS));
    await seedDemoOperations(db);
    await seedDemoLeases(db);
    await seedDemoPayments(db);
    await seedDemoRevenue(db);
    await seedDemoPartners(db);
    await seedDemoSettlements(db);
    await seedDemoInsurance(db, config);
    await seedDemoInvoices(db);
    await seedDemoStatements(db);
    // last: the demo's history was made by hand; from now on the published processes (approvals of
    // invoice registration, claim payments, deductions…) decide what they are bound to
    await seedDemoWorkflows(db);
  }
  return { created: true, generatedPassword: generated, passwordFile, demo };
}

/**
 * The demo quarter under way: six in ten inspections done (one in seven of them after a rejection,
 * one in nine with damaged modules), one in ten in progress, one in ten awaiting review.
 */
const DEMO_INSPECTION_PROGRESS = `
  update inspections i set
    status = case when i.id % 10 < 6 then 'completed' when i.id % 10 = 6 then 'in_progress' else 'audit_pending' end,
    started_at = now() - interval '3 days',
    submitted_at = case when i.id % 10 <> 6 then now() - interval '2 days' end,
    finished_at = case when i.id % 10 < 6 then now() - interval '1 day' end,
    reject_count = case when i.id % 10 < 6 and i.id % 7 = 0 then 1 else 0 end,
    failed_count = case when i.id % 10 <> 6 and i.id % 9 = 0 then 1 else 0 end,
    results = case when i.id % 10 = 6 then '[]'::jsonb else jsonb_build_array(
      jsonb_build_object('key', 'modules', 'pass', i.id % 9 <> 0),
      jsonb_build_object('key', 'dc_voltage', 'value', (380 + i.id % 300)::text),
      jsonb_build_object('key', 'inverter', 'pass', true),
      jsonb_build_object('key', 'bracket', 'pass', true),
      jsonb_build_object('key', 'box', 'pass', true)) end,
    remark = case when i.id % 9 = 0 and i.id % 10 <> 6 then '组件有裂纹，需更换' end
  where i.plan_id is not null and i.id % 10 < 8`;

/**
 * The demo's spare parts and faults: a central and a regional warehouse and 孙师傅's team van stocked through the stock
 * service (ledger rows and balances as a storekeeper's 入库 makes them), and a 运维工单 for each
 * approved demo inspection whose modules failed (the item opens one on approval), a third of them
 * done by the demo team, a third under way.
 */
async function seedDemoOperations(db: Db) {
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  const auth = await contextOfUser(db, admin!.id);
  const actor = { userId: admin!.id, username: 'admin', ip: null };
  const made = await db
    .insert(materials)
    .values([
      { code: 'MOD-550', name: '单晶组件', spec: '550W 双面', unit: '块', category: 'module', unit_price: '620.00', created_by: admin!.id },
      { code: 'INV-10K', name: '组串式逆变器', spec: '10kW 三相', unit: '台', category: 'inverter', unit_price: '3850.00', created_by: admin!.id },
      { code: 'CAB-4', name: '光伏直流电缆', spec: 'PV1-F 4mm²', unit: '米', category: 'cable', unit_price: '3.85', created_by: admin!.id },
      { code: 'MC4', name: 'MC4 连接器', spec: '1000V 30A', unit: '对', category: 'cable', unit_price: '6.50', created_by: admin!.id },
      { code: 'BOX-1P', name: '并网配电箱', spec: '单相 63A', unit: '台', category: 'distribution_box', unit_price: '480.00', created_by: admin!.id },
    ])
    .returning({ id: materials.id, code: materials.code });
  const [shigong] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'shigong'));
  const stores = await db
    .insert(warehouses)
    .values([
      { code: 'WH-JN', name: '济南中心仓', kind: 'central', province_code: '370000', city_code: '370100', keeper_id: admin!.id, created_by: admin!.id },
      { code: 'WH-ZZ', name: '郑州区域仓', kind: 'regional', province_code: '410000', city_code: '410100', keeper_id: admin!.id, created_by: admin!.id },
      // 孙师傅's team van (Jinan): he issues from it and from 济南中心仓, whose region covers the van's
      { code: 'WH-VAN-SG', name: '孙师傅班组车载库', kind: 'van', province_code: '370000', city_code: '370100', keeper_id: admin!.id, team_id: shigong?.id ?? null, created_by: admin!.id },
    ])
    .returning({ id: warehouses.id });
  const stock = new StockService(db);
  const qty: Record<string, [string, string, string]> = { 'MOD-550': ['120', '40', '6'], 'INV-10K': ['18', '6', '1'], 'CAB-4': ['2000', '500', '100'], MC4: ['300', '80', '20'], 'BOX-1P': ['24', '8', '2'] };
  for (const m of made) {
    for (const [i, w] of stores.entries()) await stock.stockIn({ warehouse_id: w.id, material_id: m.id, qty: qty[m.code]![i], ref_no: 'CG2026-DEMO', remark: '期初入库' }, auth!, actor);
  }
  const failed = await db.select().from(inspections).where(and(eq(inspections.status, 'completed'), sql`${inspections.failed_count} > 0`));
  await db.transaction(async (tx) => {
    for (const i of failed) await openForFailedItem(tx, i as never, 'modules', { priority: 'high', existing: 'skip' }, actor, admin!.id);
    // and alarms from the monitoring platform on other connected stations
    const alarmed = await tx.select({ id: stations.id }).from(stations).where(and(inArray(stations.status, ['grid_connected', 'operating']), eq(stations.frozen, false))).orderBy(desc(stations.id)).limit(DEMO_ALARMS.length);
    for (const [n, s] of alarmed.entries()) {
      const [category, code, priority, text] = DEMO_ALARMS[n]!;
      await openMaintenanceOrder(tx, { station: s.id, source: 'alarm', priority, fault_category: category, fault_code: code, description: text, raised_at: new Date(Date.now() - (n + 1) * 5 * 3600_000) }, actor, admin!.id);
    }
  });
  await db.execute(sql.raw(DEMO_MAINTENANCE_PROGRESS));
}

const DEMO_ALARMS: [FaultCategoryValue, string, MaintenancePriorityValue, string][] = [
  ['inverter', 'E021', 'urgent', '逆变器离网告警，发电量为零'],
  ['communication', 'C004', 'medium', '采集器离线超过 24 小时'],
  ['inverter', 'E035', 'high', '逆变器绝缘阻抗低'],
  ['meter', 'M002', 'low', '电表读数与逆变器发电量偏差超过 10%'],
  ['cable', 'S010', 'high', '组串电流为零，疑似直流线缆断开'],
  ['distribution_box', 'B003', 'medium', '并网开关频繁跳闸'],
  ['communication', 'C001', 'low', '4G 信号弱，数据上传延迟'],
  ['inverter', 'E021', 'urgent', '逆变器离网告警，发电量为零'],
];

/** A card number with its Luhn check digit (demo payee accounts). */
function demoCard(prefix: string): string {
  for (let d = 0; d < 10; d++) if (isBankCard(`${prefix}${d}`)) return `${prefix}${d}`;
  throw new Error('unreachable');
}

/**
 * The demo's roof leases: contracts on connected stations of 屋顶租赁 owners in every state — two
 * drafts, one signed, active ones on each pay cycle (one with an escalation) whose bills so far are
 * made by activation, some paid, one failed, one with a deduction, the latest of each still to pay
 * (the due rent finance batches); one terminated mid-period (its last bill cut pro rata) and one on
 * a frozen station (its bills paused).
 */
async function seedDemoLeases(db: Db) {
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  const auth = (await contextOfUser(db, admin!.id))!;
  const actor = { userId: admin!.id, username: 'admin', ip: null };
  const picked = await db
    .select({ id: stations.id, grid_at: stations.grid_at, name: customers.name, bank_name: customers.bank_name })
    .from(stations)
    .innerJoin(customers, eq(customers.id, stations.customer_id))
    .where(and(inArray(stations.status, ['grid_connected', 'operating']), eq(stations.frozen, false), eq(customers.business_mode, 'lease'), sql`${stations.module_count} > 0`))
    .orderBy(stations.id)
    .limit(14);
  const leases = new LeaseActions(db);
  const bills = new RentBillActions(db);
  const plans: Array<[cycle: string, start: string, extra: Record<string, unknown>, end: 'draft' | 'signed' | 'active' | 'terminated' | 'frozen']> = [
    ['annual', '2024-05-20', {}, 'active'],
    ['quarterly', '2025-03-08', {}, 'active'],
    ['semiannual', '2023-09-01', { escalation_pct: '3', escalation_years: 2 }, 'active'],
    ['annual', '2025-11-15', { rent_rule: 'per_kwp', rent_rate: '55' }, 'active'],
    ['quarterly', '2024-07-01', {}, 'terminated'],
    ['annual', '2025-06-18', {}, 'frozen'],
    ['annual', '2026-08-01', {}, 'signed'],
    ['quarterly', '2026-10-12', {}, 'draft'],
    ['annual', '2026-11-02', { rent_rule: 'fixed', rent_rate: '1500' }, 'draft'],
    // more owners whose latest rent is due: what finance pays this month
    ['quarterly', '2025-12-10', {}, 'active'],
    ['quarterly', '2026-02-20', {}, 'active'],
    ['semiannual', '2026-03-15', {}, 'active'],
    ['annual', '2025-10-01', { rent_rule: 'per_kwp', rent_rate: '60' }, 'active'],
  ];
  const today = chinaDate(new Date());
  for (const [i, s] of picked.slice(0, plans.length).entries()) {
    const [cycle, start, extra, end] = plans[i]!;
    let c = await leases.add(
      { station_id: s.id, start_date: start, rent_rule: 'per_panel', rent_rate: '30', pay_cycle: cycle, sign_method: i % 2 ? 'paper' : 'electronic', payee_name: s.name, bank_name: s.bank_name ?? '中国农业银行', bank_branch: '营业部', bank_card: demoCard(`62284804${String(10000000 + s.id * 7919).slice(-8)}00`), ...extra },
      auth,
      actor,
    );
    if (end === 'draft') continue;
    c = await leases.sign({ id: c.id, version: c.version, sign_method: c.sign_method, signed_date: start < today ? start : today }, auth, actor);
    if (end === 'signed') continue;
    c = await leases.activate({ id: c.id, version: c.version }, auth, actor);
    const made = await db.select().from(rentBills).where(eq(rentBills.contract_id, c.id as number)).orderBy(rentBills.period_start);
    // the older bills were paid by bank transfer; the latest stays to pay (one failed, one with a deduction)
    for (const [n, b] of made.slice(0, -1).entries()) {
      if (i === 1 && n === made.length - 2) await db.transaction((tx) => markFailedIn(tx, b.id, { reason: '账户已销户，请业主更新收款账户' }, actor));
      else await db.transaction((tx) => markPaidIn(tx, b.id, { bank_serial: `DEMO${b.id}${String(n).padStart(3, '0')}`, channel: 'bank', paid_at: new Date(`${b.due_date}T10:00:00+08:00`) }, actor));
    }
    const last = made.at(-1);
    if (last && i === 0) await bills.deduct({ id: last.id, version: last.version, amount: '86.50', reason: '组件清洗费用由业主承担' }, auth, actor);
    if (end === 'terminated') await leases.terminate({ id: c.id, version: c.version, reason: '业主房屋拆迁', terminate_date: today }, auth, actor);
    if (end === 'frozen') {
      const [st] = await db.select().from(stations).where(eq(stations.id, s.id));
      await new StationActions(db).setFrozen(true, { id: s.id, version: st!.version, reason: '产权纠纷，暂停付款' }, auth, actor);
    }
  }
}

/** The demo faults under way: one in three done by the team (one late), one in three accepted and in progress. */
const DEMO_MAINTENANCE_PROGRESS = `
  update maintenance_orders m set
    team_id = (select u.id from users u where u.username = 'shigong'),
    dispatched_at = m.created_at + interval '1 hour',
    deadline = m.repair_due,
    responded_at = m.created_at + interval '2 hours',
    started_at = m.created_at + interval '3 hours',
    submitted_at = case when m.id % 3 = 0 then m.created_at + interval '20 hours' end,
    finished_at = case when m.id % 3 = 0 then m.created_at + case when m.id % 2 = 0 then interval '60 hours' else interval '22 hours' end end,
    repair_breached = m.id % 3 = 0 and m.id % 2 = 0,
    cause = case when m.id % 3 = 0 then '组件隐裂、热斑' end,
    measures = case when m.id % 3 = 0 then '更换受损组件，复测组串电压正常' end,
    labour_hours = case when m.id % 3 = 0 then 3 end,
    status = case when m.id % 3 = 0 then 'completed' else 'in_progress' end
  where m.id % 3 <> 2`;

/** The demo's O&M plan: a quarterly inspection of every connected station, done by the demo team. */
const DEMO_CHECKLIST = [
  { key: 'modules', label: '组件外观（破损、热斑、遮挡）', kind: 'pass_fail', required: true, photo_required: true, auto_maintenance: true },
  { key: 'dc_voltage', label: '组串直流电压', kind: 'number', unit: 'V', min: '200', max: '800', required: true },
  { key: 'inverter', label: '逆变器运行与告警', kind: 'pass_fail', required: true, auto_maintenance: true },
  { key: 'bracket', label: '支架与紧固件', kind: 'pass_fail', required: true },
  { key: 'box', label: '配电箱与接地', kind: 'pass_fail', required: true },
  { key: 'site', label: '现场全景照片', kind: 'photo', required: true },
  { key: 'note', label: '其他情况', kind: 'text', required: false },
];

/** Demo agents (two levels, several provinces) with fixed codes so the demo users can be bound. */
const DEMO_AGENTS: Array<[code: string, name: string, parent: string | null, contact: string, phone: string, city: string]> = [
  ['SD001', '山东阳光新能源有限公司', null, '王建国', '13905310001', '370100'],
  ['SD002', '潍坊光能科技有限公司', 'SD001', '刘海涛', '13906360002', '370700'],
  ['SD003', '临沂绿源光伏工程有限公司', 'SD001', '张振华', '13905390003', '371300'],
  ['SD004', '菏泽日升新能源有限公司', 'SD001', '赵立新', '13905300004', '371700'],
  ['HB001', '河北冀光新能源科技有限公司', null, '李秀英', '13903110005', '130100'],
  ['HB002', '保定天合光伏服务有限公司', 'HB001', '孙志强', '13903120006', '130600'],
  ['HN001', '河南中原光伏科技有限公司', null, '陈德明', '13903710007', '410100'],
  ['HN002', '商丘金阳新能源有限公司', 'HN001', '杨春生', '13903700008', '411400'],
  ['JS001', '江苏苏光能源科技有限公司', null, '周文斌', '13905250009', '320300'],
  ['ZJ001', '浙江浙能户用光伏有限公司', null, '吴晓东', '13905790010', '330700'],
  ['AH001', '安徽皖能光伏科技有限公司', null, '郑桂兰', '13905510011', '340100'],
  ['AH002', '阜阳阳光家园新能源有限公司', 'AH001', '何永刚', '13905580012', '341200'],
  ['SX001', '山西晋阳光伏有限公司', null, '马俊峰', '13903510013', '140800'],
];

/** The built-in roles the demo users hold. */
const DEMO_ROLES = ['operator', 'agent', 'dispatcher', 'team', 'finance', 'finance_approver', 'om_reviewer'] as const;
type DemoRoleIds = Record<(typeof DEMO_ROLES)[number], number>;

async function seedDemo(db: Db, hash: string, adminId: number, roleIds: DemoRoleIds) {
  const ids = new Map<string, number>();
  for (const [code, name, parent, contact, phone, city] of DEMO_AGENTS) {
    const [row] = await db
      .insert(agents)
      .values({
        code,
        name,
        parent_id: parent ? ids.get(parent)! : null,
        contact,
        phone,
        province_code: city.slice(0, 2) + '0000',
        city_code: city,
        status: 'enabled',
        deposit: parent ? 20000 : 100000,
        bank_name: '中国农业银行',
        bank_account: '6228480' + phone.slice(-8) + '0000',
        created_by: adminId,
      })
      .returning({ id: agents.id });
    ids.set(code, row!.id);
  }
  const demoUsers: Array<[username: string, fullName: string, role: number, agent: string | null, phone: string]> = [
    ['kefu', '李晓梅', roleIds.operator, null, '13800000001'],
    ['agent_sd', '王建国', roleIds.agent, 'SD001', '13905310001'],
    ['agent_hn', '陈德明', roleIds.agent, 'HN001', '13903710007'],
    ['paidan', '赵工', roleIds.dispatcher, null, '13800000002'],
    ['shigong', '孙师傅', roleIds.team, null, '13800000003'],
    // (added after the first five, so their ids — and the demo data keyed on them — stay as they were)
    ['caiwu', '周敏', roleIds.finance, null, '13800000004'],
    ['caiwu_sp', '钱国栋', roleIds.finance_approver, null, '13800000005'],
    ['yunwei', '吴海峰', roleIds.om_reviewer, null, '13800000006'],
  ];
  let teamId: number | null = null;
  const ownerIds: number[] = [adminId];
  for (const [username, full_name, roleId, agent, phone] of demoUsers) {
    const [u] = await db
      .insert(users)
      .values({ username, password_hash: hash, full_name, phone, identity: agent ? 'agent' : 'staff', agent_id: agent ? ids.get(agent)! : null })
      .returning({ id: users.id });
    await db.insert(userRoles).values({ user_id: u!.id, role_id: roleId });
    if (roleId === roleIds.operator) ownerIds.push(u!.id);
    if (roleId === roleIds.team) teamId = u!.id;
  }
  await runScript(db, [
    'select setseed(0.2026)',
    customersSql({ count: 600, agentShare: 0.8, formalShare: 0.52, createdBy: adminId, ownerIds }),
    stationsSql(300, 0, adminId),
    ...workOrdersSql([teamId!], adminId),
    followUpsSql(900, 0),
  ]);
  await db.insert(operationPlans).values({
    plan_no: 'JH20260101000001',
    name: '户用电站季度巡检',
    kind: 'inspection',
    status: 'enabled',
    scope: {},
    every_months: 3,
    start_date: '2026-01-01',
    deadline_days: 30,
    checklist: DEMO_CHECKLIST,
    default_team_id: teamId,
    next_period_at: latestPeriodStart({ every_months: 3, cron: null, start_date: '2026-01-01', end_date: null }, chinaMidnight('2026-01-01'), new Date()),
    created_by: adminId,
  });
  const [c] = await db.select({ n: count() }).from(customers);
  const [s] = await db.select({ n: count() }).from(stations);
  return { agents: DEMO_AGENTS.length, customers: Number(c?.n ?? 0), stations: Number(s?.n ?? 0) };
}
