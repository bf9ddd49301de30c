import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { openDb } from '../src/db/client.ts';

// the ProvidedContext declaration (pgliteTemplate) lives beside its reader
import type {} from './helpers.ts';

/**
 * Once per API run: migrate one database and keep it as the template each test's fresh database is
 * copied from, instead of applying every migration again (3–6 s each). PGlite: the saved data folder
 * (~0.7 s to load). PostgreSQL: a template database (`create database … template`, a file copy).
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', null);
  project.provide('pgTemplate', null);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `pv_template_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const handle = await openDb({ databaseUrl: own.toString() });
    await handle.close();
    project.provide('pgTemplate', name);
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'pv-template-'));
  const file = join(dir, 'migrated.tar');
  const handle = await openDb({});
  writeFileSync(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
