import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type ApiClient } from '@pv/client';
import {
  paths,
  type HomepageStat,
  type IndustryConstructionStat,
  type IndustryDataStat,
  type IndustryTeamStat,
  type OperationStat,
  type StatEventsStat,
  type TargetIndexStat,
  type UserAreaStat,
  type UserLineStat,
} from '@pv/contract';
import { t } from './i18n.ts';
import { connectStatsPush } from './push.ts';
import { cycleFailed, isUserAreaStat, last12Months, type CallOutcome, type FeedKey, type Lang } from './logic.ts';

export interface ScreenData {
  homepage: HomepageStat | null;
  userArea: UserAreaStat | null;
  userLine: UserLineStat | null;
  industry: IndustryDataStat | null;
  construction: IndustryConstructionStat | null;
  teams: IndustryTeamStat | null;
  targets: TargetIndexStat | null;
  events: StatEventsStat | null;
  operation: OperationStat | null;
}

export interface Feed {
  data: ScreenData;
  /** what the last call of each statistic came to (undefined before the first cycle) */
  outcome: Partial<Record<FeedKey, CallOutcome>>;
  /** the end of the last cycle in which nothing failed */
  lastSuccess: Date | null;
  /** the last cycle had a failed call (its panels keep their earlier data) */
  lastFailed: boolean;
  /** the first error of the last cycle, for the status line */
  error: string | null;
  loading: boolean;
  cycles: number;
  /** the statistics push is connected (changes show at once, not at the next poll) */
  pushOpen: boolean;
}

const EMPTY: ScreenData = { homepage: null, userArea: null, userLine: null, industry: null, construction: null, teams: null, targets: null, events: null, operation: null };

/** Equal answers apart from their `as_of` stamp (the payloads are a few KB: comparing text is cheap). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return false;
  const text = (v: unknown) => JSON.stringify(v, (k, x: unknown) => (k === 'as_of' ? undefined : x));
  return text(a) === text(b);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** the fields the screen reads must be there (a wrong shape is an error, not a blank panel) */
const hasArrays = (v: unknown, ...keys: string[]) => isObject(v) && keys.every((k) => Array.isArray(v[k]));

interface Call<K extends FeedKey> {
  key: K;
  url: string;
  body: () => Record<string, unknown>;
  valid: (v: unknown) => boolean;
}

const CALLS: Array<Call<FeedKey>> = [
  { key: 'homepage', url: paths.statistic('homepage'), body: () => ({ period: 'month' }), valid: (v) => isObject(v) && isObject(v.customers) && isObject(v.capacity) },
  { key: 'userArea', url: paths.statistic('user_area'), body: () => ({}), valid: isUserAreaStat },
  { key: 'userLine', url: paths.statistic('user_line'), body: () => last12Months(new Date()), valid: (v) => hasArrays(v, 'points') },
  { key: 'industry', url: paths.statistic('industry_data'), body: () => ({ period: 'year' }), valid: (v) => isObject(v) && isObject(v.capacity) },
  { key: 'construction', url: paths.statistic('industry_construction_data'), body: () => ({ period: 'month' }), valid: (v) => hasArrays(v, 'backlog') },
  { key: 'teams', url: paths.statistic('industry_team_data'), body: () => ({ period: 'year' }), valid: (v) => hasArrays(v, 'teams') },
  { key: 'targets', url: paths.target('index_data'), body: () => ({ period: 'year' }), valid: (v) => hasArrays(v, 'items') },
  { key: 'events', url: paths.statistic('events'), body: () => ({}), valid: (v) => hasArrays(v, 'events') },
  { key: 'operation', url: paths.statistic('operation'), body: () => ({ period: 'month' }), valid: (v) => isObject(v) && isObject(v.inspections) && isObject(v.maintenance) && hasArrays(v, 'stock_value') },
];

