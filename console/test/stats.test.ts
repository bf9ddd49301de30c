import { describe, expect, it } from 'vitest';
import { STAT_MAX_RANGE_DAYS, statQuerySchema, type IndustryCustomerStat, type IndustryTeamStat, type TargetConfigView, type UserAreaStat } from '@pv/contract';
import {
  addDays,
  bucketLabel,
  chinaDate,
  defaultCustomRange,
  filterError,
  filterKey,
  formatCapacity,
  formatLarge,
  formatRate,
  listLink,
  mineLinks,
  statQuery,
  todoLinks,
} from '../src/resources/stats/logic.ts';
import { configOf, errorText, formErrors, formOf } from '../src/resources/stats/targets.ts';
import { chartColors, funnelOption, isFunnelEmpty, isTeamEmpty, regionOption, regionRows, teamOption, teamRows } from '../src/resources/stats/options.ts';

/** The filter a list reads from a link (react-admin parses `filter` and `displayedFilters` as JSON). */
const parse = (to: string) => {
  const [path, query] = to.split('?');
  const params = new URLSearchParams(query);
  return { path, filter: JSON.parse(params.get('filter') ?? '{}'), displayed: JSON.parse(params.get('displayedFilters') ?? '{}') };
};

describe('period filter', () => {
  it('China dates: 16:30 UTC is already the next day in Shanghai', () => {
    expect(chinaDate(new Date('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
    expect(chinaDate(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('a custom period starts as the last 30 China days, both ends included', () => {
    expect(defaultCustomRange(new Date('2026-11-23T17:00:00Z'))).toEqual({ start: '2026-10-26', end: '2026-11-24' });
  });

  it('sends dates only for a custom period and no empty province; the server schema accepts what it sends', () => {
    expect(statQuery({ period: 'month', start: '2026-01-01', end: '2026-01-31', province_code: '' })).toEqual({ period: 'month' });
    expect(statQuery({ period: 'year', province_code: '370000' })).toEqual({ period: 'year', province_code: '370000' });
    const custom = statQuery({ period: 'custom', start: '2026-01-01', end: '2026-01-31', province_code: null });
    expect(custom).toEqual({ period: 'custom', start: '2026-01-01', end: '2026-01-31' });
    expect(statQuerySchema.safeParse(custom).success).toBe(true);
    expect(filterKey({ province_code: '370000', period: 'week' })).toBe(filterKey({ period: 'week', province_code: '370000', start: '2020-01-01' }));
  });

  it('names an impossible custom range with the contract messages, as the server would', () => {
    expect(filterError({ period: 'custom', start: '2026-02-01', end: '2026-01-01' })).toEqual({ key: 'pv.msg.validation.stat_range' });
    expect(filterError({ period: 'custom', start: '2026-02-01', end: null })).toEqual({ key: 'pv.msg.validation.stat_range' });
    expect(filterError({ period: 'custom', start: '2020-01-01', end: '2026-01-01' })).toEqual({ key: 'pv.msg.validation.stat_range_long', params: { max: STAT_MAX_RANGE_DAYS } });
    expect(filterError({ period: 'custom', start: '2026-01-01', end: '2026-01-01' })).toBeNull();
    expect(filterError({ period: 'day' })).toBeNull();
    // the server refuses what the console refuses
    expect(statQuerySchema.safeParse(statQuery({ period: 'custom', start: '2020-01-01', end: '2026-01-01' })).success).toBe(false);
  });
});

describe('numbers', () => {
  it('capacity in kWp, MWp from 10 000 kWp; rates and large estimates per language', () => {
    expect(formatCapacity(1234.56, 'en')).toBe('1,234.6 kWp');
    expect(formatCapacity(25_000, 'zh')).toBe('25 MWp');
    expect(formatCapacity(null, 'zh')).toBe('-');
    expect(formatRate(0.8756, 'zh')).toBe('87.6%');
    expect(formatRate(null, 'en')).toBe('-');
    expect(formatLarge(1_286_000, 'zh')).toBe('128.6万');
    expect(formatLarge(312_000_000, 'zh')).toBe('3.12亿');
    expect(formatLarge(1_286_000, 'en')).toBe('1.29 M');
    expect(bucketLabel('2026-11-05')).toBe('11-05');
    expect(bucketLabel('2026-11')).toBe('2026-11');
  });
});

describe('to-do links', () => {
  it('each to-do opens the lists filtered by the names the lists accept', () => {
    const links = todoLinks();
    expect(links.to_dispatch.map((l) => parse(l.to))).toEqual([
      { path: '/stationManagement/buildWorkOrderList', filter: { status: ['pending_dispatch'] }, displayed: {} },
      { path: '/stationManagement/ongridWorkOrderList', filter: { status: ['pending_dispatch'] }, displayed: {} },
    ]);
    expect(links.to_review.map((l) => parse(l.to).path)).toEqual(['/stationManagement/buildSelfAuditList', '/stationManagement/ongridSelfAuditList']);
    expect(parse(links.to_review[0]!.to).filter).toEqual({ result: ['pending'] });
    expect(parse(links.overdue[1]!.to).filter).toEqual({ overdue: 'true' });
    expect(links.matters_open).toHaveLength(1);
    expect(parse(links.matters_open[0]!.to)).toEqual({ path: '/stationManagement/gebMatter', filter: { status: ['pending', 'processing'] }, displayed: {} });
    // the link's filter is the one the count is taken with
    for (const l of Object.values(links).flat()) expect(parse(l.to).filter).toEqual(l.filter);
  });

  it("the user's own orders and matters filter on them and show that (non-default) filter input", () => {
    const mine = mineLinks('7');
    const orders = parse(mine.orders[0]!.to);
    expect(orders.filter).toMatchObject({ team_id: 7 });
    expect(orders.filter.status).not.toContain('completed');
    expect(orders.displayed).toEqual({ team_id: true });
    expect(parse(mine.matters[0]!.to)).toMatchObject({ filter: { handler_id: 7, status: ['pending', 'processing'] }, displayed: { handler_id: true } });
  });

  it('encodes the filter so a list URL survives the hash router', () => {
    expect(listLink('r', { q: 'a&b' })).toBe('/r?filter=%7B%22q%22%3A%22a%26b%22%7D');
  });
});

describe('target editor', () => {
  const view: TargetConfigView = {
    targets: [{ period_key: '2026', province_code: null, kind: 'grid_kwp', value: 5000 }],
    factors: { utilisation_hours: 1286, co2_kg_per_kwh: 0.5366, coal_kg_per_kwh: 0.3034 },
    version: 3,
    updated_at: '2026-11-01T00:00:00Z',
  };

  it('round-trips the config with the version it was read at', () => {
    const form = formOf(view);
    expect(formErrors(form)).toEqual({});
    expect(configOf(form)).toEqual({ targets: view.targets, factors: view.factors, version: 3 });
  });

  it('an empty config starts from the default factors at version 0', () => {
    const form = formOf(undefined);
    expect(form.rows).toEqual([]);
    expect(configOf(form).factors).toEqual({ utilisation_hours: 1286, co2_kg_per_kwh: 0.5366, coal_kg_per_kwh: 0.3034 });
    expect(form.version).toBe(0);
  });

  it('names the bad cells: period format, empty value, out-of-range factor, a repeated row', () => {
    const form = formOf(view);
    form.rows.push({ key: 'a', period_key: '2026-13', province_code: '', kind: 'customers', value: '' });
    form.rows.push({ key: 'b', period_key: '2026', province_code: '', kind: 'grid_kwp', value: '10' });
    form.factors.co2_kg_per_kwh = '11';
    const errors = formErrors(form);
    expect(errors['targets.1.period_key']).toBe('validation.target_period');
    expect(errors['targets.1.value']).toBe('validation.required');
    expect(errors['targets.2.period_key']).toBe('pv.dash.target.duplicate|1');
    expect(errors['factors.co2_kg_per_kwh']).toBe('validation.number_range|0|10');
    expect(errors['targets.0.period_key']).toBeUndefined();
    expect(errorText(errors['targets.2.period_key']!)).toEqual({ key: 'pv.dash.target.duplicate', params: { row: '1' } });
    expect(errorText('validation.number_range|0|10')).toEqual({ key: 'pv.msg.validation.number_range', params: { min: '0', max: '10' } });
  });
});

describe('chart options', () => {
  const dark = chartColors({ mode: 'dark', text: '#fff', textMuted: '#aaa', divider: '#333', paper: '#121212', primary: '#1677ff' });

  it('the funnel keeps the lifecycle order and is empty when nothing reached any step', () => {
    const s: IndustryCustomerStat = {
      as_of: '',
      range: { period: 'month', start: '2026-11-01', end: '2026-11-23', grain: 'day' },
      funnel: [
        { step: 'grid', n: 2 },
        { step: 'intentional', n: 10 },
        { step: 'signed', n: 5 },
        { step: 'built', n: 3 },
      ],
      conversion: 0.5,
      avg_days: { to_sign: 3, to_build: null, to_grid: null },
    };
    const option = funnelOption(s, (k) => k, dark, 'zh');
    const series = (option.series as { data: { name: string; value: number }[] }[])[0]!;
    expect(series.data.map((d) => d.value)).toEqual([10, 5, 3, 2]);
    expect(option.tooltip).toMatchObject({ backgroundColor: '#121212', textStyle: { color: '#fff' } });
    expect(isFunnelEmpty(s)).toBe(false);
    expect(isFunnelEmpty({ ...s, funnel: s.funnel.map((f) => ({ ...f, n: 0 })) })).toBe(true);
    expect(isFunnelEmpty(undefined)).toBe(true);
  });

  it('rankings: regions by the chosen metric, English names in English; teams by kWp built', () => {
    const area: UserAreaStat = {
      as_of: '',
      provinces: [
        { code: '370000', name: '山东省', customers: 5, stations: 2, capacity_kwp: 40 },
        { code: '320000', name: '江苏省', customers: 9, stations: 1, capacity_kwp: 60 },
        { code: '410000', name: '河南省', customers: 0, stations: 0, capacity_kwp: 0 },
      ],
    };
    expect(regionRows(area, 'customers', 'zh').map((r) => r.label)).toEqual(['江苏省', '山东省']);
    expect(regionRows(area, 'stations', 'en').map((r) => r.code)).toEqual(['370000', '320000']);
    expect(regionRows(area, 'stations', 'en')[0]!.label).not.toBe('山东省');
    // the tooltip describes the hovered bar (rows drawn bottom-up: index 0 is the last of the ranking)
    const tip = regionOption(area, 'customers', (k) => k, dark, 'zh').tooltip as { formatter: (p: unknown) => string };
    expect(tip.formatter([{ dataIndex: 1 }])).toBe('<b>江苏省</b><br/>pv.dash.region.customers: 9<br/>pv.dash.region.stations: 1<br/>pv.dash.region.capacity_kwp: 60 kWp');
    expect(tip.formatter([{ dataIndex: 0 }])).toContain('<b>山东省</b>');
    const teams: IndustryTeamStat = {
      as_of: '',
      range: { period: 'month', start: '2026-11-01', end: '2026-11-23', grain: 'day' },
      teams: [
        { team_id: 1, name: 'A', orders: 3, completed: 1, kwp_built: 10, lead_days: 4, reject_rate: 0 },
        { team_id: 2, name: 'B', orders: 2, completed: 2, kwp_built: 30, lead_days: 3, reject_rate: 0.5 },
      ],
    };
    expect(teamRows(teams).map((t) => t.name)).toEqual(['B', 'A']);
    expect(isTeamEmpty(teams)).toBe(false);
    expect(isTeamEmpty({ ...teams, teams: [] })).toBe(true);
  });

  it('user text in a tooltip is text, never markup: a team member named <b id=pb>X</b><img onerror=…>', () => {
    const evil = '<b id=pb>X</b><img src=x onerror="alert(1)">';
    const teams: IndustryTeamStat = {
      as_of: '',
      range: { period: 'month', start: '2026-11-01', end: '2026-11-23', grain: 'day' },
      teams: [{ team_id: 1, name: evil, orders: 3, completed: 1, kwp_built: 10, lead_days: 4, reject_rate: 0 }],
    };
    const tip = teamOption(teams, (k) => k, dark, 'zh').tooltip as { formatter: (p: unknown) => string };
    const html = tip.formatter([{ dataIndex: 0 }]);
    expect(html).toContain('<b>&lt;b id=pb&gt;X&lt;/b&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</b>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b id=pb>');
    // the region ranking and the funnel too
    const area: UserAreaStat = { as_of: '', range: teams.range, level: 'province', provinces: [{ code: '370000', name: evil, customers: 1, stations: 1, capacity_kwp: 1, grid_kwp: 0 }] } as unknown as UserAreaStat;
    const region = regionOption(area, 'customers', (k) => k, dark, 'zh').tooltip as { formatter: (p: unknown) => string };
    expect(region.formatter([{ dataIndex: 0 }])).not.toMatch(/<img|<b id/);
    const funnel = (funnelOption({ funnel: [{ step: 'intentional', n: 1 }] } as never, (k) => k, dark, 'zh').tooltip as { formatter: (p: unknown) => string }).formatter({ name: evil, value: 1 });
    expect(funnel).not.toMatch(/<img|<b id/);
  });
});
