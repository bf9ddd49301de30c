import { CITIES, PROVINCES } from '@pv/contract';

/**
 * Set-based generators: each function returns ONE SQL statement that inserts many rows with
 * INSERT ... SELECT ... FROM generate_series, so a million customers never cross the wire row by
 * row. Used by the first-start demo data and by `pnpm seed`. Randomness is PostgreSQL's random().
 */

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚华建国志文斌海燕红梅玉凤德春生东永林峰鹏辉亮成俊宇浩婷雪琳欣佳怡丹萍波荣新庆福贵宝金秋冬桂珍淑素英秀云莲晓立家振学保长';
const STREETS = ['人民路', '建设路', '解放路', '新华街', '胜利路', '幸福路', '中山路', '和平街', '光明路', '东风路', '文化路', '振兴街'];
const VILLAGES = ['王庄村', '李家村', '张营村', '东河村', '西坡村', '南岗村', '北湖村', '前进村', '红旗村', '柳树村', '杨屯村', '新庄村', '大河村', '小王村'];
const TOWNS = ['城关镇', '新城镇', '河东镇', '柳林镇', '古城镇', '大营镇', '白马镇', '双庙镇', '清河镇', '高庄镇'];
const LOST_REASONS = ['屋顶承重不足', '家人不同意', '选择了其他品牌', '收益预期不符', '房屋计划拆迁', '联系不上'];
const FOLLOW_CONTENT = [
  '电话沟通，客户对屋顶租赁模式感兴趣，约下周上门',
  '上门查看屋顶，朝南无遮挡，面积约80平方米',
  '客户咨询光伏贷月供和收益，已发送测算表',
  '微信发送方案和合同样本，客户与家人商量中',
  '客户关心并网时间和补贴，已解释当地政策',
  '再次回访，客户表示等秋收后再定',
  '客户要求现场踏勘，已安排技术人员',
  '客户对全款模式收益满意，准备签约',
];
const MODULE_MODELS = ['LR5-72HPH-550M', 'JKM550M-72HL4', 'TSM-DE19-550', 'JAM72S30-550/MR', 'CS6W-550MS'];
const INVERTERS = ['SUN2000-20KTL', 'GW20K-DT', 'SG20RT', 'GCI-20K-5G', 'MOD 20KTL3-X'];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (items: readonly string[]) => `array[${items.map(q).join(',')}]::text[]`;
const chars = (s: string) => [...s];
/** one element of a text array at a uniformly random position, using the given random column */
const pick = (a: string, r: string) => `(${a})[1 + floor(${r} * array_length(${a}, 1))::int]`;

/** Cities usable for customers (mainland, from the contract's CITIES) with their province names. */
export const CITY_ROWS = CITIES.map((c) => {
  const p = PROVINCES.find((p) => p.code.slice(0, 2) === c.code.slice(0, 2))!;
  return { code: c.code, province_code: p.code, name: c.zh, province_name: p.zh };
});

const cityValues = () =>
  `(values ${CITY_ROWS.map((c) => `(${q(c.code)}, ${q(c.province_code)}, ${q(c.name)}, ${q(c.province_name)})`).join(',')}) as cn(code, province_code, name, province_name)`;

/** GB 11643 check digit of an expression yielding 17 digits. */
function idCardCheck(base: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = w.map((weight, i) => `substr(${base}, ${i + 1}, 1)::int * ${weight}`).join(' + ');
  return `substr('10X98765432', ((${sum}) % 11) + 1, 1)`;
}

const chineseName = (r1: string, r2: string, r3: string) =>
  `${pick(arr(chars(SURNAMES)), r1)} || ${pick(arr(chars(GIVEN)), r2)} || case when ${r3} < 0.7 then ${pick(arr(chars(GIVEN)), `((${r3} * 7919) - floor(${r3} * 7919))`)} else '' end`;

const phone = (r: string, r2: string) =>
  `'1' || ${pick(arr(['30', '31', '32', '33', '35', '36', '37', '38', '39', '50', '51', '52', '55', '56', '58', '59', '77', '80', '81', '82', '86', '87', '88', '89', '91', '99']), r)} || lpad(floor(${r2} * 100000000)::int::text, 8, '0')`;

