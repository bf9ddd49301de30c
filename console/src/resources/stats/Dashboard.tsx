import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title, useStore, useTranslate } from 'react-admin';
import { Box, Button, Card, CardActionArea, CardContent, Chip, IconButton, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type {
  HomepageStat,
  IndustryConstructionStat,
  IndustryCustomerStat,
  IndustryDataStat,
  IndustryTeamStat,
  OperationStat,
  ResolvedPeriod,
  TargetIndexStat,
  UserAreaStat,
  UserLineStat,
} from '@pv/contract';
import { formatDateTime, useLang } from '../common/format.tsx';
import { FaultCategory, formatYuan } from '@pv/contract';
import { Permission } from '../../shell/Permission.tsx';
import { useStat } from './api.ts';
import { ChartCard, ErrorNote, StatChart, useChartColors } from './Chart.tsx';
import { FilterBar } from './FilterBar.tsx';
import { FinanceCard } from './FinanceCard.tsx';
import { capacityParts, filterError, filterKey, formatDays, formatLarge, formatNumber, formatRate, statQuery, type StatFilter } from './logic.ts';
import {
  auditItemLabel,
  backlogOption,
  capacityOption,
  capacityTrendOption,
  firstPassOption,
  funnelOption,
  growthOption,
  isBacklogEmpty,
  isCapacityEmpty,
  isCapacityTrendEmpty,
  isFunnelEmpty,
  isGrowthEmpty,
  isRegionEmpty,
  isTargetEmpty,
  isTeamEmpty,
  regionOption,
  targetOption,
  teamOption,
  type RegionMetric,
} from './options.ts';
import { TargetEditor } from './TargetEditor.tsx';

export const WORKBENCH_PATH = '/workbench';

const DEFAULT_FILTER: StatFilter = { period: 'month' };

/** "2026-11-01 ~ 2026-11-23" of the period the server resolved. */
const RangeText = ({ range }: { range?: ResolvedPeriod }) => (range ? <>{range.start === range.end ? range.start : `${range.start} ~ ${range.end}`}</> : null);

/** A headline number: label, value, a line under it; `estimate` adds the 估算 chip. */
const Kpi = ({ label, value, unit, sub, pending, estimate, to, testId, color }: { label: string; value: ReactNode; unit?: string; sub?: ReactNode; pending: boolean; estimate?: boolean; to?: string; testId: string; color: string }) => {
  const translate = useTranslate();
  const body = (
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ minHeight: 24 }}>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} title={translate(label)}>
          {translate(label)}
        </Typography>
        {estimate && <Chip size="small" label={translate('pv.dash.estimate')} color="warning" variant="outlined" sx={{ height: 20, fontSize: 11 }} data-testid="estimate-chip" />}
      </Stack>
      {pending ? (
        <Skeleton width="70%" height={36} />
      ) : (
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.4, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid={testId}>
          {value}
          {unit && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.5, fontWeight: 600 }}>
              {unit}
            </Typography>
          )}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ minHeight: 20, lineHeight: 1.5 }}>
        {pending ? '' : sub}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ borderTop: `3px solid ${color}`, minWidth: 0 }}>
      {to ? (
        <CardActionArea component={Link} to={to}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
};

const KpiRow = ({ body, enabled }: { body: ReturnType<typeof statQuery>; enabled: boolean }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { primary, series } = useChartColors();
  const q = useStat<HomepageStat>('homepage', body, { enabled });
  const d = q.data;
  const pending = q.isPending;
  if (q.error) return <ErrorNote error={q.error} />;
  const todo = d ? d.todo.to_dispatch + d.todo.to_review + d.todo.overdue + d.todo.matters_open : 0;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }, gap: 2, mb: 2 }} data-testid="dash-kpis">
      <Kpi
        label="pv.dash.kpi.customers"
        value={formatNumber(d?.customers.total, lang)}
        sub={d && translate('pv.dash.kpi.customers_sub', { intentional: formatNumber(d.customers.intentional, lang), formal: formatNumber(d.customers.formal, lang) })}
        pending={pending}
        testId="kpi-customers"
        color={primary}
      />
      <Kpi
        label="pv.dash.kpi.signed"
        {...capacityParts(d?.capacity.signed.kwp, lang)}
        sub={d && translate('pv.dash.stations', { n: formatNumber(d.capacity.signed.stations, lang) })}
        pending={pending}
        testId="kpi-signed"
        color={series[3]!}
      />
      <Kpi
        label="pv.dash.kpi.grid"
        {...capacityParts(d?.capacity.grid.kwp, lang)}
        sub={d && translate('pv.dash.stations', { n: formatNumber(d.capacity.grid.stations, lang) })}
        pending={pending}
        testId="kpi-grid"
        color={series[1]!}
      />
      <Kpi
        label="pv.dash.kpi.in_period"
        value={formatNumber(d?.in_period.customers, lang)}
        sub={d && translate('pv.dash.kpi.in_period_sub', { signed: formatNumber(d.in_period.signed, lang), grid: formatNumber(d.in_period.grid_connected, lang) })}
        pending={pending}
        testId="kpi-in-period"
        color={series[2]!}
      />
      <Kpi
        label="pv.dash.kpi.todo"
        value={formatNumber(todo, lang)}
        sub={d && translate('pv.dash.kpi.todo_sub', { dispatch: d.todo.to_dispatch, review: d.todo.to_review, overdue: d.todo.overdue })}
        pending={pending}
        to={WORKBENCH_PATH}
        testId="kpi-todo"
        color={series[5]!}
      />
      <Kpi
        label="pv.dash.kpi.generation"
        value={d ? formatLarge(d.benefit.annual_kwh, lang) : '-'}
        unit="kWh"
        sub={d && translate('pv.dash.kpi.benefit_sub', { co2: formatLarge(d.benefit.co2_t, lang), coal: formatLarge(d.benefit.coal_t, lang) })}
        pending={pending}
        estimate
        testId="kpi-generation"
        color={series[2]!}
      />
    </Box>
  );
};

