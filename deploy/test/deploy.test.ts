import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../packages/contract/src/lifecycle.ts';
import { APP_PACKAGE_DEFAULT_MAX_MB } from '../../packages/contract/src/app-version.ts';
import { paths } from '../../packages/contract/src/paths.ts';
import { ENV_DOCS, loadConfig } from '../../packages/server/src/config.ts';

/**
 * The production files — Dockerfile, .dockerignore, docker-compose.yml, deploy/nginx.conf — checked
 * against the code they deploy: no docker is needed (none runs here), so they are parsed and compared
 * with the server's configuration, the workspace and the build. README.md, "Production".
 */

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// ---- Dockerfile ---------------------------------------------------------------------------------

interface Instruction {
  op: string;
  args: string;
}

interface Stage {
  image: string;
  name: string | null;
  steps: Instruction[];
}

/** Instructions with continuation lines joined and comments dropped; ARG defaults substituted in FROM. */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !pending)) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    if (!full) continue;
    const [op, ...rest] = full.split(/\s+/);
    instructions.push({ op: op!.toUpperCase(), args: rest.join(' ') });
  }
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const ins of instructions) {
    if (ins.op === 'ARG' && stages.length === 0) {
      const [name, value] = ins.args.split('=');
      args[name!] = value ?? '';
    } else if (ins.op === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args)!;
      const image = m[1]!.replace(/^\$\{(\w+)\}$|^\$(\w+)$/, (_all, a?: string, b?: string) => args[(a ?? b)!] ?? '');
      stages.push({ image, name: m[2] ?? null, steps: [] });
    } else {
      stages.at(-1)?.steps.push(ins);
    }
  }
  return { args, stages };
}

/** COPY's flags, sources and destination (shell form; the JSON form is not used here). */
function copyParts(args: string): { from: string | null; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const rest = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length) ?? null;
  return { from, sources: rest.slice(0, -1), dest: rest.at(-1)! };
}

function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const s of stage.steps.filter((i) => i.op === 'ENV')) {
    for (const pair of s.args.split(/\s+/)) {
      const at = pair.indexOf('=');
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}

/** .dockerignore semantics enough for these patterns: `**` any folders, `*` within one name, a folder excludes what is in it. */
function dockerIgnored(path: string, patterns: string[]): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const negate = raw.startsWith('!');
    const pattern = (negate ? raw.slice(1) : raw).replace(/^\/+|\/+$/g, '');
    let re = '';
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i]!;
      if (pattern.startsWith('**/', i)) {
        re += '(?:.*/)?';
        i += 2;
      } else if (pattern.startsWith('**', i)) {
        re += '.*';
        i += 1;
      } else if (c === '*') re += '[^/]*';
      else if (c === '?') re += '[^/]';
      else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
    if (new RegExp(`^${re}(?:/.*)?$`).test(path)) ignored = !negate;
  }
  return ignored;
}

