/**
 * The baseline of the throughput bench (lib/throughput.ts): a bare Node HTTP server that answers each
 * route by running the statements the product ran for the same request — captured from the product's
 * own code, text and parameters — through the same driver (postgres-js, prepared, the same connection
 * settings and pool size), concurrently as the product runs them, and replies with the same envelope.
 * No framework, no auth, no validation, no shaping of rows: what the database and the driver cost.
 *
 *   node --import tsx lib/bare-server.ts '{"databaseUrl":…,"poolSize":10,"routes":{"/list":[{"text":…,"params":[…]}…]}}'
 * prints `listening <port>`.
 */
import { createServer } from 'node:http';
import postgres from 'postgres';

export interface Statement {
  text: string;
  params: unknown[];
}

export interface BareOptions {
  databaseUrl: string;
  poolSize: number;
  /** path → the statements of one request: one is a record, two are a page and its total */
  routes: Record<string, Statement[]>;
}

const opts = JSON.parse(process.argv[2]!) as BareOptions;
const sql = postgres(opts.databaseUrl, { max: opts.poolSize, onnotice: () => {}, connection: { plan_cache_mode: 'force_custom_plan' } });
const run = (s: Statement) => sql.unsafe(s.text, s.params as never[], { prepare: true });

const server = createServer((req, res) => {
  const statements = opts.routes[req.url ?? ''];
  if (!statements) {
    res.writeHead(404).end();
    return;
  }
  Promise.all(statements.map(run)).then(
    (results) => {
      const data = results.length === 1 ? (results[0]![0] ?? null) : { list: results[0], total: Number(Object.values(results[1]![0] ?? { n: 0 })[0]) };
      const body = JSON.stringify({ code: 200, msg: 'success', data });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    },
    (err: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message);
    },
  );
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close();
  void sql.end({ timeout: 1 }).then(() => process.exit(0));
});
