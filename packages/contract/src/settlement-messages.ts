/**
 * Messages of settlements 结算单 (issue 15), merged into the shared catalogue (i18n.ts) so the server
 * and the console say the same words. Kept in their own file: no imports, no cycles.
 */
export const SETTLEMENT_MESSAGES = {
  zh: {
    'validation.settlement_month': '月份格式不正确（如 2026-10）',
    'validation.settlement_rate': '单价须大于 0，最多 8 位整数、4 位小数',
    'validation.settlement_rule_level': '签约佣金须选择代理商级别（一级或二级），其他规则不区分级别',
    'validation.settlement_rule_range': '失效日期不能早于生效日期',
    'validation.settlement_resolve_amount': '采纳异议时须填写该明细应有的金额',
    'error.settlement_rule_overlap': '%{kind}（%{level}）已有规则在 %{from} 至 %{until} 生效，有效期不能重叠；新版本请从旧版本失效后开始',
    'error.settlement_rule_in_use_edit': '该规则已用于 %{n} 条结算明细，只能修改失效日期和备注；新单价请新建一个版本',
    'error.settlement_rule_in_use': '该规则已用于 %{n} 条结算明细，不能删除',
    'error.settlement_line_missing': '明细 %{line_id} 不属于结算单 %{settlement_no}',
    'error.settlement_line_state': '明细 %{line_id} 状态为“%{state}”，不能%{action}',
    'error.settlement_next_not_draft': '%{month} 的结算单 %{settlement_no} 已不是草稿，不能再加入调整明细',
    'error.settlement_month_future': '%{month} 还未开始，不能生成结算单',
    'error.settlement_lines_locked': '结算单已确认，明细不能再修改；更正请在下月结算单中调整',
    'error.settlement_in_batch': '结算单 %{settlement_no} 在付款批次 %{batch_no} 中，付款结果以该批次的银行结果为准',
  },
  en: {
    'validation.settlement_month': 'Not a month (e.g. 2026-10)',
    'validation.settlement_rate': 'The rate must be above 0, with up to 8 integer digits and 4 decimals',
    'validation.settlement_rule_level': 'A commission rule needs an agent level (1 or 2); other rules have none',
    'validation.settlement_rule_range': 'The end date cannot be before the start date',
    'validation.settlement_resolve_amount': 'Accepting a dispute needs the amount the line should have',
    'error.settlement_rule_overlap': '%{kind} (%{level}) already has a rule in force from %{from} to %{until}; periods cannot overlap, start a new version after the old one ends',
    'error.settlement_rule_in_use_edit': 'This rule priced %{n} settlement lines: only its end date and remark can change; a new rate is a new version',
    'error.settlement_rule_in_use': 'This rule priced %{n} settlement lines and cannot be deleted',
    'error.settlement_line_missing': 'Line %{line_id} is not a line of settlement %{settlement_no}',
    'error.settlement_line_state': 'Line %{line_id} is "%{state}" and cannot %{action}',
    'error.settlement_next_not_draft': 'The %{month} settlement %{settlement_no} is no longer a draft and cannot take an adjustment',
    'error.settlement_month_future': '%{month} has not started: no settlement can be generated',
    'error.settlement_lines_locked': 'The settlement is confirmed: its lines never change; correct it with an adjustment in a later month',
    'error.settlement_in_batch': 'Settlement %{settlement_no} is in payment batch %{batch_no}: that batch\'s bank result decides whether it is paid',
  },
} as const;
