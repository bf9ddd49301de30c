/**
 * Messages of the finance reports (issue 14), merged into the shared catalogue (i18n.ts) so the
 * server and the console say the same words. No imports, no cycles.
 */
export const FINANCE_MESSAGES = {
  zh: {
    'validation.month': '月份格式为 2026-05（年-月）',
    'validation.flag': '请填 1（是）或 0（否）',
    'validation.cursor': '翻页位置无效，请从第一页重新开始',
    'error.month_range_order': '结束月份不能早于开始月份',
    'error.month_range_long': '月份范围最多 %{max} 个月',
  },
  en: {
    'validation.month': 'A month is written 2026-05 (year-month)',
    'validation.flag': 'Use 1 (yes) or 0 (no)',
    'validation.cursor': 'Not a valid position in the list; start again from the first page',
    'error.month_range_order': 'The last month cannot be before the first one',
    'error.month_range_long': 'A month range covers at most %{max} months',
  },
} as const;
