import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { stations } from '../../db/schema/index.ts';
import { asDb, bodyOf, defineRecordType } from '../../lifecycle/records.ts';
import { RevenueActions } from './actions.ts';
import { revenueResource } from './resource.ts';

const actions = (c: { tx: Queryable }) => new RevenueActions(asDb(c.tx));

/**
 * 收益 (one station's month) as a record type of processes: its settled actuals corrected (which may
 * need approval: a correction changes what finance reports), or a maintenance order opened for an
 * under-performing month.
 */
export const revenueRecordType = defineRecordType({
  code: 'revenue',
  label: { zh: '电站收益（月）', en: 'Station revenue (month)' },
  resource: revenueResource,
  state: null,
  name: async (tx, row) => {
    const [s] = await tx.select({ code: stations.code }).from(stations).where(eq(stations.id, row.station_id as number));
    return `${s?.code ?? `#${String(row.station_id)}`} ${String(row.period)}`;
  },
  link: '/finance/revenueList?id={id}',
  actions: {
    correct: {
      label: { zh: '更正实际收益', en: 'correct the actuals' },
      params: {
        actual_kwh: { label: { zh: '实际上网电量（千瓦时）', en: 'Actual kWh' }, kind: 'number', required: true },
        actual_amount: { label: { zh: '实际收益', en: 'Actual amount' }, kind: 'money', required: true },
        reason: { label: { zh: '更正原因', en: 'Reason' }, required: true },
      },
      run: (c) => actions(c).correct(bodyOf(c, { actual_kwh: c.params.actual_kwh, actual_amount: c.params.actual_amount, reason: c.params.reason ?? c.reason }), c.auth, c.actor),
    },
    maintenance: {
      label: { zh: '转运维工单', en: 'open a maintenance order' },
      run: (c) => actions(c).maintenance({ id: c.record.id }, c.auth, c.actor),
    },
  },
  events: {
    'revenue.corrected': { label: { zh: '收益已更正', en: 'Revenue corrected' }, match: ['under_performing'] },
  },
});
