import { parseArgs } from 'node:util';
import { count, max, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDb, query, runScript } from '../db/client.ts';
import { agents, customerFollowUps, customers, stations, users } from '../db/schema/index.ts';
import { bootstrap } from '../modules/system/bootstrap.ts';
import { agentsSql, bulkCustomersSql, bulkPoolsSql, followUpsSql, stationsSql } from '../seed/generate.ts';

/**
 * `pnpm seed --customers 1000000 --stations 300000 --agents 5000 [--follow-ups N]`
 * Generates data inside the database with INSERT ... SELECT FROM generate_series (set operations,
 * in batches), on PGlite (DATA_DIR) or PostgreSQL (DATABASE_URL). Prints the time of each step.
 */
const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '0' },
    stations: { type: 'string', default: '0' },
    agents: { type: 'string', default: '0' },
    'follow-ups': { type: 'string', default: '0' },
    batch: { type: 'string', default: '250000' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('usage: pnpm seed [--customers N] [--stations N] [--agents N] [--follow-ups N] [--batch N]');
  process.exit(0);
}

const n = (name: keyof typeof values) => {
  const v = Number(values[name]);
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a non-negative integer`);
  return v;
};

async function main() {
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = handle;
  const started = performance.now();
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    const boot = await bootstrap(db, config);
    if (boot.generatedPassword) console.log(`First start: admin password ${boot.generatedPassword} (also in ${boot.passwordFile ?? 'nowhere: no DATA_DIR'})`);
    const [admin] = await db.select({ id: users.id }).from(users).where(sql`${users.username} = 'admin'`);
    const adminId = admin?.id ?? null;
    console.log(`Seeding ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);

    if (n('agents') > 0) await step(`${n('agents')} agents`, () => runScript(db, agentsSql(n('agents'), adminId)));

    const [before] = await db.select({ id: max(customers.id) }).from(customers);
    const firstNew = before?.id ?? 0;
    const total = n('customers');
    const batch = Math.max(1000, n('batch'));
    if (total > 0) {
      await step(`${total} customers`, () =>
        db.transaction(async (tx) => {
          await runScript(tx, bulkPoolsSql());
          // Large loads: building the secondary indexes once at the end (a sort) is about twice as
          // fast as maintaining them row by row. Same transaction, so a failure restores them.
          const dropIndexes = total >= 200_000;
          const indexes = dropIndexes
            ? await query<{ name: string; def: string }>(
                tx,
                sql`select indexname as name, indexdef as def from pg_indexes
                    where schemaname = current_schema() and tablename = 'customers' and indexname <> 'customers_pkey'`,
              )
            : [];
          for (const i of indexes) await tx.execute(sql.raw(`drop index "${i.name}"`));
          if (dropIndexes) {
            // the counters are recomputed once at the end instead of per batch; more sort memory for the index builds
            await tx.execute(sql`alter table customers disable trigger customers_counts_ins`);
            await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
          }
          for (let done = 0; done < total; done += batch) {
            const size = Math.min(batch, total - done);
            await tx.execute(sql.raw(bulkCustomersSql(size, adminId)));
            process.stdout.write(`    ${done + size}/${total}\r`);
          }
          if (dropIndexes) {
            await tx.execute(sql`alter table customers enable trigger customers_counts_ins`);
            await tx.execute(sql`delete from customer_counts`);
            await tx.execute(sql`delete from customer_counts_region`);
            await tx.execute(
              sql`insert into customer_counts (stage, status, province_code, agent_id, n)
                  select stage, status, province_code, agent_id, count(*) from customers group by 1, 2, 3, 4`,
            );
            await tx.execute(
              sql`insert into customer_counts_region (stage, status, province_code, n)
                  select stage, status, province_code, sum(n) from customer_counts group by 1, 2, 3`,
            );
            const t0 = performance.now();
            for (const i of indexes) await tx.execute(sql.raw(i.def));
            console.log(`    (rebuilt ${indexes.length} indexes in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
          }
        }),
      );
    }
    if (n('stations') > 0) await step(`${n('stations')} stations (for formal customers of this run)`, () => db.execute(sql.raw(stationsSql(n('stations'), firstNew, adminId))));
    if (n('follow-ups') > 0) await step(`${n('follow-ups')} follow-ups`, () => db.execute(sql.raw(followUpsSql(n('follow-ups'), firstNew))));
    await step('analyze', () => db.execute(sql`analyze`));

    const counts = await Promise.all([
      db.select({ n: count() }).from(agents),
      db.select({ n: count() }).from(customers),
      db.select({ n: count() }).from(stations),
      db.select({ n: count() }).from(customerFollowUps),
    ]);
    const [a, c, s, f] = counts.map((r) => r[0]?.n ?? 0);
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Now: ${a} agents, ${c} customers, ${s} stations, ${f} follow-ups.`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