/**
 * Agents: a quarter top-level, the rest children of a random top-level agent in the same province.
 * Codes continue after the highest existing code number.
 */
export function agentsSql(count: number, createdBy: number | null): string[] {
  const top = Math.max(1, Math.ceil(count / 4));
  const rest = count - top;
  const cities = CITY_ROWS.filter((c) => !['110100', '120100', '310100', '500100', '540100'].includes(c.code));
  const words = ['阳光', '光能', '绿源', '日升', '晶科', '华耀', '金阳', '清源', '天合', '瑞能', '光合', '恒昌'];
  const topSql = `insert into agents (code, name, parent_id, contact, phone, province_code, city_code, status, deposit, bank_name, bank_account, created_by, created_at, updated_at)
    select 'AG' || lpad((base.n + g)::text, 6, '0'),
           replace(c.name, '市', '') || ${pick(arr(words), 'x.r1')} || '新能源科技有限公司',
           null, ${chineseName('x.r2', 'x.r3', 'x.r4')}, ${phone('x.r5', 'x.r6')}, c.province_code, c.code,
           case when x.r7 < 0.9 then 'enabled' when x.r7 < 0.95 then 'pending' else 'disabled' end,
           (50000 + floor(x.r8 * 20) * 10000)::numeric(14,2), '中国农业银行', '6228' || lpad(floor(x.r8 * 1e12)::bigint::text, 15, '0'),
           ${createdBy ?? 'null'}, now() - (x.r9 * interval '900 days'), now()
    from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8, random() r9, random() rc
          from generate_series(1, ${top}) g) x
    cross join (select coalesce(max(substr(code, 3)::int), 0) as n from agents where code ~ '^AG[0-9]+$') base
    join (select row_number() over () - 1 as i, * from (values ${cities.map((c) => `(${q(c.code)}, ${q(c.province_code)}, ${q(c.name)})`).join(',')}) v(code, province_code, name)) c
      on c.i = floor(x.rc * ${cities.length})::int`;
  const childSql = `insert into agents (code, name, parent_id, contact, phone, province_code, city_code, status, deposit, created_by, created_at, updated_at)
    select 'AG' || lpad((base.n + g)::text, 6, '0'),
           p.name_prefix || ${pick(arr(words), 'x.r1')} || '光伏服务站',
           p.id, ${chineseName('x.r2', 'x.r3', 'x.r4')}, ${phone('x.r5', 'x.r6')}, p.province_code, p.city_code,
           case when x.r7 < 0.9 then 'enabled' else 'pending' end, 20000, ${createdBy ?? 'null'}, now() - (x.r9 * interval '600 days'), now()
    from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r9, random() rp
          from generate_series(1, ${rest}) g) x
    cross join (select coalesce(max(substr(code, 3)::int), 0) as n from agents where code ~ '^AG[0-9]+$') base
    cross join (select array_agg(id order by id) ids from agents where parent_id is null) tops
    join (select id, province_code, city_code, left(name, 2) as name_prefix from agents) p
      on p.id = tops.ids[1 + floor(x.rp * array_length(tops.ids, 1))::int]`;
  return rest > 0 ? [topSql, childSql] : [topSql];
}

export interface CustomerGenOptions {
  count: number;
  /** share of customers entered through an agent (the rest come by phone, events, referrals, the app) */
  agentShare?: number;
  createdBy?: number | null;
  /** users to assign as 跟进人 (owner), at random; empty = none */
  ownerIds?: number[];
  /** share of formal (signed) customers; default 0.35 */
  formalShare?: number;
  /** spread of created_at back from now */
  days?: number;
}

/**
 * Customers across both stages and every status. Agent customers live in their agent's city; the
 * others in a random city. ~35 % formal (signed), the rest intentional in new/following/surveyed/lost.
 */
