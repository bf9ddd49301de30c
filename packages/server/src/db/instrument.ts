import type { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import { Histogram, QUERY_BUCKETS } from '../http/metrics.ts';

/**
 * What the metrics read of a database client: how many statements and transactions hold or wait for
 * a connection (`active`; in use = up to `max`, waiting = the rest) and how long they take. Measured by
 * wrapping the client's own entry points (the ones drizzle calls), so every query of every module counts.
 */
export interface DbStats {
  max: number;
  active: number;
  durations: Histogram;
}

const byDb = new WeakMap<object, DbStats>();

/** The stats of a database opened by openDb (none for one made otherwise). */
export const dbStatsOf = (db: object): DbStats | undefined => byDb.get(db);
export const registerDbStats = (db: object, stats: DbStats) => void byDb.set(db, stats);

const newStats = (max: number): DbStats => ({ max, active: 0, durations: new Histogram(QUERY_BUCKETS) });

/** Times `run` as `kind`; `counted`: it holds (or waits for) a connection meanwhile. */
async function timed<T>(stats: DbStats, kind: 'statement' | 'transaction', counted: boolean, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  if (counted) stats.active++;
  try {
    return await run();
  } finally {
    if (counted) stats.active--;
    stats.durations.observe({ kind }, (performance.now() - t0) / 1000);
  }
}

type AnyFn = (...args: any[]) => any;

/** PGlite: one connection; a statement or transaction waits on its lock for the one before it. */
export function instrumentPglite(client: PGlite): DbStats {
  const stats = newStats(1);
  const c = client as unknown as Record<'query' | 'exec' | 'transaction', AnyFn>;
  for (const name of ['query', 'exec'] as const) {
    const own = c[name].bind(client);
    c[name] = (...args: unknown[]) => timed(stats, 'statement', true, () => own(...args));
  }
  const transaction = c.transaction.bind(client);
  c.transaction = (fn: AnyFn) =>
    timed(stats, 'transaction', true, () =>
      transaction((tx: Record<'query' | 'exec', AnyFn>) => {
        for (const name of ['query', 'exec'] as const) {
          const own = tx[name];
          tx[name] = (...args: unknown[]) => timed(stats, 'statement', false, () => own(...args));
        }
        return fn(tx);
      }),
    );
  return stats;
}

/**
 * postgres-js: a pool of `max` connections. `unsafe` (every drizzle statement) returns a lazy query
 * that runs when it is awaited: its then() is wrapped, so the timing starts then (a query streamed with
 * cursor() or forEach() is left alone and not measured); `begin` holds a connection for the whole transaction.
 */
export function instrumentPostgres(client: postgres.Sql): DbStats {
  const stats = newStats(client.options.max);
  const observe = (sql: { unsafe: AnyFn }, counted: boolean) => {
    const own = sql.unsafe;
    sql.unsafe = function (this: unknown, ...args: unknown[]) {
      const query = own.apply(this, args) as { then: AnyFn };
      const then = query.then;
      let watched = false;
      query.then = function (this: unknown, ...handlers: unknown[]) {
        if (!watched) {
          watched = true;
          const t0 = performance.now();
          if (counted) stats.active++;
          const done = () => {
            if (counted) stats.active--;
            stats.durations.observe({ kind: 'statement' }, (performance.now() - t0) / 1000);
          };
          then.call(this, done, done);
        }
        return then.apply(this, handlers);
      };
      return query;
    };
  };
  observe(client as unknown as { unsafe: AnyFn }, true);
  const c = client as unknown as { begin: AnyFn };
  const begin = c.begin.bind(client);
  c.begin = (...args: unknown[]) => {
    const fn = args.pop() as AnyFn;
    return timed(stats, 'transaction', true, () =>
      begin(...args, (tx: { unsafe: AnyFn }) => {
        observe(tx, false);
        return fn(tx);
      }),
    );
  };
  return stats;
}
