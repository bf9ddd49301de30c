import { PGlite } from '@electric-sql/pglite';
const pg = new PGlite({ dataDir: process.argv[2], debug: 1 });
try { console.log((await pg.query('select count(*) from t2')).rows); } catch (e) { console.log('ERR', e.message); }
