import { addDays, creditCodeCheck, type PartnerContact } from '@pv/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, partnerCertificates, partners, users } from '../../db/schema/index.ts';
import { chinaDate } from '../inspection/generate.ts';

/** A 统一社会信用代码 from its 17-character body (the check character computed). */
const code = (body: string) => body + creditCodeCheck(body)!;
/** A corporate account number (no check digit) for the demo. */
const account = (n: number) => `3700${String(16189000500 + n * 7919).padStart(14, '0')}`;

type Kind = 'financier' | 'installer' | 'supplier' | 'insurer' | 'other';
interface DemoPartner {
  name: string;
  kind: Kind;
  body: string;
  city: string;
  contacts: PartnerContact[];
  certs: Array<{ name: string; cert_type: string; cert_no: string; days: number }>;
  /** the demo agent this partner is (agents.code) */
  agent?: string;
  /** the demo team user this partner is (users.username) */
  team?: string;
}

const c = (name: string, phone: string, role: string, primary = false): PartnerContact => ({ name, phone, role, primary });

const DEMO_PARTNERS: DemoPartner[] = [
  { name: '齐鲁绿色能源融资租赁有限公司', kind: 'financier', body: '91370100MA3C4F2K1', city: '370100', contacts: [c('孟庆华', '13905311201', '业务总监', true), c('韩雪', '0531-86661234', '资金结算')], certs: [{ name: '融资租赁业务经营许可', cert_type: '经营许可', cert_no: '鲁融租[2022]018号', days: 520 }] },
  { name: '华北光伏产业投资基金（有限合伙）', kind: 'financier', body: '91110108MA01TQ8R2', city: '110100', contacts: [c('高振宇', '13801011202', '投资经理', true)], certs: [] },
  { name: '山东阳光新能源有限公司', kind: 'installer', body: '91370100MA3D7K5L3', city: '370100', agent: 'SD001', contacts: [c('王建国', '13905310001', '总经理', true), c('刘工', '13905311203', '项目经理')], certs: [{ name: '承装（修、试）电力设施许可证', cert_type: '电力资质', cert_no: '5-2-00123-2021', days: 20 }, { name: '安全生产许可证', cert_type: '安全生产', cert_no: '(鲁)JZ安许证字[2024]010203', days: 400 }] },
  { name: '河南中原光伏科技有限公司', kind: 'installer', body: '91410100MA40XK2M4', city: '410100', agent: 'HN001', contacts: [c('陈德明', '13903710007', '总经理', true)], certs: [{ name: '建筑业企业资质证书（电力工程施工总承包三级）', cert_type: '建筑资质', cert_no: 'D341234567', days: 260 }] },
  { name: '鲁建光伏施工队（济南）', kind: 'installer', body: '92370100MA3E8P6N5', city: '370100', team: 'shigong', contacts: [c('孙师傅', '13800000003', '队长', true)], certs: [{ name: '特种作业操作证（高压电工）', cert_type: '人员资质', cert_no: 'T370102198001011234', days: -12 }] },
  { name: '晶辉光伏组件制造有限公司', kind: 'supplier', body: '91320300MA1N2R7P6', city: '320300', contacts: [c('徐立', '13905251204', '区域销售', true)], certs: [{ name: 'CQC 光伏组件产品认证', cert_type: '产品认证', cert_no: 'CQC21024301234', days: 700 }] },
  { name: '汇能逆变器科技股份有限公司', kind: 'supplier', body: '91340100MA2T3Q8R7', city: '340100', contacts: [c('方敏', '13905511205', '售后主管', true), c('售后热线', '0551-65551234', '售后')], certs: [] },
  { name: '中华联合财产保险股份有限公司山东分公司', kind: 'insurer', body: '91370000MA3F9R1T8', city: '370100', contacts: [c('邵磊', '13905311206', '客户经理', true)], certs: [{ name: '保险许可证', cert_type: '经营许可', cert_no: '000123370000', days: 900 }] },
  { name: '阳光光伏财产保险代理有限公司', kind: 'insurer', body: '91330700MA2U4W2X9', city: '330700', contacts: [c('叶青', '13905791207', '理赔专员', true)], certs: [] },
  { name: '泰山电力设计咨询有限公司', kind: 'other', body: '91370900MA3G1X3Y0', city: '370100', contacts: [c('宋宁', '13905381208', '设计负责人', true)], certs: [{ name: '工程设计资质证书（电力行业乙级）', cert_type: '设计资质', cert_no: 'A237012345', days: 45 }] },
];

/**
 * The demo's partners: two or more of each kind with contacts, a corporate account and certificates —
 * one expiring in 20 days (the expiry job's reminder), one past its date — and the demo agents
 * SD001 and HN001 and the demo team linked to the partner records they are. Owned by 运营客服 kefu.
 */
export async function seedDemoPartners(db: Db, now = new Date()) {
  const today = chinaDate(now);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const [kefu] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'kefu'));
  const codes = [...new Set(DEMO_PARTNERS.map((p) => p.agent).filter((v): v is string => !!v))];
  const agentIds = new Map((codes.length ? await db.select({ id: agents.id, code: agents.code }).from(agents).where(inArray(agents.code, codes)) : []).map((a) => [a.code, a.id]));
  let n = 0;
  for (const p of DEMO_PARTNERS) {
    n++;
    const [row] = await db
      .insert(partners)
      .values({
        name: p.name,
        kind: p.kind,
        credit_code: code(p.body),
        province_code: p.city.slice(0, 2) + '0000',
        city_code: p.city,
        contacts: p.contacts,
        contact_phones: p.contacts.map((x) => x.phone).join(' '),
        account_type: 'corporate',
        account_holder: p.name,
        bank_name: n % 2 ? '中国农业银行' : '中国工商银行',
        bank_branch: '营业部',
        account_no: account(n),
        owner_id: kefu?.id ?? null,
        created_by: admin?.id ?? null,
      })
      .returning({ id: partners.id });
    for (const cert of p.certs) {
      await db.insert(partnerCertificates).values({ partner_id: row!.id, name: cert.name, cert_type: cert.cert_type, cert_no: cert.cert_no, issued_on: addDays(today, cert.days - 3 * 365), expires_on: addDays(today, cert.days), expired: cert.days < 0 });
    }
    const agentId = p.agent ? agentIds.get(p.agent) : undefined;
    if (agentId) await db.update(agents).set({ partner_id: row!.id }).where(eq(agents.id, agentId));
    if (p.team) await db.update(users).set({ partner_id: row!.id }).where(eq(users.username, p.team));
  }
}
