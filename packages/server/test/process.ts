import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ADMIN_PASSWORD } from './helpers.ts';

const SERVER_ROOT = resolve(import.meta.dirname, '..');

/** A server started as its own process (`node src/main.ts`), as production runs it. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  output(): string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
}

/**
 * Starts src/main.ts through tsx (or, `built`, the bundle dist/main.js as `pnpm start` runs it) on a
 * free port (PORT=0; the port is read from the "listening" log line or the start banner, which is
 * printed at any LOG_LEVEL). `launcher` wraps the command line, e.g. in a shell, to test signals
 * through a parent.
 */
/** The environment of a test server: a fresh data folder, no demo data, the test admin password. */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    PV_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DEMO_DATA: '0',
    TOKEN_SECRET: 'process-test-secret-process-test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pv-proc-')),
    CONSOLE_DIR: join(tmpdir(), 'pv-no-console'),
    DAPING_DIR: join(tmpdir(), 'pv-no-daping'),
    ...env,
  };
}

export async function startServer(env: Record<string, string>, launcher?: (cmd: string[]) => string[], options: { built?: boolean } = {}): Promise<ServerProcess> {
  const cmd = options.built ? [process.execPath, 'dist/main.js'] : [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const [file, ...args] = launcher ? launcher(cmd) : cmd;
  const child = spawn(file!, args, { cwd: SERVER_ROOT, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | string>((r) => child.on('exit', (code, signal) => r(code ?? signal ?? -1)));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)|is running: http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1] ?? m[2]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Whether a process id is alive (signal 0 only checks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves when `pred` holds, polling every 100 ms; rejects after `ms`. */
export async function until(pred: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A JSON POST whose body is sent in two halves with `between` run in the middle: a request in flight. */
export function slowPost(
  base: string,
  path: string,
  body: unknown,
  between: () => Promise<void>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: { code: number; data: unknown } }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolveRes, reject) => {
    const req = request(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': payload.length } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolveRes({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.write(payload.subarray(0, 5));
    req.flushHeaders();
    between().then(
      () => req.end(payload.subarray(5)),
      (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

/** fetch + the API envelope. */
export async function api(base: string, path: string, init: { token?: string; body?: unknown; lang?: 'zh' | 'en' } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.lang) headers['accept-language'] = init.lang === 'en' ? 'en' : 'zh-CN';
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method: init.body === undefined ? 'GET' : 'POST', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  let json: { code: number; msg: string; data: any };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // not our JSON (a proxy's error page): keep the status and the page's title so a failure says what answered
    json = { code: res.status, msg: `non-JSON reply: ${/<title>([^<]*)<\/title>/.exec(text)?.[1] ?? text.slice(0, 80)}`, data: null };
  }
  return { status: res.status, ...json };
}