export function customersSql(o: CustomerGenOptions): string {
  const agentShare = o.agentShare ?? 0.75;
  const days = o.days ?? 540;
  const f = o.formalShare ?? 0.35;
  // the intentional rest splits 26 % new, 37 % following, 22 % surveyed, 15 % lost
  const cut = (share: number) => (f + (1 - f) * share).toFixed(4);
  const owners = o.ownerIds?.length ? `array[${o.ownerIds.join(',')}]::int[]` : null;
  const idBase = `cn.code || to_char(date '1955-01-01' + floor(x.r9 * 16000)::int, 'YYYYMMDD') || lpad(floor(x.r10 * 1000)::int::text, 3, '0')`;
  return `insert into customers (name, phone, id_card, province_code, city_code, address, roof_type, roof_area_m2, has_property_deed,
      estimated_kwp, source, agent_id, owner_id, stage, status, lost_reason, app_enabled, business_mode, financier, bank_name, bank_card,
      signed_at, remark, created_by, created_at, updated_at)
    select y.name, y.phone,
           case when y.r11 < 0.6 then y.idb || ${idCardCheck('y.idb')} end,
           y.province_code, y.city_code, y.address, y.roof_type, y.roof_area, y.deed, y.kwp, y.source, y.agent_id, y.owner_id,
           y.stage, y.status,
           case when y.status = 'lost' then ${pick(arr(LOST_REASONS), 'y.r12')} end,
           y.stage = 'formal' and y.r12 < 0.8,
           case when y.stage = 'formal' then (array['lease','lease','lease','purchase','loan'])[1 + floor(y.r13 * 5)::int] end,
           case when y.stage = 'formal' and y.r13 < 0.6 then (array['正泰安能','天合富家','创维光伏','中信金租'])[1 + floor(y.r12 * 4)::int] end,
           case when y.stage = 'formal' then (array['中国农业银行','中国邮政储蓄银行','农村信用社','中国建设银行'])[1 + floor(y.r14 * 4)::int] end,
           case when y.stage = 'formal' then '6228' || lpad(floor(y.r14 * 1e15)::bigint::text, 15, '0') end,
           case when y.stage = 'formal' then y.created_at + (now() - y.created_at) * y.r15 end,
           null, ${o.createdBy ?? 'null'}, y.created_at, y.created_at
    from (
      select ${chineseName('x.r1', 'x.r2', 'x.r3')} as name,
             ${phone('x.r4', 'x.r5')} as phone,
             ${idBase} as idb,
             cn.province_code, cn.code as city_code,
             cn.province_name || cn.name || case when x.r6 < 0.5
               then ${pick(arr(TOWNS), 'x.r7')} || ${pick(arr(VILLAGES), 'x.r8')} || (1 + floor(x.r9 * 120)::int) || '号'
               else ${pick(arr(STREETS), 'x.r7')} || (1 + floor(x.r8 * 300)::int) || '号' end as address,
             (array['flat','pitched','color_steel','tile'])[1 + floor(x.r10 * 4)::int] as roof_type,
             round((40 + x.r11 * 160)::numeric, 2) as roof_area,
             x.r12 < 0.85 as deed,
             round((10 + x.r13 * 50)::numeric, 2) as kwp,
             case when x.agent_id is not null then 'agent' else (array['phone','event','referral','app'])[1 + floor(x.r14 * 4)::int] end as source,
             x.agent_id,
             ${owners ? `case when x.r15 < 0.5 then (${owners})[1 + floor(x.r16 * array_length(${owners}, 1))::int] end` : 'null::int'} as owner_id,
             case when x.rs < ${f} then 'formal' else 'intentional' end as stage,
             case when x.rs < ${f} then 'signed' when x.rs < ${cut(0.26)} then 'new' when x.rs < ${cut(0.63)} then 'following'
                  when x.rs < ${cut(0.85)} then 'surveyed' else 'lost' end as status,
             now() - (power(x.rt, 1.3) * interval '${days} days') as created_at,
             x.r11, x.r12, x.r13, x.r14, x.r15
      from (
        select x0.*, coalesce(a.city_code, (${arr(CITY_ROWS.map((c) => c.code))})[1 + x0.ci]) as city
        from (
          select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8, random() r9,
                 random() r10, random() r11, random() r12, random() r13, random() r14, random() r15, random() r16, random() rs, random() rt,
                 case when random() < ${agentShare} and array_length(ag.ids, 1) > 0 then ag.ids[1 + floor(random() * array_length(ag.ids, 1))::int] end as agent_id,
                 floor(random() * ${CITY_ROWS.length})::int as ci
          from generate_series(1, ${o.count}) g
          cross join (select coalesce(array_agg(id order by id), '{}') ids from agents where status = 'enabled') ag
        ) x0
        left join agents a on a.id = x0.agent_id
      ) x
      join ${cityValues()} on cn.code = x.city
    ) y`;
}

