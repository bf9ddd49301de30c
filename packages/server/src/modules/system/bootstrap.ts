import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, runScript } from '../../db/client.ts';
import { agents, customers, operationPlans, roles, stations, userRoles, users } from '../../db/schema/index.ts';
import { chinaMidnight, generateDue, latestPeriodStart } from '../inspection/generate.ts';
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
    return seedDemo(tx as unknown as Db, hash, admin!.id, { operator: await roleId('operator'), agent: await roleId('agent'), dispatcher: await roleId('dispatcher'), team: await roleId('team') });
  });
  // the demo plan's current quarter, generated now rather than at the scheduler's next tick
  if (demo) {
    await generateDue(db, new Date());
    await db.execute(sql.raw(DEMO_INSPECTION_PROGRESS));
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

async function seedDemo(db: Db, hash: string, adminId: number, roleIds: { operator: number; agent: number; dispatcher: number; team: number }) {
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
