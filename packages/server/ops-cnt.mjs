import { PGlite } from '@electric-sql/pglite';
const pg = new PGlite({ dataDir: process.argv[2] });
console.log(JSON.stringify((await pg.query("select count(*)::int n, sum(hashtext(a))::bigint h from filler")).rows));
await pg.close();