/** Stations for formal customers created after `afterCustomerId` (one each), up to `count`. */
export function stationsSql(count: number, afterCustomerId: number, createdBy: number | null): string {
  return `insert into stations (code, name, customer_id, agent_id, province_code, city_code, address, capacity_kwp, module_count, module_model,
      module_power_w, inverter_model, inverter_sn, tilt_deg, azimuth, grid_mode, grid_voltage, built_at, grid_at, status, frozen, created_by, created_at, updated_at)
    select 'PV' || c.province_code::text || lpad(c.id::text, 9, '0'),
           c.name || '户用电站', c.id, c.agent_id, c.province_code, c.city_code, c.address, x.kwp,
           ceil(x.kwp * 1000 / x.pw)::int, ${pick(arr(MODULE_MODELS), 'x.r1')}, x.pw, ${pick(arr(INVERTERS), 'x.r2')},
           'SN' || upper(substr(md5(c.id::text || x.r3::text), 1, 12)),
           round((15 + x.r3 * 20)::numeric, 2), round((170 + x.r4 * 20)::numeric, 2),
           case when x.r5 < 0.8 then 'self_use' else 'full' end,
           case when x.kwp > 40 then '380V' else '220V' end,
           -- construction approved (待并网 and later) some weeks after signing, never in the future
           case when x.st in ('grid_pending','grid_review','grid_rejected','grid_connected','operating')
                then least(c.signed_at + (x.r6 * 40 + 20) * interval '1 day', now() - interval '2 day') end,
           case when x.st in ('grid_connected','operating') then least(c.signed_at + (x.r6 * 90 + 30) * interval '1 day', now() - interval '1 day') end,
           x.st, x.r7 < 0.02, ${createdBy ?? 'null'}, c.signed_at, c.signed_at
    from (
      select id, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
             round((10 + random() * 50)::numeric, 2) as kwp,
             (array[450, 540, 550, 580])[1 + floor(random() * 4)::int] as pw,
             (array['survey_pending','designing','build_pending','building','build_review','build_rejected','grid_pending',
                    'grid_review','grid_rejected','grid_connected','operating','operating','operating','operating','grid_connected','terminated'])
               [1 + floor(random() * 16)::int] as st
      from (select id from customers where stage = 'formal' and id > ${afterCustomerId} order by id limit ${count}) f
    ) x
    join customers c on c.id = x.id`;
}

/** The digits of a document number as nextNumber() writes them: at least 6, never cut (lpad would cut). */
const docNo = (n: string) => `lpad(${n}::text, greatest(6, length(${n}::text)), '0')`;

/** An int[] literal of team user ids; an order picks `teams[1 + station id mod n]`. */
const teamArray = (teamIds: readonly number[]) => `'{${teamIds.join(',')}}'::int[]`;
const teamOf = (teamIds: readonly number[], idExpr: string) => `(${teamArray(teamIds)})[1 + (${idExpr}) % ${teamIds.length}]`;

/**
 * Team accounts (施工队) for large seeds: users `team00001`… with the `team` role. Their password
 * hash is not a valid hash, so nobody signs in as them; they exist to be dispatched to.
 */
export function teamsSql(count: number): string[] {
  return [
    `insert into users (username, password_hash, full_name, phone, identity, status)
       select 'team' || lpad((coalesce((select max(substr(username, 5)::int) from users where username ~ '^team[0-9]+$'), 0) + i)::text, 5, '0'),
              '!', ${pick(arr(chars(SURNAMES)), 'random()')} || '师傅施工队', '138' || lpad((10000000 + i)::text, 8, '0'), 'staff', 'enabled'
       from generate_series(1, ${count}) i`,
    `insert into user_roles (user_id, role_id)
       select u.id, r.id from users u cross join roles r
       where u.username ~ '^team[0-9]+$' and r.code = 'team'
       on conflict do nothing`,
  ];
}

/**
 * Work orders and self-audits that agree with each station's status: a construction order for
 * every station from 待施工 on, a grid-connection order from 待并网 on, dispatched to one of
 * `teamIds`; a self-audit for every order that reached review. Only stations with id above
 * `afterStationId` (the ones a seed run just made). Numbers continue doc_no_seq.
 */