const dockerignore = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** Folders of the workspace's packages, from pnpm-workspace.yaml (plain folders and `folder/*`). */
function workspacePackages(): string[] {
  const globs = (parseYaml(read('pnpm-workspace.yaml')) as { packages: string[] }).packages;
  return globs.flatMap((g) =>
    g.endsWith('/*')
      ? readdirSync(join(ROOT, g.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory() && existsSync(join(ROOT, g.slice(0, -2), d.name, 'package.json')))
          .map((d) => `${g.slice(0, -2)}/${d.name}`)
      : [g],
  );
}

const dockerfile = parseDockerfile(read('Dockerfile'));
const build = dockerfile.stages.find((s) => s.name === 'build');
const runtime = dockerfile.stages.at(-1)!;
const workdir = (stage: Stage) => stage.steps.filter((s) => s.op === 'WORKDIR').at(-1)?.args ?? '/';
const runIndex = (stage: Stage, pattern: RegExp) => stage.steps.findIndex((s) => s.op === 'RUN' && pattern.test(s.args));

describe('Dockerfile', () => {
  it('builds in a stage of its own on node 20 and runs as a non-root user', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    expect(build).toBeDefined();
    // a release of node 20, pinned to its patch version
    for (const stage of dockerfile.stages) expect(stage.image).toMatch(/^node:20\.\d+\.\d+-bookworm-slim$/);
    const user = runtime.steps.filter((s) => s.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    // the data folder is the only place it writes, and it is that user's
    const env = envOf(runtime);
    expect(runtime.steps.some((s) => s.op === 'RUN' && s.args.includes(`chown ${user}:${user} ${env.DATA_DIR}`))).toBe(true);
  });

  it('runs the built server with node on the configuration a container needs', () => {
    const env = envOf(runtime);
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '8080', DATA_DIR: '/data' });
    const documented = new Set(ENV_DOCS.map((d) => d.name));
    for (const name of Object.keys(env).filter((n) => n !== 'NODE_ENV')) expect(documented, name).toContain(name);
    expect(runtime.steps.find((s) => s.op === 'EXPOSE')?.args).toBe(env.PORT);
    const cmd = JSON.parse(runtime.steps.find((s) => s.op === 'CMD')!.args) as string[];
    expect(cmd).toEqual(['node', 'packages/server/dist/main.js']);
    // that is where the server build writes its entry point
    const buildScript = read('packages/server/scripts/build.mjs');
    expect(buildScript).toContain("main: 'src/main.ts'");
    expect(buildScript).toContain("outdir: 'dist'");
    const health = runtime.steps.find((s) => s.op === 'HEALTHCHECK')!.args;
    expect(health).toContain('/api/health');
    expect(health).toContain('process.env.PORT');
    expect(health).not.toMatch(/curl|wget/); // not in the slim image
  });

  it('installs from every workspace manifest and the lockfile before copying the sources (a cached, frozen install)', () => {
    const steps = build!.steps;
    const install = runIndex(build!, /^pnpm install --frozen-lockfile$/);
    const copyAll = steps.findIndex((s) => s.op === 'COPY' && s.args === '. .');
    expect(install).toBeGreaterThan(0);
    expect(copyAll).toBeGreaterThan(install);
    const copiedBefore = steps
      .slice(0, install)
      .filter((s) => s.op === 'COPY')
      .flatMap((s) => copyParts(s.args).sources);
    const manifests = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', ...workspacePackages().map((p) => `${p}/package.json`)];
    expect(workspacePackages()).toEqual(expect.arrayContaining(['console', 'daping', 'packages/server', 'packages/contract']));
    expect(copiedBefore.sort()).toEqual(manifests.sort());
    expect(runIndex(build!, /^pnpm build$/)).toBeGreaterThan(copyAll);
  });

  it('copies only what exists: sources of the repository inside the build context, and what pnpm build and pnpm deploy produce', () => {
    // sources taken from the build context
    for (const step of build!.steps.filter((s) => s.op === 'COPY' && !copyParts(s.args).from)) {
      for (const src of copyParts(step.args).sources.filter((s) => s !== '.')) {
        expect(existsSync(join(ROOT, src)), src).toBe(true);
        expect(dockerIgnored(src, dockerignore), `${src} is excluded by .dockerignore`).toBe(false);
      }
    }
    // what `pnpm build` writes (the root script builds the console, the big screen and the server)
    const rootBuild = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.build!;
    for (const pkg of ['@pv/console', '@pv/daping', '@pv/server']) expect(rootBuild).toContain(`--filter ${pkg} build`);
    for (const app of ['console', 'daping']) expect(read(`${app}/vite.config.ts`)).toContain("outDir: 'dist'");
    const built = new Set(['console/dist', 'daping/dist', 'packages/server/dist']);
    // what `pnpm --filter @pv/server --prod deploy` writes: the package's files and its node_modules
    const deploy = build!.steps.find((s) => s.op === 'RUN' && /pnpm --filter @pv\/server --prod deploy/.test(s.args))!;
    const deployDir = deploy.args.split(/\s+/).at(-1)!;
    const src = workdir(build!);

    const copies = runtime.steps.filter((s) => s.op === 'COPY').map((s) => copyParts(s.args));
    expect(copies.length).toBeGreaterThan(0);
    for (const { from, sources, dest } of copies) {
      expect(from).toBe('build');
      expect(sources).toHaveLength(1);
      const source = sources[0]!;
      if (source.startsWith(`${deployDir}/`)) {
        const rel = source.slice(deployDir.length + 1);
        expect(rel === 'node_modules' || built.has(`packages/server/${rel}`) || existsSync(join(ROOT, 'packages/server', rel)), source).toBe(true);
      } else {
        expect(source.startsWith(`${src}/`), source).toBe(true);
        const rel = source.slice(src.length + 1);
        expect(built.has(rel) || existsSync(join(ROOT, rel)), source).toBe(true);
      }
      expect(dest).not.toMatch(/^\//); // relative to WORKDIR
    }
    // after a local `pnpm build` the outputs are really there
    for (const out of built) if (existsSync(join(ROOT, out))) expect(readdirSync(join(ROOT, out)).length, out).toBeGreaterThan(0);
  });

  it('lays the files out as the server looks for them: migrations beside dist, the apps two folders above', () => {
    const dests = Object.fromEntries(runtime.steps.filter((s) => s.op === 'COPY').map((s) => [copyParts(s.args).dest.replace(/\/$/, ''), copyParts(s.args).sources[0]!]));
    const cmd = JSON.parse(runtime.steps.find((s) => s.op === 'CMD')!.args) as string[];
    // SERVER_ROOT: the folder above dist/main.js holding drizzle/meta/_journal.json; REPO_ROOT two above it
    const serverRoot = posix.dirname(posix.dirname(cmd[1]!));
    const repoRoot = posix.normalize(posix.join(serverRoot, '../..'));
    expect(dests[`${serverRoot}/drizzle`]).toMatch(/\/drizzle$/);
    expect(dests[`${serverRoot}/dist`]).toMatch(/\/dist$/);
    expect(dests[`${serverRoot}/node_modules`]).toMatch(/\/node_modules$/);
    expect(dests[`${serverRoot}/package.json`]).toMatch(/\/package\.json$/); // "type": "module" for dist/*.js
    expect(dests[posix.join(repoRoot, 'console/dist')]).toMatch(/\/console\/dist$/);
    expect(dests[posix.join(repoRoot, 'daping/dist')]).toMatch(/\/daping\/dist$/);
    expect(existsSync(join(ROOT, 'packages/server/drizzle/meta/_journal.json'))).toBe(true);
  });

  it('.dockerignore keeps host builds, installs, data and secrets out, and the sources in', () => {
    for (const out of ['node_modules', 'console/node_modules', 'packages/server/dist', 'console/dist', '.data', '.git', '.env', 'e2e/test-results'])
      expect(dockerIgnored(out, dockerignore), out).toBe(true);
    for (const kept of ['packages/server/src/main.ts', 'packages/server/drizzle/meta/_journal.json', 'console/src', 'daping/index.html', 'scripts/precompress.ts', 'pnpm-lock.yaml', '.npmrc'])
      expect(dockerIgnored(kept, dockerignore), kept).toBe(false);
  });
});

