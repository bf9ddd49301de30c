import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { StatEventKind, WorkOrderStatus, type StatEvent } from '@pv/contract';
import { createDapingClient } from './api.ts';
import { ChinaMap, GrowthChart, PipelineChart, TargetGauges } from './Charts.tsx';
import { Counter } from './Counter.tsx';
import { useScreenData, type Feed } from './data.ts';
import { registerChinaMap } from './geo.ts';
import { t } from './i18n.ts';
import {
  DISPLAY_TOKEN_KEY,
  LANG_KEY,
  TOKEN_KEY,
  backlogByStatus,
  completionPercent,
  eventKey,
  formatAge,
  formatAsOf,
  formatCapacity,
  formatDate,
  formatEventTime,
  formatLarge,
  formatNumber,
  formatTime,
  isStale,
  readScreenToken,
  totals,
  weekday,
  type FeedKey,
  type Lang,
} from './logic.ts';
import { Stage } from './Stage.tsx';
import { useNow } from './useNow.ts';

/**
 * Where a person signs in: the console, same origin, told to come back here afterwards (its public
 * route #/daping leads to this screen, whatever the user's menu holds).
 */
export const LOGIN_URL = `/#/login?redirect=${encodeURIComponent('/daping')}`;

interface Props {
  refreshSeconds: number;
  /** refresh at once when the server pushes a statistics change (?push=0 turns it off) */
  push: boolean;
  initialLang: Lang;
}

type Auth = { state: 'ok' } | { state: 'none' } | { state: 'expired'; reason?: string };

const mapReady = registerChinaMap();
const TEAMS_SHOWN = 8;
const EVENTS_SHOWN = 9;
const OPEN_STATUSES = WorkOrderStatus.values.filter((s) => s !== 'completed' && s !== 'cancelled');

