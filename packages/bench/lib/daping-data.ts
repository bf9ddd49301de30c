/**
 * Statistics for the big screen that change every cycle (the benchmark answers the screen's calls
 * with these, so every refresh really moves counters, bars, the map and the feed). Deterministic:
 * cycle n always gives the same numbers.
 */
import { PROVINCES, type StatEvent } from '@pv/contract';

const rnd = (seed: number) => {
  const x = Math.sin(seed * 9301 + 49297) * 233280;
  return x - Math.floor(x);
};

export function dapingStats(cycle: number, now = new Date()): Record<string, unknown> {
  const as_of = now.toISOString();
  const range = { period: 'year', start: `${now.getFullYear()}-01-01`, end: now.toISOString().slice(0, 10), grain: 'month' };
  const provinces = PROVINCES.slice(0, 31).map((p, i) => {
    const stations = Math.round(20 + 400 * rnd(i + 1) + cycle * (i % 3));
    return { code: p.code, name: p.zh, customers: stations * 3 + i, stations, capacity_kwp: Math.round(stations * 18.5 * 100) / 100 };
  });
  const kwp = provinces.reduce((a, p) => a + p.capacity_kwp, 0);
  const stations = provinces.reduce((a, p) => a + p.stations, 0);
  const capacity = {
    signed: { stations, kwp },
    built: { stations: Math.round(stations * 0.7), kwp: kwp * 0.7 },
    grid: { stations: Math.round(stations * 0.55), kwp: kwp * 0.55 },
    operating: { stations: Math.round(stations * 0.4), kwp: kwp * 0.4 },
  };
  const factors = { utilisation_hours: 1286, co2_kg_per_kwh: 0.5366, coal_kg_per_kwh: 0.3034 };
  const annual = capacity.grid.kwp * factors.utilisation_hours;
  const benefit = { estimate: true, annual_kwh: annual, co2_t: (annual * factors.co2_kg_per_kwh) / 1000, coal_t: (annual * factors.coal_kg_per_kwh) / 1000, factors };
  const customers = provinces.reduce((a, p) => a + p.customers, 0);
  const points = Array.from({ length: 12 }, (_, i) => {
    const m = new Date(now.getFullYear(), now.getMonth() - 11 + i, 1);
    const created = Math.round(200 + 300 * rnd(i + cycle));
    return { bucket: `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`, created, signed: Math.round(created * 0.4), cumulative: customers - (11 - i) * 400 };
  });
  const kinds: StatEvent['kind'][] = ['grid_connected', 'new_customer', 'signed', 'matter'];
  const events: StatEvent[] = Array.from({ length: 20 }, (_, i) => {
    const n = cycle * 3 - i;
    return {
      kind: kinds[((n % 4) + 4) % 4]!,
      at: new Date(now.getTime() - i * 95_000).toISOString(),
      title: `${'张王李赵刘陈杨黄'[((n % 8) + 8) % 8]}** · ${provinces[((n % 31) + 31) % 31]!.name}`,
      province_code: provinces[((n % 31) + 31) % 31]!.code,
      ...(n % 4 === 0 ? { kwp: 12 + (((n % 9) + 9) % 9) * 1.5 } : {}),
    };
  });
  return {
    homepage: {
      as_of,
      range,
      customers: { total: customers, intentional: Math.round(customers * 0.6), formal: Math.round(customers * 0.35), lost: Math.round(customers * 0.05) },
      capacity,
      in_period: { customers: 300 + cycle, signed: 120, grid_connected: 80, grid_kwp: 1500 },
      today: { customers: 12 + (cycle % 7), signed: 5, grid_connected: 3 + (cycle % 3) },
      todo: { to_dispatch: 8, to_review: 5, overdue: 2, matters_open: 4 },
      benefit,
    },
    user_area: { as_of, level: 'province', provinces },
    user_line: { as_of, range, points },
    industry_data: { as_of, range, capacity, benefit, points: points.map((p) => ({ bucket: p.bucket, signed_kwp: p.signed * 18, grid_kwp: p.signed * 12 })) },
    industry_construction_data: {
      as_of,
      range,
      backlog: [
        { kind: 'build', status: 'pending_dispatch', n: 6 + (cycle % 5) },
        { kind: 'build', status: 'in_progress', n: 14 },
        { kind: 'build', status: 'audit_pending', n: 4 },
        { kind: 'grid', status: 'dispatched', n: 7 },
        { kind: 'grid', status: 'rectifying', n: 2 },
      ],
      lead_days: { build: 21.5, grid: 9.2 },
      first_pass_rate: 0.82,
      audits: { approved: 41, rejected: 9 },
      top_reject_reasons: [{ item: 'roof_photo', n: 4 }],
      overdue_rate: 0.05,
      overdue: 3,
    },
    industry_team_data: {
      as_of,
      range,
      teams: Array.from({ length: 12 }, (_, i) => ({
        team_id: i + 1,
        name: `施工${'一二三四五六七八九十'[i % 10]}队${i >= 10 ? i : ''}`,
        orders: 30 + i,
        completed: 20 + ((i * 7 + cycle) % 10),
        kwp_built: Math.round(900 - i * 60 + 50 * rnd(i + cycle)),
        lead_days: 18 + i,
        reject_rate: 0.1,
      })),
    },
    index_data: {
      as_of,
      range,
      items: [
        { kind: 'signed_kwp', province_code: null, target: kwp * 1.3, actual: kwp, completion: 1 / 1.3 },
        { kind: 'grid_kwp', province_code: null, target: kwp, actual: capacity.grid.kwp, completion: 0.55 + (cycle % 10) / 100 },
        { kind: 'customers', province_code: null, target: 5000, actual: 4100 + cycle, completion: (4100 + cycle) / 5000 },
      ],
    },
    events: { as_of, events },
  };
}