// ---- docker-compose.yml -------------------------------------------------------------------------

interface Service {
  image?: string;
  build?: string | { context: string };
  restart?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; start_period?: string };
  stop_grace_period?: string;
  networks?: Record<string, { ipv4_address?: string }>;
}

const composeText = read('docker-compose.yml');
const compose = parseYaml(composeText, { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  networks?: Record<string, { ipam?: { config?: Array<{ subnet: string }> } }>;
};
const services = compose.services;
/** The services that run the image of the Dockerfile. */
const apiNames = Object.keys(services).filter((n) => services[n]!.build !== undefined);

const seconds = (d: string) => {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(d);
  if (!m || !d) throw new Error(`not a duration: ${d}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
};
const namedVolume = (mount: string) => mount.split(':')[0]!;

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, two API servers of the Dockerfile and nginx', () => {
    expect(apiNames).toEqual(['api1', 'api2']);
    for (const n of apiNames) expect([services[n]!.build].flat()[0]).toEqual('.');
    expect(services.postgres?.image).toMatch(/^postgres:15(\b|-)/);
    expect(services.proxy?.image).toMatch(/^nginx:/);
  });

  it('the API servers share one environment: secrets, database, data volume', () => {
    const [a, b] = apiNames.map((n) => services[n]!);
    expect(a!.environment).toEqual(b!.environment);
    expect(a!.volumes).toEqual(b!.volumes);
    const env = a!.environment!;
    // required, and the same for both: a session signed by one verifies on the other
    expect(env.TOKEN_SECRET).toMatch(/^\$\{TOKEN_SECRET:\?.+\}$/);
    expect(env).toHaveProperty('RSA_PRIVATE_KEY');
    expect(env).toMatchObject({ HOST: '0.0.0.0', PORT: '8080', TRUST_PROXY: '1', DATA_DIR: '/data' });
    expect(env.DEMO_DATA).toBe('${DEMO_DATA:-0}');
    // the database of the postgres service, as its user
    const pg = services.postgres!.environment!;
    const url = new URL(env.DATABASE_URL!.replace(/\$\{POSTGRES_PASSWORD[^}]*\}/, 'secret'));
    expect(url.hostname).toBe('postgres');
    expect(url.username).toBe(pg.POSTGRES_USER);
    expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
    expect(env.DATABASE_URL).toContain('${POSTGRES_PASSWORD');
    expect(pg.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    // uploads and generated files on one named volume at DATA_DIR
    const dataMount = a!.volumes!.find((v) => v.split(':')[1] === env.DATA_DIR);
    expect(dataMount).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(namedVolume(dataMount!));
  });

  it('gives the servers only variables the server reads (packages/server/src/config.ts)', () => {
    const configText = read('packages/server/src/config.ts');
    const documented = new Set(ENV_DOCS.map((d) => d.name));
    for (const n of apiNames) {
      const names = Object.keys(services[n]!.environment!);
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) {
        expect(documented, `${n}: ${name}`).toContain(name);
        expect(configText, `${n}: ${name}`).toMatch(new RegExp(`env\\.${name}\\b|'${name}'`));
      }
    }
  });

  it('waits for health: PostgreSQL before the servers, the servers before nginx; restarts; stops gracefully', () => {
    expect(services.postgres!.healthcheck!.test.join(' ')).toContain('pg_isready');
    for (const n of apiNames) {
      const s = services[n]!;
      expect(s.healthcheck!.test.join(' ')).toContain('/api/health');
      expect(s.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      expect(seconds(s.stop_grace_period!)).toBeGreaterThan(10); // the server's own limit is 10 s
      expect(seconds(s.healthcheck!.start_period!)).toBeGreaterThanOrEqual(60); // first start: migrations, bootstrap
      expect(services.proxy!.depends_on![n]).toEqual({ condition: 'service_healthy' });
    }
    for (const [name, s] of Object.entries(services)) {
      expect(s.healthcheck?.test.length, name).toBeGreaterThan(1);
      expect(['always', 'unless-stopped'], name).toContain(s.restart);
    }
  });

  it('PostgreSQL 15 with a UTF-8 locale (pg_trgm on Chinese text), its data on a volume', () => {
    const pg = services.postgres!;
    expect(pg.environment!.POSTGRES_INITDB_ARGS).toMatch(/--locale=C\.UTF-8/);
    const mount = pg.volumes!.find((v) => v.split(':')[1] === '/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes)).toContain(namedVolume(mount!));
  });

  it('publishes only nginx, with deploy/nginx.conf; every image pinned to a release', () => {
    for (const [name, s] of Object.entries(services)) if (name !== 'proxy') expect(s.ports, name).toBeUndefined();
    expect(services.proxy!.ports).toEqual(['${HTTP_PORT:-80}:80']);
    expect(services.proxy!.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/nginx.conf:ro']);
    // pulled images name a release (or a digest), never a moving tag like nginx:1.28 or postgres:15
    // (PostgreSQL numbers its releases major.minor, the others major.minor.patch)
    const release = (name: string) => (name === 'postgres' ? /^postgres:\d+\.\d+(-[\w.]+)?$/ : /^[\w./-]+(:\d+\.\d+\.\d+(-[\w.]+)?|@sha256:[0-9a-f]{64})$/);
    for (const [name, s] of Object.entries(services)) if (s.build === undefined) expect(s.image, name).toMatch(release(s.image!.split(':')[0]!));
  });

  it('the API servers keep fixed addresses on the compose network (nginx resolves their names once, at its start)', () => {
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.0\/24$/);
    const prefix = subnet!.split('.').slice(0, 3).join('.') + '.';
    const addresses = apiNames.map((n) => services[n]!.networks?.default?.ipv4_address);
    for (const a of addresses) expect(a).toMatch(new RegExp(`^${prefix.replace(/\./g, '\\.')}\\d+$`));
    expect(new Set(addresses).size).toBe(apiNames.length);
  });

  it('deploy/env.example lists exactly the variables the compose file takes from .env, and the docs explain them', () => {
    const used = new Set([...composeText.matchAll(/\$\{(\w+)/g)].map((m) => m[1]!));
    const example = new Set([...read('deploy/env.example').matchAll(/^(\w+)=/gm)].map((m) => m[1]!));
    expect([...example].sort()).toEqual([...used].sort());
    const readme = read('README.md');
    const production = readme.slice(readme.indexOf('## Production'), readme.indexOf('\n## ', readme.indexOf('## Production') + 1));
    expect(production).toContain('docker compose up -d --build');
    const docs = production + read('docs/OPERATIONS-RUNBOOK.md');
    for (const name of used) expect(docs, name).toContain(`\`${name}\``);
  });

  /** `docker compose`, else `docker-compose`, when installed (the daemon is not needed for `config`). */
  const composeCli = (() => {
    for (const cmd of [['docker', 'compose'], ['docker-compose']]) {
      const r = spawnSync(cmd[0]!, [...cmd.slice(1), 'version'], { encoding: 'utf8' });
      if (r.status === 0) return cmd;
    }
    return null;
  })();

  it.skipIf(!composeCli)('docker compose config accepts it, and refuses it without TOKEN_SECRET', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-compose-'));
    const run = (vars: string) => {
      writeFileSync(join(dir, 'env'), vars);
      const env = { ...process.env };
      for (const name of ['POSTGRES_PASSWORD', 'TOKEN_SECRET']) delete env[name];
      return spawnSync(composeCli![0]!, [...composeCli!.slice(1), '--env-file', join(dir, 'env'), '-f', join(ROOT, 'docker-compose.yml'), 'config', '-q'], { cwd: ROOT, env, encoding: 'utf8' });
    };
    const good = run('POSTGRES_PASSWORD=abc123\nTOKEN_SECRET=test-secret\n');
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    const missing = run('POSTGRES_PASSWORD=abc123\n');
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('set TOKEN_SECRET in .env');
  });
});

