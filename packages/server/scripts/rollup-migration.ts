/**
 * Prints the migration text for statistics rollups (triggers, then the backfill) from their one
 * definition in src/modules/statistic/rollup.ts. Used to write the custom drizzle migrations:
 *   npx drizzle-kit generate --custom --name X
 *   npx tsx scripts/rollup-migration.ts "header comment" table1 table2 … > drizzle/00NN_X.sql
 * With --functions first: only the trigger functions (CREATE OR REPLACE), for a migration that changes
 * their bodies while the triggers and the rows stay.
 */
import { rebuildSql, rollup, triggerSql } from '../src/modules/statistic/rollup.ts';

const args = process.argv.slice(2);
const functionsOnly = args[0] === '--functions';
const [header, ...tables] = functionsOnly ? args.slice(1) : args;
if (!header || tables.length === 0) {
  console.error('usage: rollup-migration.ts [--functions] "comment" table…');
  process.exit(2);
}
const statements: string[] = [];
for (const t of tables) statements.push(...triggerSql(rollup(t)).filter((s) => !functionsOnly || s.startsWith('CREATE OR REPLACE FUNCTION')));
// backfill: the INSERT of rebuildSql (the tables are new and empty)
if (!functionsOnly) for (const t of tables) statements.push(rebuildSql(rollup(t))[1]!);
const comment = header
  .split('\n')
  .map((l) => `-- ${l}`)
  .join('\n');
process.stdout.write(`${comment}\n${statements.map((s) => `${s};`).join('\n--> statement-breakpoint\n')}\n`);
