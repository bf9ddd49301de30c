import type { Lang } from './i18n.ts';

/** An enum whose values are stored codes and whose labels are shown in zh or en. */
export type LabelledEnum<V extends string> = Readonly<Record<V, Readonly<Record<Lang, string>>>>;

export function labelled<const V extends string>(table: LabelledEnum<V>) {
  const values = Object.keys(table) as [V, ...V[]];
  return {
    values,
    labels: table,
    label: (value: V | string | null | undefined, lang: Lang): string =>
      value && value in table ? table[value as V][lang] : String(value ?? ''),
    choices: (lang: Lang) => values.map((id) => ({ id, name: table[id][lang] })),
  };
}

export const CustomerStage = labelled({
  intentional: { zh: '意向客户', en: 'Intentional' },
  formal: { zh: '正式客户', en: 'Formal' },
});

/** 新建 → 跟进中 → 已踏勘 → 已签约 (formal); any → 已流失. */
export const CustomerStatus = labelled({
  new: { zh: '新建', en: 'New' },
  following: { zh: '跟进中', en: 'Following up' },
  surveyed: { zh: '已踏勘', en: 'Surveyed' },
  signed: { zh: '已签约', en: 'Signed' },
  lost: { zh: '已流失', en: 'Lost' },
});

export const CustomerSource = labelled({
  agent: { zh: '代理商录入', en: 'Agent entry' },
  phone: { zh: '电话', en: 'Phone' },
  event: { zh: '活动', en: 'Event' },
  referral: { zh: '转介绍', en: 'Referral' },
  app: { zh: '光E宝', en: 'GuangEbao app' },
});

export const RoofType = labelled({
  flat: { zh: '平屋顶', en: 'Flat roof' },
  pitched: { zh: '斜屋顶', en: 'Pitched roof' },
  color_steel: { zh: '彩钢瓦', en: 'Colour-steel roof' },
  tile: { zh: '瓦屋面', en: 'Tiled roof' },
});

export const BusinessMode = labelled({
  lease: { zh: '屋顶租赁', en: 'Roof lease' },
  purchase: { zh: '全款', en: 'Full purchase' },
  loan: { zh: '光伏贷', en: 'PV loan' },
});

export const FollowUpWay = labelled({
  phone: { zh: '电话', en: 'Phone call' },
  visit: { zh: '上门拜访', en: 'Visit' },
  wechat: { zh: '微信', en: 'WeChat' },
  sms: { zh: '短信', en: 'SMS' },
});

export const AgentStatus = labelled({
  pending: { zh: '待审核', en: 'Pending review' },
  enabled: { zh: '启用', en: 'Enabled' },
  disabled: { zh: '停用', en: 'Disabled' },
});

/** Station lifecycle of DOMAIN.md. */
export const StationStatus = labelled({
  survey_pending: { zh: '待踏勘', en: 'Survey pending' },
  designing: { zh: '方案设计', en: 'Designing' },
  build_pending: { zh: '待施工', en: 'Awaiting construction' },
  building: { zh: '施工中', en: 'Under construction' },
  build_review: { zh: '完工待审', en: 'Completion review' },
  build_rejected: { zh: '完工驳回', en: 'Completion rejected' },
  grid_pending: { zh: '待并网', en: 'Awaiting grid connection' },
  grid_review: { zh: '并网待审', en: 'Grid review' },
  grid_rejected: { zh: '并网驳回', en: 'Grid rejected' },
  grid_connected: { zh: '已并网', en: 'Grid-connected' },
  operating: { zh: '运维中', en: 'Operating' },
  terminated: { zh: '终止', en: 'Terminated' },
});

export const GridMode = labelled({
  full: { zh: '全额上网', en: 'Full feed-in' },
  self_use: { zh: '自发自用余电上网', en: 'Self-use, surplus feed-in' },
});

export const GridVoltage = labelled({
  '220V': { zh: '220V', en: '220 V' },
  '380V': { zh: '380V', en: '380 V' },
  '10kV': { zh: '10kV', en: '10 kV' },
});

export const UserStatus = labelled({
  enabled: { zh: '启用', en: 'Enabled' },
  disabled: { zh: '停用', en: 'Disabled' },
});

export type CustomerStageValue = (typeof CustomerStage.values)[number];
export type CustomerStatusValue = (typeof CustomerStatus.values)[number];
export type StationStatusValue = (typeof StationStatus.values)[number];
