import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@pv/client';
import { paths, type UserAreaStat } from '@pv/contract';
import { createDapingClient } from './api.ts';
import { CapacityChart, UserAreaChart } from './Charts.tsx';
import { t } from './i18n.ts';
import {
  LANG_KEY,
  TOKEN_KEY,
  formatAsOf,
  formatCapacity,
  formatDate,
  formatNumber,
  formatTime,
  isStale,
  isUserAreaStat,
  readToken,
  topN,
  totals,
  weekday,
  type Lang,
} from './logic.ts';
import { Stage } from './Stage.tsx';
import { useNow } from './useNow.ts';

/** Where a person signs in: the console, same origin. */
export const LOGIN_URL = '/#/login';

interface Props {
  refreshSeconds: number;
  initialLang: Lang;
}

type Auth = { state: 'ok' } | { state: 'none' } | { state: 'expired'; reason?: string };

interface Feed {
  data: UserAreaStat | null;
  lastSuccess: Date | null;
  error: string | null;
  loading: boolean;
}

export function App({ refreshSeconds, initialLang }: Props) {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [auth, setAuth] = useState<Auth>(() => (readToken(localStorage) ? { state: 'ok' } : { state: 'none' }));
  const [feed, setFeed] = useState<Feed>({ data: null, lastSuccess: null, error: null, loading: true });
  const [drawn, setDrawn] = useState(false);

  const langRef = useRef(lang);
  useEffect(() => {
    langRef.current = lang;
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t(lang, 'title');
  }, [lang]);

  const client = useMemo(
    () => createDapingClient({ lang: () => langRef.current, onExpired: (reason) => setAuth({ state: 'expired', reason }) }),
    [],
  );

  // A sign-in (or sign-out) in the console's tab reaches this one through the storage event.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && e.key !== TOKEN_KEY) return;
      setAuth(readToken(localStorage) ? { state: 'ok' } : { state: 'none' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Poll the statistic; a failed call keeps the last data on screen.
  useEffect(() => {
    if (auth.state !== 'ok') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      try {
        const res = await client.post<UserAreaStat>(paths.statistic('user_area'), {}, { signal: controller.signal, silent: true });
        if (!isUserAreaStat(res.data)) throw new Error(t(langRef.current, 'badData'));
        const data = res.data;
        if (!stopped) setFeed({ data, lastSuccess: new Date(), error: null, loading: false });
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && Number(err.code) === 401) {
          setAuth({ state: 'expired', reason: err.message });
          return;
        }
        if (err instanceof ApiError && [402, 405].includes(Number(err.code))) return; // onExpired already switched the screen
        const msg = err instanceof Error ? err.message : String(err);
        setFeed((f) => ({ ...f, error: msg, loading: false }));
      }
      if (!stopped) timer = setTimeout(tick, refreshSeconds * 1000);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [auth.state, client, refreshSeconds]);

  const toggleLang = useCallback(() => {
    setLang((l) => {
      const next = l === 'zh' ? 'en' : 'zh';
      localStorage.setItem(LANG_KEY, next);
      return next;
    });
  }, []);
  const onDrawn = useCallback(() => setDrawn(true), []);

  const topUsers = useMemo(() => topN(feed.data?.provinces ?? [], 'customers', 10), [feed.data]);
  const topCapacity = useMemo(() => topN(feed.data?.provinces ?? [], 'capacity_kwp', 10), [feed.data]);
  const sum = useMemo(() => totals(feed.data), [feed.data]);
  const capacity = formatCapacity(sum.capacity_kwp);

  return (
    <Stage>
      <TitleBar lang={lang} onToggleLang={toggleLang} />
      {auth.state !== 'ok' ? (
        <SignIn lang={lang} auth={auth} />
      ) : (
        <>
          <section className="kpis">
            <Kpi label={t(lang, 'customers')} value={feed.data ? formatNumber(sum.customers) : '--'} unit={t(lang, 'unitPerson')} testId="kpi-customers" />
            <Kpi label={t(lang, 'stations')} value={feed.data ? formatNumber(sum.stations) : '--'} unit={t(lang, 'unitStation')} testId="kpi-stations" />
            <Kpi label={t(lang, 'capacity')} value={feed.data ? capacity.value : '--'} unit={capacity.unit} testId="kpi-capacity" />
            <Kpi label={t(lang, 'provinces')} value={feed.data ? formatNumber(sum.provinces) : '--'} unit={t(lang, 'unitProvince')} testId="kpi-provinces" />
          </section>
          <section className="main">
            <Panel
              className="panel-left"
              title={t(lang, 'chartUserArea')}
              badge={drawn ? <span className="live" data-testid="chart-ready">● {t(lang, 'live')}</span> : null}
            >
              <div className="chart" data-testid="chart-user-area" data-ready={drawn ? 'true' : 'false'}>
                {topUsers.length > 0 ? (
                  <UserAreaChart rows={topUsers} lang={lang} onDrawn={onDrawn} />
                ) : (
                  <Placeholder lang={lang} feed={feed} />
                )}
              </div>
            </Panel>
            <Panel className="panel-right" title={t(lang, 'chartCapacity')}>
              <div className="chart" data-testid="chart-capacity">
                {topCapacity.length > 0 ? <CapacityChart rows={topCapacity} lang={lang} /> : <Placeholder lang={lang} feed={feed} />}
              </div>
            </Panel>
          </section>
          <StatusLine lang={lang} feed={feed} refreshSeconds={refreshSeconds} />
        </>
      )}
    </Stage>
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

function Kpi({ label, value, unit, testId }: { label: string; value: string; unit: string; testId: string }) {
  return (
    <div className="kpi" data-testid={testId}>
      <div className="kpi-label">{label}</div>
      <div className="kpi-value">
        <span className="kpi-number">{value}</span>
        {unit ? <span className="kpi-unit">{unit}</span> : null}
      </div>
    </div>
  );
}

function Panel({ title, badge, className, children }: { title: string; badge?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`panel ${className ?? ''}`}>
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

function Placeholder({ lang, feed }: { lang: Lang; feed: Feed }) {
  let msg: string = t(lang, 'noData');
  if (feed.loading) msg = t(lang, 'loading');
  else if (!feed.data && feed.error) msg = `${t(lang, 'failed')}：${feed.error}`;
  return <div className={`placeholder ${!feed.data && feed.error ? 'is-error' : ''}`}>{msg}</div>;
}

function StatusLine({ lang, feed, refreshSeconds }: { lang: Lang; feed: Feed; refreshSeconds: number }) {
  const now = useNow(1000);
  const stale = feed.data !== null && isStale(feed.lastSuccess, feed.error !== null, now, refreshSeconds);
  return (
    <footer className="status">
      <span data-testid="updated-at">
        {t(lang, 'updatedAt')} {feed.lastSuccess ? formatTime(feed.lastSuccess) : '--:--:--'}
      </span>
      <span>
        {t(lang, 'asOf')} {formatAsOf(feed.data?.as_of)}
      </span>
      <span>{t(lang, 'every', { n: refreshSeconds })}</span>
      {stale ? (
        <span className="stale" data-testid="stale-warning" title={feed.error ?? undefined}>
          ⚠ {t(lang, 'stale')}
          {feed.error ? `（${feed.error}）` : ''}
        </span>
      ) : null}
    </footer>
  );
}

function SignIn({ lang, auth }: { lang: Lang; auth: Auth }) {
  const expired = auth.state === 'expired';
  return (
    <section className="signin" data-testid="sign-in-required">
      <div className="signin-box">
        <p className="signin-text">{expired ? t(lang, 'expired') : t(lang, 'noToken')}</p>
        {expired && auth.reason ? <p className="signin-reason">{auth.reason}</p> : null}
        <a className="signin-link" href={LOGIN_URL} data-testid="login-link">
          {t(lang, 'toLogin')}
        </a>
      </div>
    </section>
  );
}