export function workOrdersSql(teamIds: readonly number[], reviewerId: number, afterStationId = 0): string[] {
  const buildStatus = `case s.status when 'build_pending' then 'pending_dispatch' when 'building' then 'in_progress'
      when 'build_review' then 'audit_pending' when 'build_rejected' then 'rejected' else 'completed' end`;
  const gridStatus = `case s.status when 'grid_pending' then 'pending_dispatch' when 'grid_review' then 'audit_pending'
      when 'grid_rejected' then 'rejected' else 'completed' end`;
  // a moment K days after the station was created, but never in the future (recent stations)
  const at = (k: number) => `least(s.created_at + interval '${k} day', now() - interval '${60 - k} hour')`;
  const order = (kind: 'build' | 'grid', prefix: string, status: string, states: string, days: number) =>
    `insert into work_orders (order_no, kind, station_id, agent_id, province_code, city_code, district_code, team_id, dispatch_type,
        planned_date, deadline, dispatched_at, dispatched_by, accepted_at, started_at, submitted_at, finished_at, audit_count, status, created_by, created_at, updated_at)
      select '${prefix}' || to_char(${at(days)}, 'YYYYMMDD') || ${docNo('x.no')},
        '${kind}', s.id, s.agent_id, s.province_code, s.city_code, s.district_code,
        case when x.st = 'pending_dispatch' then null else ${teamOf(teamIds, 's.id')} end, 'manual',
        (${at(days + 3)})::date,
        case when x.st = 'pending_dispatch' then null else s.created_at + interval '${days + 20} day' end,
        case when x.st = 'pending_dispatch' then null else ${at(days + 1)} end,
        case when x.st = 'pending_dispatch' then null else ${reviewerId} end,
        case when x.st = 'pending_dispatch' then null else ${at(days + 2)} end,
        case when x.st in ('pending_dispatch') then null else ${at(days + 3)} end,
        case when x.st in ('audit_pending','rejected','completed') then ${at(days + 10)} end,
        case when x.st = 'completed' then ${at(days + 12)} end,
        case when x.st in ('audit_pending','rejected','completed') then 1 else 0 end,
        x.st, ${reviewerId}, ${at(days)}, ${at(days + 12)}
      from stations s cross join lateral (select ${status} as st, nextval('doc_no_seq') as no) x
      where s.status in (${states}) and s.id > ${afterStationId}`;
  const later = `'grid_pending','grid_review','grid_rejected','grid_connected','operating'`;
  const audits = `insert into self_audits (work_order_id, kind, station_id, agent_id, province_code, city_code, district_code, attempt, items, note,
        submitted_by, submitted_at, reviewer_id, reviewed_at, result, reject_reason, created_by, created_at, updated_at)
      select w.id, w.kind, w.station_id, w.agent_id, w.province_code, w.city_code, w.district_code, 1,
        case w.kind when 'build' then jsonb_build_array(
            jsonb_build_object('key','module_nameplate','file_ids','[]'::jsonb),
            jsonb_build_object('key','inverter_nameplate','file_ids','[]'::jsonb),
            jsonb_build_object('key','inverter_sn','value', s.inverter_sn),
            jsonb_build_object('key','tilt','value', s.tilt_deg::text),
            jsonb_build_object('key','safety_nodes','file_ids','[]'::jsonb),
            jsonb_build_object('key','property_deed','file_ids','[]'::jsonb))
          else jsonb_build_array(
            jsonb_build_object('key','grid_certificate','file_ids','[]'::jsonb),
            jsonb_build_object('key','meter_number','value', '3701' || lpad(s.id::text, 8, '0')),
            jsonb_build_object('key','ppa','file_ids','[]'::jsonb),
            jsonb_build_object('key','acceptance_opinion','value','验收合格')) end,
        '演示数据', w.team_id, w.submitted_at,
        case when w.status in ('rejected','completed') then ${reviewerId} end,
        case when w.status in ('rejected','completed') then least(w.submitted_at + interval '1 day', now() - interval '1 hour') end,
        case w.status when 'completed' then 'approved' when 'rejected' then 'rejected' else 'pending' end,
        case when w.status = 'rejected' then '照片不清晰，请重新拍摄' end,
        w.team_id, w.submitted_at, w.updated_at
      from work_orders w join stations s on s.id = w.station_id
      where w.status in ('audit_pending','rejected','completed') and w.station_id > ${afterStationId}`;
  return [
    order('build', 'SG', buildStatus, `'build_pending','building','build_review','build_rejected',${later}`, 5),
    order('grid', 'BW', gridStatus, later, 25),
    audits,
  ];
}

