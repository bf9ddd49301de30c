import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { DbStats } from '../db/instrument.ts';

/**
 * Prometheus metrics (text exposition format 0.0.4), written by this small registry rather than a
 * library: counters, gauges and histograms with labels, and gauges read when scraped. One registry per
 * app (tests build several apps in one process). GET /metrics serves it; docs/OPERATIONS-RUNBOOK.md
 * lists the series and deploy/ has the dashboard and the alert rules built on them.
 */

type Labels = Record<string, string | number>;

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const keys = Object.keys(labels);
  return keys.length ? `{${keys.map((k) => `${k}="${escapeLabel(String(labels[k]))}"`).join(',')}}` : '';
};
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');
const keyOf = (labels: Labels) => JSON.stringify(Object.keys(labels).sort().map((k) => [k, String(labels[k])]));

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  render(): Promise<string[]> | string[];
}

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  inc(labels: Labels = {}, by = 1) {
    const key = keyOf(labels);
    const cur = this.values.get(key);
    if (cur) cur.value += by;
    else this.values.set(key, { labels, value: by });
  }
  get(labels: Labels = {}) {
    return this.values.get(keyOf(labels))?.value ?? 0;
  }
  lines(name: string) {
    return [...this.values.values()].map((v) => `${name}${labelText(v.labels)} ${num(v.value)}`);
  }
}

export class Histogram {
  private readonly values = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(readonly buckets: number[]) {}
  observe(labels: Labels, value: number) {
    const key = keyOf(labels);
    let v = this.values.get(key);
    if (!v) this.values.set(key, (v = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) v.counts[i]!++;
    v.sum += value;
    v.count++;
  }
  lines(name: string) {
    const out: string[] = [];
    for (const v of this.values.values()) {
      this.buckets.forEach((le, i) => out.push(`${name}_bucket${labelText({ ...v.labels, le: num(le) })} ${v.counts[i]}`));
      out.push(`${name}_bucket${labelText({ ...v.labels, le: '+Inf' })} ${v.count}`);
      out.push(`${name}_sum${labelText(v.labels)} ${num(v.sum)}`);
      out.push(`${name}_count${labelText(v.labels)} ${v.count}`);
    }
    return out;
  }
}

/** Seconds: from 5 ms (a cached read) to 30 s (a large export). */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: from 1 ms to 10 s. */
export const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Seconds: scheduled jobs take from milliseconds to many minutes. */
export const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

export class Metrics {
  private readonly families: Family[] = [];

  private add(family: Family) {
    if (this.families.some((f) => f.name === family.name)) throw new Error(`metric ${family.name} registered twice`);
    this.families.push(family);
  }

  counter(name: string, help: string): Counter {
    const c = new Counter();
    this.add({ name, help, type: 'counter', render: () => c.lines(name) });
    return c;
  }

  histogram(name: string, help: string, buckets: number[]): Histogram {
    return this.adopt(name, help, new Histogram(buckets));
  }

  /** A histogram kept elsewhere (the database's, made before the app) served under `name`. */
  adopt(name: string, help: string, h: Histogram): Histogram {
    this.add({ name, help, type: 'histogram', render: () => h.lines(name) });
    return h;
  }

  /** A gauge read when scraped: `read` returns one value, or values by label set. */
  gauge(name: string, help: string, read: () => number | Array<[Labels, number]> | Promise<number | Array<[Labels, number]>>) {
    this.add({
      name,
      help,
      type: 'gauge',
      render: async () => {
        const value = await read();
        return typeof value === 'number' ? [`${name} ${num(value)}`] : value.map(([labels, v]) => `${name}${labelText(labels)} ${num(v)}`);
      },
    });
  }

  /** The exposition text; a family whose reading fails is left out (and said so in a comment), the rest is served. */
  async render(): Promise<string> {
    const out: string[] = [];
    for (const f of this.families) {
      let lines: string[];
      try {
        lines = await f.render();
      } catch (err) {
        out.push(`# ${f.name} unavailable: ${err instanceof Error ? err.message.replace(/\n/g, ' ') : String(err)}`);
        continue;
      }
      out.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`, ...lines);
    }
    return out.join('\n') + '\n';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Scrape-time readings that query the database are cached this long (several scrapers, one query). */
export function cached<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let at = -Infinity;
  let value: Promise<T> | null = null;
  return () => {
    if (!value || performance.now() - at > ms) {
      at = performance.now();
      value = read().catch((err: unknown) => {
        value = null;
        throw err;
      });
    }
    return value;
  };
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Who may read /metrics: a bearer METRICS_TOKEN when configured, else a caller on this machine (the socket's address, not X-Forwarded-For). */
function mayScrape(req: FastifyRequest, config: Config): boolean {
  if (config.metricsToken) {
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(config.metricsToken);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  return LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/**
 * The registry of an app with what the HTTP layer, the process and the database measure; modules add
 * theirs (scheduler: job runs; realtime: websockets; workflow: open and overdue tasks) to `app.metrics`.
 */
export function metricsPlugin(app: FastifyInstance, config: Config, stats: DbStats | undefined, ready: () => boolean) {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);

  const duration = metrics.histogram('pv_http_request_duration_seconds', 'HTTP requests by route template, method and status', HTTP_BUCKETS);
  let inFlight = 0;
  app.addHook('onRequest', async () => {
    inFlight++;
  });
  app.addHook('onResponse', async (req, reply) => {
    inFlight--;
    // the route template, never the raw URL (bounded label values); 404s share one
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
  });
  metrics.gauge('pv_http_requests_in_flight', 'HTTP requests being answered now', () => inFlight);
  metrics.gauge('pv_ready', '1 while the server takes traffic, 0 while it starts or drains', () => (ready() ? 1 : 0));

  if (stats) {
    metrics.gauge('pv_db_pool_size', 'Database connections the pool may open (PGlite: 1)', () => stats.max);
    metrics.gauge('pv_db_pool_in_use', 'Database connections running a query or holding a transaction', () => Math.min(stats.active, stats.max));
    metrics.gauge('pv_db_pool_waiting', 'Queries and transactions waiting for a free connection', () => Math.max(0, stats.active - stats.max));
    metrics.adopt('pv_db_query_duration_seconds', 'Database statements and whole transactions (kind), including the wait for a connection', stats.durations);
  }

  // the event loop's delay: a request waits at least this long before any of its code runs
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  app.addHook('onClose', async () => loop.disable());
  metrics.gauge('pv_event_loop_lag_seconds', 'Event-loop delay since the previous scrape (quantiles and max)', () => {
    const q: Array<[Labels, number]> = [
      [{ quantile: '0.5' }, loop.percentile(50) / 1e9],
      [{ quantile: '0.99' }, loop.percentile(99) / 1e9],
      [{ quantile: '1' }, loop.max / 1e9],
    ];
    loop.reset();
    return q;
  });
  const started = Date.now() / 1000 - process.uptime();
  metrics.gauge('process_start_time_seconds', 'Start time of the process (Unix seconds)', () => started);
  metrics.gauge('process_resident_memory_bytes', 'Resident memory of the process', () => process.memoryUsage.rss());
  metrics.gauge('nodejs_heap_used_bytes', 'V8 heap in use', () => process.memoryUsage().heapUsed);
  metrics.gauge('process_cpu_seconds_total', 'CPU time used by the process (user + system)', () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  });

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (!mayScrape(req, config)) return reply.status(403).type('text/plain; charset=utf-8').send('metrics: loopback only, or Authorization: Bearer <METRICS_TOKEN>\n');
    return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(await metrics.render());
  });
  return metrics;
}
