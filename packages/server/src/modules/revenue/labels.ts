/** Field labels of tariffs and revenue (http/labels.ts names fields in validation messages with them); the settlement sheet's columns name themselves (excel/import.ts). */
export const REVENUE_FIELD_LABELS: Record<string, [zh: string, en: string]> = {
  price: ['燃煤基准价', 'Benchmark price'],
  effective_from: ['生效日期', 'Effective from'],
  effective_to: ['失效日期', 'Effective to'],
  utilisation_hours: ['年等效利用小时', 'Utilisation hours per year'],
  period_gte: ['开始月份', 'First month'],
  period_lte: ['结束月份', 'Last month'],
  meter_no: ['电表号', 'Meter no.'],
  station_code: ['电站编码', 'Station code'],
  kwh: ['上网电量(千瓦时)', 'Energy (kWh)'],
  actual_kwh: ['实际电量', 'Actual energy'],
  actual_amount: ['实际收益', 'Actual revenue'],
  underperform_pct: ['偏低阈值', 'Under-performance threshold'],
  under_performing: ['收益偏低', 'Under-performing'],
  settled: ['已结算', 'Settled'],
  keyword: ['关键字', 'Keyword'],
  active_on: ['生效于', 'In force on'],
};
