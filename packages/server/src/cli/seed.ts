import { parseArgs } from 'node:util';
import { count, max, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDb, query, runScript } from '../db/client.ts';
import { agents, customerFollowUps, customers, selfAudits, stations, users, workOrders } from '../db/schema/index.ts';
import { bootstrap } from '../modules/system/bootstrap.ts';
import { JOBS } from '../modules/task/jobs.ts';
import { METER_FROM_AUDITS } from '../modules/revenue/demo.ts';
import { withIndexesRebuilt } from '../db/bulk.ts';
import { agentsSql, bulkCustomersSql, bulkPoolsSql, followUpsSql, historyOrdersSql, stationsSql, teamsSql, workOrdersSql } from '../seed/generate.ts';

/**
 * `pnpm seed --customers 1000000 --stations 300000 --agents 5000 [--follow-ups N]`
 *   `[--work-orders N --teams N] [--formal-share 0.35]`
 * Work orders: the live construction / grid order of every new station (matching its status, with
 * self-audits), then cancelled past orders of those stations up to N in all.
 * Generates data inside the database with INSERT ... SELECT FROM generate_series (set operations,
 * in batches), on PGlite (DATA_DIR) or PostgreSQL (DATABASE_URL). Prints the time of each step.
 */
const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '0' },
    stations: { type: 'string', default: '0' },
    agents: { type: 'string', default: '0' },
    'follow-ups': { type: 'string', default: '0' },
    'work-orders': { type: 'string', default: '0' },
    teams: { type: 'string', default: '0' },
    'formal-share': { type: 'string', default: '0.35' },
    batch: { type: 'string', default: '250000' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('usage: pnpm seed [--customers N] [--stations N] [--agents N] [--follow-ups N] [--work-orders N] [--teams N] [--formal-share F] [--batch N]');
  process.exit(0);
}

const formalShare = Number(values['formal-share']);
if (!(formalShare > 0 && formalShare < 1)) throw new Error('--formal-share must be between 0 and 1');

const n = (name: Exclude<keyof typeof values, 'help'>) => {
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
    const boot = await handle.exclusive(() => bootstrap(db, config));
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
          const big = total >= 200_000;
          // the counters are recomputed once at the end instead of per batch
          if (big) await tx.execute(sql`alter table customers disable trigger customers_counts_ins`);
          await withIndexesRebuilt(tx, ['customers'], big, async () => {
            for (let done = 0; done < total; done += batch) {
              const size = Math.min(batch, total - done);
              await tx.execute(sql.raw(bulkCustomersSql(size, adminId, 1500, formalShare)));
              process.stdout.write(`    ${done + size}/${total}\r`);
            }
          });
          if (big) {
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
          }
        }),
      );
    }
    const [stationsBefore] = await db.select({ id: max(stations.id) }).from(stations);
    const firstStation = stationsBefore?.id ?? 0;
    const stationCount = n('stations');
    if (stationCount > 0) {
      await step(`${stationCount} stations (for formal customers of this run)`, () =>
        db.transaction((tx) => withIndexesRebuilt(tx, ['stations'], stationCount >= 200_000, () => tx.execute(sql.raw(stationsSql(stationCount, firstNew, adminId))))),
      );
    }
    const orderCount = n('work-orders');
    if (orderCount > 0) {
      if (n('teams') > 0) await step(`${n('teams')} team accounts`, () => runScript(db, teamsSql(n('teams'))));
      const teamRows = await query<{ id: number }>(
        db,
        sql`select ur.user_id as id from user_roles ur join roles r on r.id = ur.role_id where r.code = 'team' order by 1`,
      );
      if (teamRows.length === 0) throw new Error('--work-orders needs team accounts: add --teams N');
      const teamIds = teamRows.map((r) => Number(r.id));
      await step(`${orderCount} work orders with their self-audits (stations of this run, ${teamIds.length} teams)`, () =>
        db.transaction((tx) =>
          withIndexesRebuilt(tx, ['work_orders', 'self_audits'], orderCount >= 200_000, async () => {
            await runScript(tx, workOrdersSql(teamIds, adminId ?? teamIds[0]!, firstStation));
            const [live] = await query<{ n: number }>(tx, sql`select count(*)::int as n from work_orders w where w.station_id > ${firstStation}`);
            const rest = orderCount - Number(live?.n ?? 0);
            for (let done = 0; done < rest; done += batch) {
              await tx.execute(sql.raw(historyOrdersSql(Math.min(batch, rest - done), firstStation, teamIds, adminId)));
              process.stdout.write(`    ${Number(live?.n ?? 0) + done + Math.min(batch, rest - done)}/${orderCount}\r`);
            }
          }),
        ),
      );
      // what the scheduler does at its next tick: open orders past their deadline become 超期
      await step('mark overdue orders (the scheduled task)', () => JOBS.mark_overdue_work_orders!.run({ db, now: new Date() }));
      // what an approved grid audit does: the station takes its meter number (settlement sheets name it)
      await step('meter numbers from the approved grid audits', () => db.execute(sql.raw(METER_FROM_AUDITS)));
    }
    if (n('follow-ups') > 0) await step(`${n('follow-ups')} follow-ups`, () => db.execute(sql.raw(followUpsSql(n('follow-ups'), firstNew))));
    await step('analyze', () => db.execute(sql`analyze`));
    // the updates after the index rebuild (stations' customers, overdue orders, meter numbers) leave GIN
    // entries in each index's pending list, up to 4 MB, which every keyword search then reads whole (a
    // pair search 43 ms instead of 0.4 ms at 100,000 customers on PGlite, which has no autovacuum to merge them)
    await step('merge the GIN pending lists', () =>
      db.execute(sql`select gin_clean_pending_list(c.oid) from pg_class c join pg_am a on a.oid = c.relam where a.amname = 'gin' and c.relkind = 'i'`),
    );

    const counts = await Promise.all([
      db.select({ n: count() }).from(agents),
      db.select({ n: count() }).from(customers),
      db.select({ n: count() }).from(stations),
      db.select({ n: count() }).from(customerFollowUps),
      db.select({ n: count() }).from(workOrders),
      db.select({ n: count() }).from(selfAudits),
    ]);
    const [a, c, s, f, w, au] = counts.map((r) => r[0]?.n ?? 0);
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Now: ${a} agents, ${c} customers, ${s} stations, ${w} work orders, ${au} self-audits, ${f} follow-ups.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