// ---- deploy/nginx.conf --------------------------------------------------------------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** nginx's syntax: `name args;` and `name args { … }`, quotes, # comments. */
function parseNginx(text: string): Directive[] {
  const tokens = [...text.matchAll(/#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g)]
    .filter((m) => !m[0].startsWith('#'))
    .map((m) => ({ word: m[1] ?? m[2] ?? m[4] ?? m[3]!, punct: m[3] !== undefined }));
  let i = 0;
  const block = (): Directive[] => {
    const out: Directive[] = [];
    while (i < tokens.length) {
      const t = tokens[i++]!;
      if (t.punct && t.word === '}') return out;
      const d: Directive = { name: t.word, args: [] };
      while (i < tokens.length && !tokens[i]!.punct) d.args.push(tokens[i++]!.word);
      const end = tokens[i++]!;
      if (end.word === '{') d.block = block();
      out.push(d);
    }
    return out;
  };
  return block();
}

const nginx = parseNginx(read('deploy/nginx.conf'));
const http = nginx.find((d) => d.name === 'http')!.block!;
const server = http.find((d) => d.name === 'server')!.block!;
const locations = server.filter((d) => d.name === 'location');
const all = (list: Directive[], name: string) => list.filter((d) => d.name === name);
const one = (list: Directive[], name: string) => all(list, name).at(-1)?.args;
/** proxy_set_header is inherited from the enclosing level only where a level sets none of its own. */
const proxyHeaders = (location: Directive[]) => {
  for (const level of [location, server, http]) {
    const set = all(level, 'proxy_set_header');
    if (set.length) return Object.fromEntries(set.map((d) => [d.args[0]!.toLowerCase(), d.args[1]]));
  }
  return {};
};
const bytes = (size: string) => {
  const m = /^(\d+)([kmg]?)$/i.exec(size)!;
  return Number(m[1]) * 1024 ** ' kmg'.indexOf((m[2] || ' ').toLowerCase());
};
const timeoutSeconds = (t: string) => {
  const m = /^(\d+)(ms|s|m|h)?$/.exec(t)!;
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
};

describe('deploy/nginx.conf', () => {
  it('balances over exactly the API services of docker-compose.yml, on their port, without `resolve` (nginx 1.22 and later)', () => {
    const upstream = http.find((d) => d.name === 'upstream')!;
    const servers = all(upstream.block!, 'server').map((d) => d.args[0]);
    expect(servers.sort()).toEqual(apiNames.map((n) => `${n}:${services[n]!.environment!.PORT}`).sort());
    // `resolve` needs nginx 1.27.3+: the servers keep fixed addresses instead (compose network)
    for (const s of all(upstream.block!, 'server')) expect(s.args).not.toContain('resolve');
    for (const loc of locations.filter((l) => one(l.block!, 'proxy_pass'))) expect(one(loc.block!, 'proxy_pass')).toEqual([`http://${upstream.args[0]}`]);
  });

  it('closes idle upstream connections before the servers do, and retries idempotent requests only', () => {
    const upstream = http.find((d) => d.name === 'upstream')!.block!;
    expect(one(upstream, 'keepalive')).toBeDefined();
    const nginxIdle = timeoutSeconds(one(upstream, 'keepalive_timeout')![0]!);
    const serverIdle = loadConfig({}, { dataDir: null, tokenSecret: 'x', rsaPrivateKey: null }).keepAliveTimeoutMs / 1000;
    // the server must never close a connection nginx may pick for the next request (a POST there is a 502)
    expect(serverIdle).toBeGreaterThan(nginxIdle);
    for (const loc of locations.filter((l) => one(l.block!, 'proxy_next_upstream'))) {
      expect(one(loc.block!, 'proxy_next_upstream')).not.toContain('non_idempotent');
      expect(one(loc.block!, 'proxy_next_upstream')).toEqual(expect.arrayContaining(['error', 'timeout']));
    }
    expect(locations.find((l) => l.args.at(-1) === '/')!.block!.some((d) => d.name === 'proxy_next_upstream')).toBe(true);
  });

  it('gives every proxied request an id (X-Request-Id, in nginx\'s log line too) and keeps /metrics private', () => {
    for (const loc of locations.filter((l) => one(l.block!, 'proxy_pass'))) expect(proxyHeaders(loc.block!)['x-request-id'], loc.args.join(' ')).toBe('$request_id');
    const format = all(http, 'log_format').find((d) => d.args[0] === one(http, 'access_log')![1])!;
    expect(format.args.join(' ')).toContain('$request_id');
    const metrics = locations.find((l) => l.args.join(' ') === '= /metrics');
    expect(one(metrics!.block!, 'return')).toEqual(['404']);
  });

  /** The config as `nginx -t` can check it here: upstream names → loopback, files → a temporary folder. */
  const nginxBin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));
  it.skipIf(!nginxBin)('nginx -t accepts it (the installed nginx: 1.22 on Debian 12)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-nginx-t-'));
    const conf = read('deploy/nginx.conf')
      .replace(/server (api\d+):8080/g, 'server 127.0.0.1:8080')
      .replace(/\/var\/log\/nginx\//g, `${dir}/`)
      .replace(/\/var\/run\/nginx\.pid/, `${dir}/nginx.pid`);
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const r = spawnSync(nginxBin!, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { encoding: 'utf8' });
    expect(r.stderr).toContain('test is successful');
    expect(r.status).toBe(0);
  });

  it('upgrades the websocket path and keeps it open past the server heartbeat', () => {
    const ws = locations.find((l) => l.args.at(-1) === paths.websocket);
    expect(ws, paths.websocket).toBeDefined();
    const block = ws!.block!;
    expect(one(block, 'proxy_http_version')).toEqual(['1.1']);
    const headers = proxyHeaders(block);
    expect(headers.upgrade).toBe('$http_upgrade');
    expect(headers.connection).toBe('$connection_upgrade');
    const map = http.find((d) => d.name === 'map' && d.args.join(' ') === '$http_upgrade $connection_upgrade');
    expect(map?.block?.map((d) => [d.name, d.args[0]])).toEqual([['default', 'upgrade'], ['', 'close']]);
    const heartbeatMs = Number(/export const HEARTBEAT_MS = ([\d_]+);/.exec(read('packages/server/src/realtime/routes.ts'))![1]!.replace(/_/g, ''));
    expect(timeoutSeconds(one(block, 'proxy_read_timeout')![0]!)).toBeGreaterThanOrEqual((4 * heartbeatMs) / 1000);
  });

  it('every proxied location passes the client address (never one the client sent), scheme and host', () => {
    const proxied = locations.filter((l) => one(l.block!, 'proxy_pass'));
    expect(proxied.length).toBeGreaterThanOrEqual(2);
    for (const loc of proxied) {
      const headers = proxyHeaders(loc.block!);
      const where = loc.args.join(' ');
      // TRUST_PROXY=1 believes X-Forwarded-For: nginx, the edge, must set it, not append to the client's
      expect(headers['x-forwarded-for'], where).toBe('$remote_addr');
      expect(headers['x-forwarded-proto'], where).toBe('$scheme');
      expect(headers.host, where).toBe('$http_host');
    }
  });

  it('accepts the largest request body the server accepts, and not much more', () => {
    const largestUpload = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes)) + 1024; // raw-body.ts slack
    const importMax = /export const IMPORT_MAX_BYTES = ([\d\s*]+);/.exec(read('packages/server/src/excel/routes.ts'))![1]!.split('*').reduce((p, n) => p * Number(n), 1);
    const bodyLimit = loadConfig({}, { dataDir: null, tokenSecret: 'x', rsaPrivateKey: null }).bodyLimit;
    const needed = Math.max(largestUpload, importMax + 1, bodyLimit);
    const limit = bytes(one(server, 'client_max_body_size')![0]!);
    expect(limit).toBeGreaterThanOrEqual(needed);
    expect(limit).toBeLessThan(needed + 2 * 1024 * 1024);
    // the one route with a larger limit of its own: a payment batch's bank result file
    const resultMax = /export const RESULT_MAX_BYTES = ([\d\s*]+);/.exec(read('packages/server/src/modules/payment/result.ts'))![1]!.split('*').reduce((p, n) => p * Number(n), 1);
    const route = locations.find((l) => l.args.at(-1) === '/api/system/payment_batch/import_result');
    expect(route, 'the result import location').toBeDefined();
    const routeLimit = bytes(one(route!.block!, 'client_max_body_size')![0]!);
    expect(routeLimit).toBeGreaterThanOrEqual(resultMax + 1);
    expect(routeLimit).toBeLessThan(resultMax + 2 * 1024 * 1024);
    // and an app release's Android package (APP_PACKAGE_MAX_MB, default APP_PACKAGE_DEFAULT_MAX_MB)
    const packageMax = loadConfig({}, { dataDir: null, tokenSecret: 'x', rsaPrivateKey: null }).appPackageMaxBytes;
    expect(packageMax).toBe(APP_PACKAGE_DEFAULT_MAX_MB * 1024 * 1024);
    const pkg = locations.find((l) => l.args.at(-1) === '/api/system/app_version/upload_package');
    expect(pkg, 'the app package location').toBeDefined();
    const pkgLimit = bytes(one(pkg!.block!, 'client_max_body_size')![0]!);
    expect(pkgLimit).toBeGreaterThanOrEqual(packageMax + 1024);
    expect(pkgLimit).toBeLessThan(packageMax + 2 * 1024 * 1024);
  });

  it('passes the server’s pre-compressed files as they are and logs no query strings (tokens)', () => {
    expect(one(http, 'gzip')).toEqual(['off']);
    const format = all(http, 'log_format').find((d) => d.args[0] === one(http, 'access_log')![1]);
    expect(format).toBeDefined();
    const line = format!.args.slice(1).join(' ');
    expect(line).toContain('$uri');
    expect(line).not.toMatch(/\$request\b|\$request_uri|\$args|\$query_string/);
  });
});

