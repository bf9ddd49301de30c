/**
 * Prints the trigger migration of some statistics rollups, generated from their definitions in
 * src/modules/statistic/rollup.ts: per rollup its trigger functions and triggers (triggerSql), then
 * the backfill (the INSERT of rebuildSql), separated by drizzle's statement breakpoints.
 *
 *   npx drizzle-kit generate --custom --name <name>      # an empty migration file
 *   npx tsx scripts/statistics-migration.ts <header-file|-> <table>... > drizzle/NNNN_<name>.sql
 *
 * The header file holds the leading SQL comment ("-" for none). Re-running it after a change to a
 * rollup gives the text of a new migration (a migration a database may have applied never changes).
 */
import { readFileSync } from 'node:fs';
import { rebuildSql, rollup, triggerSql } from '../src/modules/statistic/rollup.ts';

const [header, ...tables] = process.argv.slice(2);
if (!header || tables.length === 0) {
  console.error('usage: tsx scripts/statistics-migration.ts <header-file|-> <table>...');
  process.exit(2);
}
const statements = tables.flatMap((t) => {
  const r = rollup(t);
  return [...triggerSql(r), rebuildSql(r)[1]!];
});
const head = header === '-' ? '' : readFileSync(header, 'utf8');
process.stdout.write(`${head}${statements.join(';\n--> statement-breakpoint\n')};\n`);