export function App({ refreshSeconds, push, initialLang }: Props) {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [auth, setAuth] = useState<Auth>(() => (readScreenToken(localStorage) ? { state: 'ok' } : { state: 'none' }));
  const [drawn, setDrawn] = useState(false);

  const langRef = useRef(lang);
  useEffect(() => {
    langRef.current = lang;
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t(lang, 'title');
  }, [lang]);
  const getLang = useCallback(() => langRef.current, []);

  const client = useMemo(() => createDapingClient({ lang: getLang, onExpired: (reason) => setAuth({ state: 'expired', reason }) }), [getLang]);

  // A sign-in (or sign-out) in the console's tab reaches this one through the storage event.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && e.key !== TOKEN_KEY && e.key !== DISPLAY_TOKEN_KEY) return;
      setAuth(readScreenToken(localStorage) ? { state: 'ok' } : { state: 'none' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const onUnauthorized = useCallback((reason: string) => setAuth({ state: 'expired', reason }), []);
  const getToken = useCallback(() => readScreenToken(localStorage), []);
  const feed = useScreenData(client, refreshSeconds, push, auth.state === 'ok', getLang, onUnauthorized, getToken);

  const toggleLang = useCallback(() => {
    setLang((l) => {
      const next = l === 'zh' ? 'en' : 'zh';
      localStorage.setItem(LANG_KEY, next);
      return next;
    });
  }, []);
  const onDrawn = useCallback(() => setDrawn(true), []);

  return (
    <Stage>
      <TitleBar lang={lang} onToggleLang={toggleLang} />
      {auth.state !== 'ok' ? <SignIn lang={lang} auth={auth} /> : <Screen lang={lang} feed={feed} drawn={drawn} onDrawn={onDrawn} refreshSeconds={refreshSeconds} />}
    </Stage>
  );
}

function Screen({ lang, feed, drawn, onDrawn, refreshSeconds }: { lang: Lang; feed: Feed; drawn: boolean; onDrawn: () => void; refreshSeconds: number }) {
  const d = feed.data;
  const area = useMemo(() => totals(d.userArea), [d.userArea]);
  const mapRows = useMemo(() => d.userArea?.provinces ?? [], [d.userArea]);
  const fmtInt = useCallback((n: number) => formatNumber(Math.round(n)), []);
  const fmtCap = useCallback((n: number) => formatCapacity(n).value, []);
  const gridKwp = d.homepage?.capacity.grid.kwp ?? d.industry?.capacity.grid.kwp ?? null;

  return (
    <>
      <section className="kpis">
        <Kpi label={t(lang, 'customers')} unit={t(lang, 'unitPerson')} testId="kpi-customers">
          <Counter value={d.homepage?.customers.total ?? (d.userArea ? area.customers : null)} format={fmtInt} />
        </Kpi>
        <Kpi label={t(lang, 'kpiSigned')} unit={t(lang, 'unitStation')} testId="kpi-stations">
          <Counter value={d.homepage?.capacity.signed.stations ?? (d.userArea ? area.stations : null)} format={fmtInt} />
        </Kpi>
        <Kpi label={t(lang, 'capacity')} unit={formatCapacity(d.homepage?.capacity.signed.kwp ?? area.capacity_kwp).unit} testId="kpi-capacity">
          <Counter value={d.homepage?.capacity.signed.kwp ?? (d.userArea ? area.capacity_kwp : null)} format={fmtCap} />
        </Kpi>
        <Kpi label={t(lang, 'kpiGrid')} unit={formatCapacity(gridKwp ?? 0).unit} testId="kpi-grid">
          <Counter value={gridKwp} format={fmtCap} />
        </Kpi>
        <Kpi label={t(lang, 'kpiToday')} unit={t(lang, 'unitPerson')} testId="kpi-today">
          <Counter value={d.homepage?.today.customers ?? null} format={fmtInt} />
        </Kpi>
        <Kpi label={t(lang, 'provinces')} unit={t(lang, 'unitProvince')} testId="kpi-provinces">
          <Counter value={d.userArea ? area.provinces : null} format={fmtInt} />
        </Kpi>
      </section>

      <section className="main">
        <div className="column">
          <Panel title={t(lang, 'panelGrowth')} testId="panel-growth" className="h-growth" ready={!!d.userLine}>
            {d.userLine && d.userLine.points.length > 0 ? <GrowthChart stat={d.userLine} lang={lang} /> : <Empty lang={lang} feed={feed} k="userLine" />}
          </Panel>
          <Panel title={t(lang, 'panelPipeline')} testId="panel-pipeline" className="h-pipeline" ready={!!(d.construction || d.industry)}>
            <Pipeline lang={lang} feed={feed} />
          </Panel>
          <Panel title={t(lang, 'panelBenefit')} testId="panel-benefit" className="h-benefit" ready={!!(d.industry ?? d.homepage)} badge={<span className="estimate">{t(lang, 'estimate')}</span>}>
            <Benefit lang={lang} feed={feed} />
          </Panel>
        </div>

        <div className="column">
          <Panel
            title={t(lang, 'panelMap')}
            testId="panel-map"
            className="h-map"
            ready={drawn}
            badge={drawn ? <span className="live" data-testid="chart-ready">● {t(lang, 'live')}</span> : null}
          >
            <div className="chart" data-testid="chart-user-area" data-ready={drawn ? 'true' : 'false'}>
              {d.userArea && mapReady ? <ChinaMap rows={mapRows} lang={lang} onDrawn={onDrawn} /> : <Empty lang={lang} feed={feed} k="userArea" />}
            </div>
          </Panel>
          <Panel title={t(lang, 'panelTargets')} testId="panel-targets" className="h-targets" ready={!!d.targets}>
            {d.targets ? <TargetGauges stat={d.targets} lang={lang} /> : <Empty lang={lang} feed={feed} k="targets" />}
          </Panel>
        </div>

        <div className="column">
          <Panel title={t(lang, 'panelTeams')} testId="panel-teams" className="h-teams" ready={!!d.teams}>
            <Teams lang={lang} feed={feed} />
          </Panel>
          <Panel title={t(lang, 'panelOperation')} testId="panel-operation" className="h-operation" ready={!!d.operation}>
            <Operation lang={lang} feed={feed} />
          </Panel>
          <Panel title={t(lang, 'panelEvents')} testId="panel-events" className="h-events" ready={!!d.events}>
            <Events lang={lang} feed={feed} />
          </Panel>
        </div>
      </section>
      <StatusLine lang={lang} feed={feed} refreshSeconds={refreshSeconds} />
    </>
  );
}

function Pipeline({ lang, feed }: { lang: Lang; feed: Feed }) {
  const c = feed.data.construction;
  const capacity = feed.data.industry?.capacity ?? feed.data.homepage?.capacity ?? null;
  if (!c && !capacity) return <Empty lang={lang} feed={feed} k="construction" />;
  const build = backlogByStatus(c?.backlog, 'build', OPEN_STATUSES);
  const grid = backlogByStatus(c?.backlog, 'grid', OPEN_STATUSES);
  const sum = (rows: Array<{ n: number }>) => rows.reduce((a, r) => a + r.n, 0);
  const detail = (rows: Array<{ status: string; n: number }>) => rows.map((r) => `${WorkOrderStatus.label(r.status, lang)} ${r.n}`).join(' · ');
  const rate = completionPercent(c?.first_pass_rate);
  return (
    <div className="pipeline">
      <div className="stats">
        <Stat label={t(lang, 'backlogBuild')} value={c ? formatNumber(sum(build)) : '--'} title={detail(build)} testId="backlog-build" />
        <Stat label={t(lang, 'backlogGrid')} value={c ? formatNumber(sum(grid)) : '--'} title={detail(grid)} testId="backlog-grid" />
        <Stat label={t(lang, 'firstPass')} value={rate.text} />
        <Stat label={t(lang, 'overdue')} value={c ? formatNumber(c.overdue) : '--'} warn={!!c && c.overdue > 0} />
      </div>
      <div className="pipeline-chart">{capacity ? <PipelineChart capacity={capacity} lang={lang} /> : null}</div>
    </div>
  );
}

function Benefit({ lang, feed }: { lang: Lang; feed: Feed }) {
  const b = feed.data.industry?.benefit ?? feed.data.homepage?.benefit ?? null;
  if (!b) return <Empty lang={lang} feed={feed} k="industry" />;
  const kwh = formatLarge(b.annual_kwh, lang);
  const co2 = formatLarge(b.co2_t, lang);
  const coal = formatLarge(b.coal_t, lang);
  return (
    <div className="benefit" data-testid="benefit">
      <BenefitCard label={t(lang, 'annualKwh')} value={kwh.value} unit={`${kwh.unit}${t(lang, 'unitKwh')}`} />
      <BenefitCard label={t(lang, 'co2')} value={co2.value} unit={`${co2.unit}${t(lang, 'unitTon')}`} />
      <BenefitCard label={t(lang, 'coal')} value={coal.value} unit={`${coal.unit}${t(lang, 'unitTon')}`} />
      <p className="note">
        {t(lang, 'estimate')}：{t(lang, 'benefitNote', { h: formatNumber(b.factors.utilisation_hours) })}
      </p>
    </div>
  );
}

function BenefitCard({ label, value, unit }: { label: string; value: string; unit: string }) {
  return (
    <div className="benefit-card">
      <div className="benefit-value">
        {value}
        <small>{unit}</small>
      </div>
      <div className="benefit-label">{label}</div>
    </div>
  );
}

/** 运维 (this month): inspection coverage and first-time-right rate, overdue inspections, stock value; open faults, SLA compliance, MTTR and time to respond. */
function Operation({ lang, feed }: { lang: Lang; feed: Feed }) {
  const o = feed.data.operation;
  if (!o) return <Empty lang={lang} feed={feed} k="operation" />;
  const i = o.inspections;
  const m = o.maintenance;
  const value = formatLarge(Number(o.stock_value_total), lang);
  return (
    <div className="stats dense" data-testid="operation-stats">
      <Stat label={t(lang, 'omCoverage')} value={completionPercent(i.coverage).text} title={`${formatNumber(i.completed)} / ${formatNumber(i.planned)}`} testId="om-coverage" />
      <Stat label={t(lang, 'omFirstPass')} value={completionPercent(i.first_pass_rate).text} />
      <Stat label={t(lang, 'omOverdue')} value={formatNumber(i.overdue)} warn={i.overdue > 0} />
      <Stat label={t(lang, 'omStockValue')} value={`¥${value.value}${value.unit}`} title={`¥${o.stock_value_total}`} />
      <Stat label={t(lang, 'omOpenFaults')} value={formatNumber(m.open_now)} warn={m.open_now > 0} testId="om-open-faults" />
      <Stat label={t(lang, 'omSla')} value={m.completed ? completionPercent(m.sla_rate).text : '-'} title={`${formatNumber(m.completed)} / ${formatNumber(m.opened)}`} />
      <Stat label={t(lang, 'omMttr')} value={m.mttr_hours === null ? '-' : `${m.mttr_hours}h`} />
      <Stat label={t(lang, 'omRespond')} value={m.mean_respond_hours === null ? '-' : `${m.mean_respond_hours}h`} />
    </div>
  );
}

function Teams({ lang, feed }: { lang: Lang; feed: Feed }) {
  const teams = useMemo(
    () => (feed.data.teams?.teams ?? []).slice().sort((a, b) => b.kwp_built - a.kwp_built || b.completed - a.completed).slice(0, TEAMS_SHOWN),
    [feed.data.teams],
  );
  if (teams.length === 0) return <Empty lang={lang} feed={feed} k="teams" />;
  const max = Math.max(1, ...teams.map((x) => x.kwp_built));
  return (
    <ol className="ranking" data-testid="team-ranking">
      {teams.map((team, i) => {
        const cap = formatCapacity(team.kwp_built);
        return (
          <li key={team.team_id} className="rank-row">
            <span className={`rank-no rank-${i + 1}`}>{i + 1}</span>
            <span className="rank-name" title={team.name}>
              {team.name}
            </span>
            <span className="rank-bar">
              <i style={{ width: `${(team.kwp_built / max) * 100}%` }} />
            </span>
            <span className="rank-value">
              {cap.value} {cap.unit}
            </span>
            <span className="rank-sub">
              {formatNumber(team.completed)}/{formatNumber(team.orders)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const KIND_CLASS: Record<string, string> = { grid_connected: 'ev-grid', new_customer: 'ev-new', signed: 'ev-signed', matter: 'ev-matter' };

function Events({ lang, feed }: { lang: Lang; feed: Feed }) {
  const now = useNow(60_000);
  const events: StatEvent[] = useMemo(() => (feed.data.events?.events ?? []).slice(0, EVENTS_SHOWN), [feed.data.events]);
  // the keys seen on the previous cycle: events not among them are new and flash once
  const seen = useRef<Set<string> | null>(null);
  const fresh = useMemo(() => {
    const before = seen.current;
    const keys = new Set(events.map(eventKey));
    seen.current = keys;
    return before ? new Set([...keys].filter((k) => !before.has(k))) : new Set<string>();
  }, [events]);
  if (events.length === 0) return <Empty lang={lang} feed={feed} k="events" />;
  return (
    <ul className="events" data-testid="event-feed">
      {events.map((e) => {
        const key = eventKey(e);
        const cap = e.kwp !== undefined ? formatCapacity(e.kwp) : null;
        return (
          <li key={key} className={`event ${fresh.has(key) ? 'is-new' : ''}`}>
            <span className="event-time">{formatEventTime(e.at, now)}</span>
            <span className={`event-kind ${KIND_CLASS[e.kind] ?? ''}`}>{StatEventKind.label(e.kind, lang)}</span>
            <span className="event-title">{e.title}</span>
            {cap ? (
              <span className="event-kwp">
                {cap.value} {cap.unit}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function TitleBar({ lang, onToggleLang }: { lang: Lang; onToggleLang: () => void }) {
  const now = useNow(1000);
  return (
    <header className="titlebar">
      <div className="titlebar-side titlebar-left">
        <span>{formatDate(now)}</span>
        <span>{weekday(now, lang)}</span>
      </div>
      <h1 className="title">{t(lang, 'title')}</h1>
      <div className="titlebar-side titlebar-right">
        <span className="clock" data-testid="clock">
          {formatTime(now)}
        </span>
        <button type="button" className="lang-toggle" onClick={onToggleLang} data-testid="lang-toggle">
          {t(lang, 'langSwitch')}
        </button>
      </div>
    </header>
  );
}

function Kpi({ label, unit, testId, children }: { label: string; unit: string; testId: string; children: ReactNode }) {
  return (
    <div className="kpi" data-testid={testId}>
      <div className="kpi-label">{label}</div>
      <div className="kpi-value">
        {children}
        {unit ? <span className="kpi-unit">{unit}</span> : null}
      </div>
    </div>
  );
}

function Stat({ label, value, title, warn, testId }: { label: string; value: string; title?: string; warn?: boolean; testId?: string }) {
  return (
    <div className="stat" title={title} data-testid={testId}>
      <div className={`stat-value ${warn ? 'is-warn' : ''}`}>{value}</div>
      <div className="stat-label">{label}</div>
    </div>
  );
}

function Panel({ title, badge, className, testId, ready, children }: { title: string; badge?: ReactNode; className?: string; testId: string; ready: boolean; children: ReactNode }) {
  return (
    <div className={`panel ${className ?? ''}`} data-testid={testId} data-ready={ready ? 'true' : 'false'}>
      <i className="corner tl" />
      <i className="corner tr" />
      <i className="corner bl" />
      <i className="corner br" />
      <div className="panel-head">
        <span className="panel-title">{title}</span>
        {badge}
      </div>
      <div className="panel-body">{children}</div>
    </div>
  );
}

/** A panel without data: loading, not offered by the server (404), failed, or simply nothing yet. */
function Empty({ lang, feed, k }: { lang: Lang; feed: Feed; k: FeedKey }) {
  const outcome = feed.outcome[k];
  let msg: string = t(lang, 'noData');
  let cls = '';
  if (feed.loading) msg = t(lang, 'loading');
  else if (outcome === 'missing') msg = t(lang, 'unavailable');
  else if (outcome === 'error' && feed.error) {
    msg = `${t(lang, 'failed')}：${feed.error}`;
    cls = 'is-error';
  }
  return (
    <div className={`placeholder ${cls}`} data-testid="empty" data-outcome={outcome ?? ''}>
      {msg}
    </div>
  );
}

function StatusLine({ lang, feed, refreshSeconds }: { lang: Lang; feed: Feed; refreshSeconds: number }) {
  const now = useNow(1000);
  const stale = feed.cycles > 0 && isStale(feed.lastSuccess, feed.lastFailed, now, refreshSeconds);
  const asOf = feed.data.homepage?.as_of ?? feed.data.userArea?.as_of;
  return (
    <footer className="status">
      <span data-testid="updated-at">
        {t(lang, 'updatedAt')} {feed.lastSuccess ? formatTime(feed.lastSuccess) : '--:--:--'}
      </span>
      <span>
        {t(lang, 'asOf')} {formatAsOf(asOf)}
      </span>
      <span>{t(lang, 'every', { n: refreshSeconds })}</span>
      {feed.pushOpen ? <span data-testid="push-open">{t(lang, 'pushOpen')}</span> : null}
      {stale ? (
        <span className="stale" data-testid="stale-warning" title={feed.error ?? undefined}>
          ⚠ {t(lang, 'stale')}
          {feed.lastSuccess ? ` · ${t(lang, 'staleFor', { age: formatAge(now.getTime() - feed.lastSuccess.getTime(), lang) })}` : ''}
          {feed.error ? `（${feed.error}）` : ''}
        </span>
      ) : null}
    </footer>
  );
}

function SignIn({ lang, auth }: { lang: Lang; auth: Auth }) {
  const expired = auth.state === 'expired';
  const display = !!localStorage.getItem(DISPLAY_TOKEN_KEY);
  return (
    <section className="signin" data-testid="sign-in-required">
      <div className="signin-box">
        <p className="signin-text">{expired ? t(lang, display ? 'displayRefused' : 'expired') : t(lang, 'noToken')}</p>
        {expired && auth.reason ? (
          <p className="signin-reason" data-testid="sign-in-reason">
            {auth.reason}
          </p>
        ) : null}
        {display ? null : (
          <a className="signin-link" href={LOGIN_URL} data-testid="login-link">
            {t(lang, 'toLogin')}
          </a>
        )}
      </div>
    </section>
  );
}