// ---- deploy/monitoring: Prometheus, alert rules, Grafana dashboard --------------------------------

/** The series the server exports: every name registered with its metrics registry in packages/server/src. */
function exportedMetrics(): Set<string> {
  const names = new Set<string>();
  const walkDir = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walkDir(path);
      else if (path.endsWith('.ts')) for (const m of read(path).matchAll(/\.(?:counter|gauge|histogram|adopt)\(\s*'([a-z_:]+)'/g)) names.add(m[1]!);
    }
  };
  walkDir('packages/server/src');
  return names;
}

/** The metric names a PromQL expression reads (identifiers followed by a selector, a range or an operator, not functions or labels). */
function metricsIn(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '{}').replace(/"[^"]*"/g, '""');
  const words = [...withoutLabels.matchAll(/\b([a-z_:][a-z0-9_:]*)\b(?!\s*\()/g)].map((m) => m[1]!);
  const keywords = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'le', 'instance', 'task', 'status', 'route', 'kind', 'node_kind', 'bool', 'offset']);
  return words.filter((w) => !keywords.has(w) && /_/.test(w));
}

const histogramBase = (name: string) => name.replace(/_(bucket|sum|count)$/, '');

describe('deploy/monitoring', () => {
  const exported = exportedMetrics();
  const known = (name: string) => name === 'up' || exported.has(name) || exported.has(histogramBase(name));

  it('the server exports the series the issue asks for', () => {
    for (const name of ['pv_http_request_duration_seconds', 'pv_db_pool_in_use', 'pv_db_pool_waiting', 'pv_db_query_duration_seconds', 'pv_job_runs_total', 'pv_job_duration_seconds', 'pv_workflow_open_tasks', 'pv_workflow_overdue_tasks', 'pv_websocket_connections', 'pv_event_loop_lag_seconds', 'pv_task_overdue_seconds', 'pv_ready'])
      expect(exported, name).toContain(name);
  });

  it('every alert rule reads series the server exports, has a severity and a summary, and the runbook explains it', () => {
    const rules = (parseYaml(read('deploy/monitoring/alerts.yml')) as { groups: Array<{ rules: Array<{ alert: string; expr: string; labels: { severity: string }; annotations: { summary: string } }> }> }).groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThanOrEqual(6);
    const runbook = read('docs/OPERATIONS-RUNBOOK.md');
    for (const r of rules) {
      const names = metricsIn(r.expr).concat(/\bup\b/.test(r.expr) ? ['up'] : []);
      expect(names.length, r.alert).toBeGreaterThan(0);
      for (const n of names) expect(known(n), `${r.alert}: ${n}`).toBe(true);
      expect(['critical', 'warning', 'info']).toContain(r.labels.severity);
      expect(r.annotations.summary).toBeTruthy();
      expect(runbook, r.alert).toContain(r.alert);
    }
  });

  it('the Grafana dashboard is importable JSON whose panels read exported series', () => {
    const dash = JSON.parse(read('deploy/monitoring/grafana-dashboard.json')) as { uid: string; panels: Array<{ title: string; targets: Array<{ expr: string }> }>; __inputs: unknown[] };
    expect(dash.uid).toBeTruthy();
    expect(dash.__inputs.length).toBe(1);
    expect(dash.panels.length).toBeGreaterThanOrEqual(10);
    for (const p of dash.panels) for (const t of p.targets) for (const n of metricsIn(t.expr)) expect(known(n), `${p.title}: ${n}`).toBe(true);
  });

  it('Prometheus scrapes the API services of docker-compose.yml with the metrics token and loads the alert rules', () => {
    const prom = parseYaml(read('deploy/monitoring/prometheus.yml')) as { rule_files: string[]; scrape_configs: Array<{ job_name: string; metrics_path: string; authorization: { type: string; credentials_file: string }; static_configs: Array<{ targets: string[] }> }> };
    expect(prom.rule_files).toEqual(['alerts.yml']);
    const job = prom.scrape_configs.find((c) => c.job_name === 'pv-api')!;
    expect(job.metrics_path).toBe('/metrics');
    expect(job.authorization.type).toBe('Bearer');
    expect(job.static_configs[0]!.targets.sort()).toEqual(apiNames.map((n) => `${n}:${services[n]!.environment!.PORT}`).sort());
    expect(services.api1!.environment!.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
  });
});
