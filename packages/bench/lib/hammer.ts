/**
 * A lean HTTP/1.1 load client: C keep-alive connections on raw sockets, each sending its next GET as
 * soon as the previous reply is complete (a closed loop, no think time). Far cheaper per request than
 * node:http, so on a 2-core machine the client takes less of the CPU the servers compete for; both
 * sides of a comparison are driven by the same client.
 *
 * Run as its own process (so it can be pinned to a core with taskset):
 *   node --import tsx lib/hammer.ts '{"port":…,"paths":["/…"],"headers":{…},"connections":100,"ms":5000}'
 * prints one JSON line: {requests, errors, wallMs, samples (ms, at most 20,000 kept evenly)}.
 */
import { connect, type Socket } from 'node:net';

export interface HammerOptions {
  host?: string;
  port: number;
  /** each request takes the next path, round robin */
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  ms: number;
}

export interface HammerResult {
  requests: number;
  errors: number;
  /** non-200 statuses and socket errors by name */
  errorKinds: Record<string, number>;
  wallMs: number;
  samples: number[];
}

const MAX_SAMPLES = 20_000;

export async function hammer(opts: HammerOptions): Promise<HammerResult> {
  const host = opts.host ?? '127.0.0.1';
  const extra = Object.entries(opts.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requests = opts.paths.map((p) => Buffer.from(`GET ${p} HTTP/1.1\r\nhost: ${host}:${opts.port}\r\n${extra}\r\n`));
  const samples: number[] = [];
  const errorKinds: Record<string, number> = {};
  let done = 0;
  let errors = 0;
  let next = 0;
  const fail = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  const started = performance.now();
  const end = started + opts.ms;

  const run = () =>
    new Promise<void>((resolve) => {
      const socket: Socket = connect(opts.port, host);
      socket.setNoDelay(true);
      let buf: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= end) {
          socket.end();
          return resolve();
        }
        sentAt = performance.now();
        socket.write(requests[next++ % requests.length]!);
      };
      socket.on('connect', send);
      socket.on('error', (err) => {
        fail((err as NodeJS.ErrnoException).code ?? 'socket');
        resolve();
      });
      socket.on('close', () => resolve());
      socket.on('data', (chunk: Buffer) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          const head = buf.indexOf('\r\n\r\n');
          if (head < 0) return;
          const header = buf.subarray(0, head).toString('latin1');
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1] ?? NaN);
          if (Number.isNaN(length)) {
            fail('no content-length');
            socket.destroy();
            return resolve();
          }
          if (buf.length < head + 4 + length) return;
          const status = header.slice(9, 12);
          buf = buf.subarray(head + 4 + length);
          done++;
          if (status !== '200') fail(status);
          // keep an even spread of samples over the run
          if (samples.length < MAX_SAMPLES) samples.push(performance.now() - sentAt);
          else if (Math.random() < MAX_SAMPLES / done) samples[Math.floor(Math.random() * MAX_SAMPLES)] = performance.now() - sentAt;
          send();
        }
      });
    });

  await Promise.all(Array.from({ length: opts.connections }, run));
  return { requests: done, errors, errorKinds, wallMs: performance.now() - started, samples };
}

if (process.argv[1]?.endsWith('hammer.ts')) {
  const opts = JSON.parse(process.argv[2]!) as HammerOptions;
  hammer(opts).then(
    (r) => process.stdout.write(JSON.stringify(r) + '\n'),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