/** "12.3 天" / "12.3 d", or '-' when no record reached the step. */
const daysText = (t: (k: string, o?: Record<string, unknown>) => string, d: number | null, lang: 'zh' | 'en') => (d === null ? '-' : t('pv.dash.days', { n: formatDays(d, lang) }));

type Q = { body: ReturnType<typeof statQuery>; enabled: boolean };

const GrowthCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const c = useChartColors();
  const q = useStat<UserLineStat>('user_line', body, { enabled });
  return (
    <ChartCard title="pv.dash.growth.title" subtitle={<RangeText range={q.data?.range} />} fetching={q.isFetching && !q.isPending} testId="card-growth">
      <StatChart testId="chart-growth" pending={q.isPending} error={q.error} empty={isGrowthEmpty(q.data)} option={() => growthOption(q.data!, t, c)} />
    </ChartCard>
  );
};

const FunnelCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const lang = useLang();
  const c = useChartColors();
  const q = useStat<IndustryCustomerStat>('industry_customer_data', body, { enabled });
  const d = q.data;
  return (
    <ChartCard
      title="pv.dash.funnel.title"
      subtitle={d && t('pv.dash.funnel.conversion', { rate: formatRate(d.conversion, lang) })}
      actions={
        <Tooltip title={t('pv.dash.funnel.hint')}>
          <InfoIcon fontSize="small" color="action" aria-label={t('pv.dash.funnel.hint')} data-testid="funnel-hint" />
        </Tooltip>
      }
      fetching={q.isFetching && !q.isPending}
      testId="card-funnel"
    >
      <StatChart testId="chart-funnel" height={230} pending={q.isPending} error={q.error} empty={isFunnelEmpty(d)} option={() => funnelOption(d!, t, c, lang)} />
      {d && (
        <Stack direction="row" justifyContent="space-around" sx={{ mt: 1 }}>
          {(['to_sign', 'to_build', 'to_grid'] as const).map((k) => (
            <Box key={k} sx={{ textAlign: 'center' }}>
              <Typography variant="caption" color="text.secondary">
                {t(`pv.dash.funnel.${k}`)}
              </Typography>
              <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                {daysText(t, d.avg_days[k], lang)}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </ChartCard>
  );
};

const CapacityCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const lang = useLang();
  const c = useChartColors();
  const q = useStat<IndustryDataStat>('industry_data', body, { enabled });
  const [view, setView] = useState<'stage' | 'trend'>('stage');
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: 'stage' | 'trend' | null) => v && setView(v)}>
      <ToggleButton value="stage" sx={{ py: 0.25, px: 1, textTransform: 'none' }}>
        {t('pv.dash.capacity.by_stage')}
      </ToggleButton>
      <ToggleButton value="trend" sx={{ py: 0.25, px: 1, textTransform: 'none' }}>
        {t('pv.dash.capacity.trend')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
  return (
    <ChartCard title="pv.dash.capacity.title" actions={toggle} fetching={q.isFetching && !q.isPending} testId="card-capacity">
      {view === 'stage' ? (
        <StatChart testId="chart-capacity" pending={q.isPending} error={q.error} empty={isCapacityEmpty(q.data)} option={() => capacityOption(q.data!, t, c, lang)} />
      ) : (
        <StatChart testId="chart-capacity-trend" pending={q.isPending} error={q.error} empty={isCapacityTrendEmpty(q.data)} option={() => capacityTrendOption(q.data!, t, c)} />
      )}
    </ChartCard>
  );
};

const RegionCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const lang = useLang();
  const c = useChartColors();
  const q = useStat<UserAreaStat>('user_area', body, { enabled });
  const [metric, setMetric] = useState<RegionMetric>('capacity_kwp');
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={metric} onChange={(_, v: RegionMetric | null) => v && setMetric(v)}>
      {(['capacity_kwp', 'stations', 'customers'] as const).map((m) => (
        <ToggleButton key={m} value={m} sx={{ py: 0.25, px: 1, textTransform: 'none' }}>
          {t(`pv.dash.region.${m}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
  const title = q.data?.level === 'city' ? 'pv.dash.region.title_city' : 'pv.dash.region.title';
  return (
    <ChartCard title={title} actions={toggle} fetching={q.isFetching && !q.isPending} testId="card-region">
      <StatChart testId="chart-region" pending={q.isPending} error={q.error} empty={isRegionEmpty(q.data)} option={() => regionOption(q.data!, metric, t, c, lang)} />
    </ChartCard>
  );
};

const Figure = ({ label, value, testId }: { label: string; value: string; testId?: string }) => {
  const t = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {t(label)}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
};

const ConstructionCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const lang = useLang();
  const c = useChartColors();
  const q = useStat<IndustryConstructionStat>('industry_construction_data', body, { enabled });
  const d = q.data;
  const decided = d ? d.audits.approved + d.audits.rejected : 0;
  return (
    <ChartCard title="pv.dash.construction.title" subtitle={<RangeText range={d?.range} />} fetching={q.isFetching && !q.isPending} testId="card-construction">
      {q.error ? (
        <ErrorNote error={q.error} height={280} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '150px 1fr', gap: 2, alignItems: 'center' }}>
            <StatChart testId="chart-first-pass" height={130} pending={q.isPending} empty={!!d && decided === 0 && d.first_pass_rate === null} option={() => firstPassOption(d!.first_pass_rate, t, c, lang)} />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
              <Figure label="pv.dash.construction.lead_build" value={d ? daysText(t, d.lead_days.build, lang) : '-'} testId="lead-build" />
              <Figure label="pv.dash.construction.lead_grid" value={d ? daysText(t, d.lead_days.grid, lang) : '-'} testId="lead-grid" />
              <Figure label="pv.dash.construction.overdue" value={d ? `${formatNumber(d.overdue, lang)} · ${formatRate(d.overdue_rate, lang)}` : '-'} testId="overdue" />
              <Figure label="pv.dash.construction.approved" value={d ? formatNumber(d.audits.approved, lang) : '-'} />
              <Figure label="pv.dash.construction.rejected" value={d ? formatNumber(d.audits.rejected, lang) : '-'} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary" noWrap component="p">
                  {t('pv.dash.construction.top_reasons')}
                </Typography>
                <Typography variant="body2" noWrap title={d?.top_reject_reasons.map((r) => `${auditItemLabel(r.item, lang)} ${r.n}`).join('、')}>
                  {d?.top_reject_reasons.length ? d.top_reject_reasons.slice(0, 2).map((r) => `${auditItemLabel(r.item, lang)} ×${r.n}`).join('、') : '-'}
                </Typography>
              </Box>
            </Box>
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('pv.dash.construction.backlog')}
          </Typography>
          <StatChart testId="chart-backlog" height={170} pending={q.isPending} empty={isBacklogEmpty(d)} option={() => backlogOption(d!, t, c, lang)} />
        </>
      )}
    </ChartCard>
  );
};

/** 运维 (issue 13): inspections planned in the period — coverage, first time right, overdue —, maintenance orders — open, SLA met, MTTR, time to respond, top fault categories — and stock value per warehouse. */
const OperationCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const lang = useLang();
  const c = useChartColors();
  const q = useStat<OperationStat>('operation', body, { enabled });
  const d = q.data;
  const i = d?.inspections;
  const m = d?.maintenance;
  const top = d ? Math.max(...d.stock_value.map((w) => Number(w.value)), 1) : 1;
  return (
    <ChartCard title="pv.dash.operation.title" subtitle={<RangeText range={d?.range} />} fetching={q.isFetching && !q.isPending} testId="card-operation">
      {q.error ? (
        <ErrorNote error={q.error} height={200} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '150px 1fr 1fr' }, gap: 2, alignItems: 'center' }}>
          <StatChart testId="chart-inspection-first-pass" height={130} pending={q.isPending} empty={!!i && i.completed === 0} option={() => firstPassOption(i!.first_pass_rate, t, c, lang, 'pv.dash.operation.first_pass')} />
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}>
            <Figure label="pv.dash.operation.planned" value={i ? formatNumber(i.planned, lang) : '-'} testId="om-planned" />
            <Figure label="pv.dash.operation.coverage" value={i ? `${formatNumber(i.completed, lang)} · ${formatRate(i.coverage, lang)}` : '-'} testId="om-coverage" />
            <Figure label="pv.dash.operation.overdue" value={i ? formatNumber(i.overdue, lang) : '-'} testId="om-overdue" />
            <Figure label="pv.dash.operation.failed_items" value={i ? formatNumber(i.failed_items, lang) : '-'} />
            <Figure label="pv.dash.operation.open_faults" value={m ? formatNumber(m.open_now, lang) : '-'} testId="om-open-faults" />
            <Figure label="pv.dash.operation.sla_rate" value={m ? formatRate(m.sla_rate, lang) : '-'} testId="om-sla" />
            <Figure label="pv.dash.operation.mttr" value={m?.mttr_hours != null ? t('pv.dash.operation.hours', { n: formatNumber(m.mttr_hours, lang) }) : '-'} testId="om-mttr" />
            <Figure label="pv.dash.operation.respond" value={m?.mean_respond_hours != null ? t('pv.dash.operation.hours', { n: formatNumber(m.mean_respond_hours, lang) }) : '-'} />
          </Box>
          <Box sx={{ minWidth: 0 }} data-testid="om-stock-value">
            <Typography variant="caption" color="text.secondary" component="p">
              {t('pv.dash.operation.stock_value', { total: d ? formatYuan(d.stock_value_total) : '-' })}
            </Typography>
            {d && d.stock_value.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('pv.dash.empty')}
              </Typography>
            )}
            {m && m.top_categories.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }} data-testid="om-top-faults">
                {t('pv.dash.operation.top_faults', { list: m.top_categories.map((c) => `${FaultCategory.label(c.category, lang)} ${formatNumber(c.count, lang)}`).join(' · ') })}
              </Typography>
            )}
            {d?.stock_value.slice(0, 5).map((w) => (
              <Box key={w.warehouse_id} sx={{ mt: 0.5 }}>
                <Stack direction="row" justifyContent="space-between" spacing={1}>
                  <Typography variant="body2" noWrap title={w.name}>
                    {w.name}
                  </Typography>
                  <Typography variant="body2">{formatYuan(w.value)}</Typography>
                </Stack>
                <Box sx={{ height: 4, borderRadius: 2, bgcolor: 'primary.main', opacity: 0.7, width: `${Math.max(2, (Number(w.value) / top) * 100)}%` }} />
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </ChartCard>
  );
};

const TeamCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const lang = useLang();
  const c = useChartColors();
  const q = useStat<IndustryTeamStat>('industry_team_data', body, { enabled });
  return (
    <ChartCard title="pv.dash.team.title" subtitle={<RangeText range={q.data?.range} />} fetching={q.isFetching && !q.isPending} testId="card-team">
      <StatChart testId="chart-team" height={340} pending={q.isPending} error={q.error} empty={isTeamEmpty(q.data)} option={() => teamOption(q.data!, t, c, lang)} />
    </ChartCard>
  );
};

const TargetCard = ({ body, enabled }: Q) => {
  const t = useTranslate();
  const lang = useLang();
  const c = useChartColors();
  const [editing, setEditing] = useState(false);
  const q = useStat<TargetIndexStat>('target/index_data', body, { enabled });
  const d = q.data;
  const height = Math.max(160, Math.min(420, 40 + (d?.items.length ?? 3) * 34));
  const actions = (
    <Permission rule="target:view">
      <Button size="small" startIcon={<TuneIcon />} onClick={() => setEditing(true)} data-testid="open-target-editor" sx={{ textTransform: 'none' }}>
        {t('pv.dash.target.edit')}
      </Button>
    </Permission>
  );
  return (
    <ChartCard title="pv.dash.target.title" subtitle={<RangeText range={d?.range} />} actions={actions} fetching={q.isFetching && !q.isPending} testId="card-target">
      {isTargetEmpty(d) && !q.isPending && !q.error ? (
        <Stack alignItems="center" justifyContent="center" sx={{ height: 120 }} data-testid="chart-empty">
          <Typography variant="body2" color="text.secondary">
            {t(d?.range.period === 'year' ? 'pv.dash.target.none_year' : 'pv.dash.target.none_month')}
          </Typography>
        </Stack>
      ) : (
        <StatChart testId="chart-target" height={height} pending={q.isPending} error={q.error} empty={false} option={() => targetOption(d!, t, c, lang)} />
      )}
      {editing && <TargetEditor onClose={() => setEditing(false)} />}
    </ChartCard>
  );
};

/**
 * 看板 #/dashboard: the headline numbers of the period and region (statistic/homepage), customer
 * growth, the funnel, capacity by stage, the region ranking, construction lead time and first-pass
 * rate, the team ranking and target completion — each card loads, fails and empties on its own.
 */
const Dashboard = () => {
  const translate = useTranslate();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useStore<StatFilter>('dashboard.filter', DEFAULT_FILTER);
  const valid = !filterError(filter);
  // an invalid custom range keeps showing the last valid figures
  const [lastValid, setLastValid] = useState<StatFilter>(valid ? filter : DEFAULT_FILTER);
  if (valid && filterKey(filter) !== filterKey(lastValid)) setLastValid(filter);
  const body = statQuery(valid ? filter : lastValid);
  const q: Q = { body, enabled: true };
  const homepage = useStat<HomepageStat>('homepage', body);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['stat'] });
  const extra = (
    <Stack direction="row" alignItems="center" spacing={1}>
      {homepage.data && (
        <Typography variant="caption" color="text.secondary" data-testid="dash-as-of">
          {translate('pv.dash.as_of', { time: formatDateTime(homepage.data.as_of, lang) })}
        </Typography>
      )}
      <Tooltip title={translate('ra.action.refresh')}>
        <IconButton size="small" onClick={refresh} aria-label={translate('ra.action.refresh')}>
          <RefreshIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }} data-testid="dashboard">
      <Title title={translate('pv.route.dashboard')} />
      <FilterBar filter={filter} onChange={setFilter} extra={extra} />
      <KpiRow {...q} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, mb: 2 }}>
        <GrowthCard {...q} />
        <FunnelCard {...q} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2, mb: 2 }}>
        <CapacityCard {...q} />
        <RegionCard {...q} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2, mb: 2 }}>
        <ConstructionCard {...q} />
        <TeamCard {...q} />
      </Box>
      <Box sx={{ mb: 2 }}>
        <OperationCard {...q} />
      </Box>
      {/* 财务: this month's and this year's rent, last month's revenue (rent_bill:report / revenue:report) */}
      <Box sx={{ mb: 2 }}>
        <FinanceCard province={body.province_code ?? undefined} />
      </Box>
      {/* target/index_data needs target:view (the operators' and dispatchers' roles do not have it) */}
      <Permission rule="target:view">
        <TargetCard {...q} />
      </Permission>
    </Box>
  );
};
export default Dashboard;