declare global {
  interface Window {
    /** runs one refresh cycle now and resolves once it is on screen (e2e tests and the benchmark) */
    __dapingRefresh?: () => Promise<number>;
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * Polls every statistic of the screen each `refreshSeconds` (one state update per cycle), and with
 * `push` also refreshes as soon as the server says the statistics changed (push.ts). A failed
 * call keeps that panel's last data; a missing endpoint (404) leaves it empty; 401 ends the session
 * (`onUnauthorized` with the server's reason: a revoked or expired display token). The poll goes on
 * while the server is away, so the screen recovers by itself when it returns.
 */
export function useScreenData(client: ApiClient, refreshSeconds: number, push: boolean, active: boolean, lang: () => Lang, onUnauthorized: (reason: string) => void, getToken: () => string | null): Feed {
  const [feed, setFeed] = useState<Feed>({ data: EMPTY, outcome: {}, lastSuccess: null, lastFailed: false, error: null, loading: true, cycles: 0, pushOpen: false });
  const running = useRef<Promise<number> | null>(null);
  const cycles = useRef(0);
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;

  const cycle = useCallback(
    async (signal: AbortSignal): Promise<number> => {
      const results = await Promise.all(
        CALLS.map(async (c): Promise<{ key: FeedKey; outcome: CallOutcome; data?: unknown; error?: string; status?: number }> => {
          try {
            const res = await client.post<unknown>(c.url, c.body(), { signal, silent: true });
            if (!c.valid(res.data)) return { key: c.key, outcome: 'error', error: t(lang(), 'badData') };
            return { key: c.key, outcome: 'ok', data: res.data };
          } catch (err) {
            const status = err instanceof ApiError ? Number(err.code) : 0;
            if (status === 404) return { key: c.key, outcome: 'missing' };
            return { key: c.key, outcome: 'error', error: err instanceof Error ? err.message : String(err), status };
          }
        }),
      );
      if (signal.aborted) return 0;
      const refused = results.find((r) => r.status === 401);
      if (refused) {
        unauthorized.current(refused.error ?? '');
        return 0;
      }
      // 402 / a failed 405 refresh: the client's onSessionExpired already switched the screen
      if (results.some((r) => r.status === 402 || r.status === 405)) return 0;
      const failed = cycleFailed(results.map((r) => r.outcome));
      const n = ++cycles.current;
      setFeed((prev) => {
        const data = { ...prev.data };
        const outcome: Feed['outcome'] = {};
        for (const r of results) {
          outcome[r.key] = r.outcome;
          // an answer equal to the last one keeps the same object, so its panel does not redraw
          if (r.outcome === 'ok' && !sameData(prev.data[r.key], r.data)) (data as Record<FeedKey, unknown>)[r.key] = r.data;
          else if (r.outcome === 'missing') (data as Record<FeedKey, unknown>)[r.key] = null;
        }
        return {
          data,
          outcome,
          lastSuccess: failed ? prev.lastSuccess : new Date(),
          lastFailed: failed,
          error: results.find((r) => r.outcome === 'error')?.error ?? null,
          loading: false,
          cycles: n,
          pushOpen: prev.pushOpen,
        };
      });
      return n;
    },
    [client, lang],
  );

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // a change pushed while a cycle is in flight may have missed that cycle's reads: one more cycle after it
    let again = false;
    const run = (): Promise<number> => {
      if (running.current) return running.current;
      clearTimeout(timer);
      const p = cycle(controller.signal).finally(() => {
        running.current = null;
        if (stopped) return;
        if (again) {
          again = false;
          void run();
        } else timer = setTimeout(() => void run(), refreshSeconds * 1000);
      });
      running.current = p;
      return p;
    };
    window.__dapingRefresh = async () => {
      const n = await run();
      await nextFrame();
      return n;
    };
    void run();
    const stopPush = push
      ? connectStatsPush({
          getToken,
          onChange: () => {
            if (running.current) again = true;
            else void run();
          },
          onOpen: (pushOpen) => setFeed((prev) => (prev.pushOpen === pushOpen ? prev : { ...prev, pushOpen })),
        })
      : undefined;
    return () => {
      stopPush?.();
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      running.current = null;
      delete window.__dapingRefresh;
    };
  }, [active, cycle, refreshSeconds, push, getToken]);

  return feed;
}
