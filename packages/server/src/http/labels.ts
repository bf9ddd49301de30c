import type { Lang } from '@pv/contract';

/**
 * Field labels used to name the field in a validation message (`手机号：请输入正确的手机号`).
 * Keys are API field names; one table for every resource (the names do not clash).
 */
const LABELS: Record<string, [zh: string, en: string]> = {
  id: ['ID', 'ID'],
  ids: ['ID列表', 'IDs'],
  version: ['版本', 'Version'],
  page: ['页码', 'Page'],
  limit: ['每页条数', 'Page size'],
  sort: ['排序字段', 'Sort field'],
  order: ['排序方向', 'Sort order'],
  q: ['关键字', 'Keyword'],
  field: ['字段', 'Field'],
  value: ['值', 'Value'],
  username: ['用户名', 'User name'],
  password: ['密码', 'Password'],
  refresh_token: ['刷新令牌', 'Refresh token'],
  old_password: ['原密码', 'Current password'],
  name: ['姓名', 'Name'],
  phone: ['手机号', 'Mobile number'],
  id_card: ['身份证', 'ID card'],
  province_code: ['省份', 'Province'],
  city_code: ['城市', 'City'],
  district_code: ['区县', 'District'],
  town_code: ['乡镇', 'Town'],
  address: ['详细地址', 'Address'],
  lng: ['经度', 'Longitude'],
  lat: ['纬度', 'Latitude'],
  roof_type: ['屋顶类型', 'Roof type'],
  roof_area_m2: ['屋顶面积', 'Roof area'],
  has_property_deed: ['房产证', 'Property deed'],
  estimated_kwp: ['预估容量', 'Estimated capacity'],
  source: ['来源', 'Source'],
  agent_id: ['代理商', 'Agent'],
  owner_id: ['跟进人', 'Owner'],
  stage: ['阶段', 'Stage'],
  status: ['状态', 'Status'],
  remark: ['备注', 'Remark'],
  app_enabled: ['光E宝账号', 'App account'],
  business_mode: ['业务模式', 'Business mode'],
  financier: ['资方', 'Financier'],
  bank_name: ['开户银行', 'Bank'],
  bank_card: ['银行卡号', 'Bank card'],
  signed_at: ['签约时间', 'Signed at'],
  created_at: ['创建时间', 'Created at'],
  created_at_gte: ['创建时间起', 'Created from'],
  created_at_lte: ['创建时间止', 'Created until'],
  signed_at_gte: ['签约时间起', 'Signed from'],
  signed_at_lte: ['签约时间止', 'Signed until'],
  customer_id: ['客户', 'Customer'],
  way: ['跟进方式', 'Follow-up way'],
  content: ['跟进内容', 'Content'],
  next_date: ['下次跟进日期', 'Next follow-up'],
  reason: ['流失原因', 'Reason lost'],
  code: ['编码', 'Code'],
  parent_id: ['上级代理', 'Parent agent'],
  contact: ['联系人', 'Contact'],
  // agents and products (h-agent)
  deposit: ['保证金', 'Deposit'],
  bank_account: ['结算账户', 'Settlement account'],
  top: ['一级代理', 'Top-level'],
  module_model: ['组件型号', 'Module model'],
  module_power_w: ['组件功率(W)', 'Module power (W)'],
  module_count: ['组件数量', 'Module count'],
  inverter_model: ['逆变器型号', 'Inverter model'],
  capacity_kwp: ['装机容量', 'Capacity'],
  enabled: ['启用', 'Enabled'],
  // messages (h-msg)
  title: ['标题', 'Title'],
  type: ['类型', 'Type'],
  level: ['级别', 'Level'],
  link: ['链接', 'Link'],
  recipient_id: ['接收人', 'Recipient'],
  read: ['已读', 'Read'],
};

export function fieldLabel(field: string | number | undefined, lang: Lang): string | null {
  if (field === undefined || typeof field === 'number') return null;
  const entry = LABELS[field];
  if (!entry) return field;
  return lang === 'zh' ? entry[0] : entry[1];
}