/**
 * Closed orders of the past for stations with id above `afterStationId`, `count` in all: orders a
 * team refused or that were cancelled and reissued (the station's live order is workOrdersSql's).
 * Cancelled, with the reason and the time, so they page and filter like any other order.
 */
export function historyOrdersSql(count: number, afterStationId: number, teamIds: readonly number[], createdBy: number | null): string {
  return `insert into work_orders (order_no, kind, station_id, agent_id, province_code, city_code, district_code, team_id, dispatch_type,
        deadline, dispatched_at, dispatched_by, cancelled_at, cancel_reason, status, created_by, created_at, updated_at)
      select case x.kind when 'build' then 'SG' else 'BW' end || to_char(x.at, 'YYYYMMDD') || ${docNo('x.no')},
        x.kind, s.id, s.agent_id, s.province_code, s.city_code, s.district_code, ${teamOf(teamIds, 's.id + x.k')}, 'manual',
        x.at + interval '20 day', x.at + interval '1 hour', ${createdBy ?? 'null'}, x.at + interval '3 day',
        (array['施工队档期冲突，改派','客户要求改期','屋顶复勘后重新派单','施工队拒单'])[1 + x.k % 4],
        'cancelled', ${createdBy ?? 'null'}, x.at, x.at + interval '3 day'
      from (
        select g.k, nextval('doc_no_seq') as no, 1 + floor(random() * s.n)::int + ${afterStationId} as sid,
               case when random() < 0.6 then 'build' else 'grid' end as kind,
               now() - random() * interval '900 days' as at
        from generate_series(1, ${count}) g(k)
        cross join (select count(*) n from stations where id > ${afterStationId}) s
      ) x
      join stations s on s.id = x.sid`;
}

/** Follow-up records for non-new customers created after `afterCustomerId`, up to `count`. */
export function followUpsSql(count: number, afterCustomerId: number): string {
  return `insert into customer_follow_ups (customer_id, way, content, next_date, created_by, created_at, updated_at)
    select c.id, (array['phone','visit','wechat','sms'])[1 + floor(x.r1 * 4)::int], ${pick(arr(FOLLOW_CONTENT), 'x.r2')},
           case when x.r3 < 0.5 then (c.created_at + (x.r4 * 30 + 7) * interval '1 day')::date end,
           coalesce(c.owner_id, c.created_by), c.created_at + (now() - c.created_at) * x.r4 * 0.5, c.created_at + (now() - c.created_at) * x.r4 * 0.5
    from (select c.id, random() r1, random() r2, random() r3, random() r4
          from customers c cross join generate_series(1, 2) k
          where c.id > ${afterCustomerId} and c.status <> 'new'
          limit ${count}) x
    join customers c on c.id = x.id`;
}

/**
 * Bulk variant for `pnpm seed` (millions of rows). Per-row string building is the slow part on
 * PGlite (WASM), so the expensive values are generated once into small pool tables — names,
 * and per city: address + a valid ID card — and each customer only draws integer keys and joins
 * them (hash joins). Run the statements in ONE transaction: the pools are temp tables.
 */
const POOL_PER_CITY = 200;
const NAME_POOL = 20000;

