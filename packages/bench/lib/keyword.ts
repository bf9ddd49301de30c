import { sql } from 'drizzle-orm';
import { type DbHandle, query } from '@pv/server/src/db/client.ts';
import { drive, summarize, type Summary } from './stats.ts';

/**
 * Keyword search (`q`) on a list beside a plain page of the same list, in the same run, over HTTP:
 * the aim of issue 17 is keyword p50 within 3× of the plain page. The keywords are drawn from the
 * seeded rows so they hit: a full name (3 characters, trigram index), the last eight digits of a phone
 * (the phone's suffix b-tree), two characters of a name (no trigram: the character-pair index) and a city name
 * matching thousands of rows (many matches: counting them dominates).
 */
export interface KeywordCase {
  label: string;
  q: string;
  total: number;
  /** false: the list stopped counting at KEYWORD_COUNT_CAP (a broad keyword) */
  exact: boolean;
  run: Summary;
}

export interface KeywordResult {
  resource: string;
  plain: Summary;
  plainTotal: number;
  cases: KeywordCase[];
}

export async function benchKeywords(base: string, token: string, resource: string, keywords: Array<{ label: string; q: string }>, requests: number): Promise<KeywordResult> {
  const get = async (params: string) => {
    const res = await fetch(`${base}/api/system/${resource}/index?page=1&limit=20${params}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { code: number; data: { list: unknown[]; total: number; total_exact?: boolean } };
    if (body.code !== 200) throw new Error(`${resource} ${params}: ${JSON.stringify(body).slice(0, 200)}`);
    return { total: body.data.total, exact: body.data.total_exact !== false };
  };
  const measure = async (params: string) => {
    for (let i = 0; i < 20; i++) await get(params); // warm caches and plans
    const r = await drive(requests, 1, async () => void (await get(params)));
    return summarize(r.samples, r.wallMs);
  };
  const plainTotal = (await get('')).total;
  const plain = await measure('');
  const cases: KeywordCase[] = [];
  for (const k of keywords) {
    const params = `&q=${encodeURIComponent(k.q)}`;
    cases.push({ ...k, ...(await get(params)), run: await measure(params) });
  }
  return { resource, plain, plainTotal, cases };
}

/** Keywords drawn from the seeded customers (deterministic: the customer in the middle of the id range). */
export async function customerKeywords(handle: DbHandle): Promise<Array<{ label: string; q: string }>> {
  const [c] = await query<{ name: string; phone: string; city: string }>(
    handle.db,
    sql`select name, phone, substr(address, 4, 3) as city from customers where id >= (select max(id) / 2 from customers) and char_length(name) = 3 order by id limit 1`,
  );
  if (!c) throw new Error('no customers seeded');
  return [
    { label: 'full name (3 characters)', q: c.name },
    { label: 'the last 8 digits of a phone', q: c.phone.slice(3) },
    { label: 'two characters of a name (character pairs)', q: c.name.slice(1, 3) },
    { label: `address fragment "${c.city}" (many matches)`, q: c.city },
    { label: 'one character: the surname (many matches)', q: c.name.slice(0, 1) },
    { label: 'the first 3 digits of a phone (many matches)', q: c.phone.slice(0, 3) },
  ];
}

export interface WriteCost {
  indexes: string[];
  indexBytes: number;
  tableBytes: number;
  buildSeconds: number;
  rows: number;
  insertWith: number;
  insertWithout: number;
}

/** The customer search indexes (migrations 0027, 0028, 0060 and 0094), their size, rebuild time and what they cost an insert. */
export async function searchWriteCost(handle: DbHandle, rows: number): Promise<WriteCost> {
  const db = handle.db;
  const indexes = await query<{ name: string; def: string; bytes: string }>(
    db,
    sql`select indexname as name, indexdef as def, pg_relation_size(indexname::regclass)::text as bytes
          from pg_indexes where tablename = 'customers' and (indexname like '%\_trgm\_idx' or indexname like '%\_bigram\_idx' or indexname like '%\_prefix\_idx' or indexname like '%\_suffix\_idx' or indexname like '%\_chars\_idx')`,
  );
  const [table] = await query<{ bytes: string }>(db, sql`select pg_relation_size('customers')::text as bytes`);
  // copies of existing rows (the same text shapes), inserted in one statement, as the seed does
  const insert = async () => {
    const t0 = performance.now();
    await db.execute(sql`insert into customers (name, phone, id_card, province_code, city_code, address, stage, status, source)
      select name, phone, id_card, province_code, city_code, address, stage, status, source from customers order by id limit ${rows}`);
    return performance.now() - t0;
  };
  await insert(); // warm-up: both timed inserts then find the same pages cached
  const insertWith = await insert();
  for (const i of indexes) await db.execute(sql.raw(`drop index ${i.name}`));
  const insertWithout = await insert();
  const t0 = performance.now();
  for (const i of indexes) await db.execute(sql.raw(i.def));
  const buildSeconds = (performance.now() - t0) / 1000;
  return {
    indexes: indexes.map((i) => i.name),
    indexBytes: indexes.reduce((n, i) => n + Number(i.bytes), 0),
    tableBytes: Number(table!.bytes),
    buildSeconds,
    rows,
    insertWith,
    insertWithout,
  };
}