export function bulkPoolsSql(): string[] {
  const idBase = `cn.code || to_char(date '1955-01-01' + floor(random() * 16000)::int, 'YYYYMMDD') || lpad(floor(random() * 1000)::int::text, 3, '0')`;
  return [
    `create temp table seed_names on commit drop as
       select i - 1 as i, ${chineseName('r1', 'r2', 'r3')} as name
       from (select i, random() r1, random() r2, random() r3 from generate_series(1, ${NAME_POOL}) i) x`,
    `create temp table seed_cities on commit drop as
       select row_number() over () - 1 as ci, cn.* from ${cityValues()}`,
    `create temp table seed_places on commit drop as
       select c.ci * ${POOL_PER_CITY} + k - 1 as i, c.code as city_code, c.province_code,
              c.province_name || c.name || case when random() < 0.5
                then ${pick(arr(TOWNS), 'random()')} || ${pick(arr(VILLAGES), 'random()')} || (1 + floor(random() * 120)::int) || '号'
                else ${pick(arr(STREETS), 'random()')} || (1 + floor(random() * 300)::int) || '号' end as address,
              b.idb || ${idCardCheck('b.idb')} as id_card
       from seed_cities c cross join generate_series(1, ${POOL_PER_CITY}) k
       cross join lateral (select ${idBase.replace(/cn\.code/g, 'c.code')} || case when k < 0 then 'x' else '' end as idb) b`,
    `create temp table seed_agents on commit drop as
       select row_number() over (order by a.id) as j, a.id as agent_id, c.ci
       from agents a join seed_cities c on c.code = a.city_code where a.status = 'enabled'`,
    `analyze seed_names`,
    `analyze seed_places`,
    `analyze seed_agents`,
  ];
}

export function bulkCustomersSql(count: number, createdBy: number | null, days = 1500, formalShare = 0.35): string {
  const f = formalShare;
  const cut = (share: number) => (f + (1 - f) * share).toFixed(4);
  return `insert into customers (name, phone, id_card, province_code, city_code, address, roof_type, roof_area_m2, has_property_deed,
      estimated_kwp, source, agent_id, stage, status, lost_reason, app_enabled, business_mode, bank_name, bank_card,
      signed_at, created_by, created_at, updated_at)
    select n.name, (13000000000 + floor(x.r1 * 6999999999))::bigint::text,
           case when x.r2 < 0.6 then p.id_card end, p.province_code, p.city_code, p.address,
           (array['flat','pitched','color_steel','tile'])[1 + floor(x.r3 * 4)::int],
           (4000 + floor(x.r4 * 16000)) / 100.0, x.r5 < 0.85, (1000 + floor(x.r6 * 5000)) / 100.0,
           case when sa.agent_id is not null then 'agent' else (array['phone','event','referral','app'])[1 + floor(x.r7 * 4)::int] end,
           sa.agent_id, x.stage, x.status,
           case when x.status = 'lost' then (${arr(LOST_REASONS)})[1 + floor(x.r8 * ${LOST_REASONS.length})::int] end,
           x.stage = 'formal' and x.r8 < 0.8,
           case when x.stage = 'formal' then (array['lease','lease','lease','purchase','loan'])[1 + floor(x.r9 * 5)::int] end,
           case when x.stage = 'formal' then (array['中国农业银行','中国邮政储蓄银行','农村信用社','中国建设银行'])[1 + floor(x.r9 * 4)::int] end,
           case when x.stage = 'formal' then (6228000000000000000 + floor(x.r10 * 999999999999999))::bigint::text end,
           case when x.stage = 'formal' then x.created_at + (now() - x.created_at) * x.r10 end,
           ${createdBy ?? 'null'}, x.created_at, x.created_at
    from (
      select random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8, random() r9, random() r10,
             case when random() < 0.75 then 1 + floor(random() * ac.n)::int end as aj,
             floor(random() * ${NAME_POOL})::int as ni, floor(random() * ${POOL_PER_CITY})::int as k, floor(random() * cc.n)::int as ci,
             case when s < ${f} then 'formal' else 'intentional' end as stage,
             case when s < ${f} then 'signed' when s < ${cut(0.26)} then 'new' when s < ${cut(0.63)} then 'following'
                  when s < ${cut(0.85)} then 'surveyed' else 'lost' end as status,
             now() - (t * interval '${days} days') as created_at
      from (select random() s, random() t from generate_series(1, ${count})) g
      cross join (select count(*) n from seed_agents) ac
      cross join (select count(*) n from seed_cities) cc
    ) x
    left join seed_agents sa on sa.j = x.aj
    join seed_names n on n.i = x.ni
    join seed_places p on p.i = coalesce(sa.ci, x.ci) * ${POOL_PER_CITY} + x.k`;
}
