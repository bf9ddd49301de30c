import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORD_COUNT_CAP } from '@pv/contract';
import { query } from '../src/db/client.ts';
import type { AuthContext } from '../src/modules/auth/context.ts';
import { agentResource } from '../src/modules/agent/resource.ts';
import { customerResource } from '../src/modules/customer/resource.ts';
import { matterResourceOf } from '../src/modules/matter/resource.ts';
import { stationResource } from '../src/modules/station/resource.ts';
import { workOrderResource } from '../src/modules/work_order/resource.ts';
import type { ResourceDef } from '../src/resources/define.ts';
import { planList } from '../src/resources/query.ts';
import { listRecords } from '../src/resources/service.ts';
import { CHARS_INDEXED, CODE_INDEXED, PAIR_INDEXED } from '../src/db/schema/common.ts';
import { inspectionResource } from '../src/modules/inspection/resource.ts';
import { leaseContractResource, rentBillResource } from '../src/modules/lease/resource.ts';
import { maintenanceResource } from '../src/modules/maintenance/resource.ts';
import { customers } from '../src/db/schema/index.ts';
import { freshDb, type TestDbHandle } from './helpers.ts';

/**
 * The list keyword search (`q`) of the large lists must be served by the pg_trgm indexes of
 * migration 0027 and, for document numbers and codes, the prefix / suffix b-trees of 0058
 * (docs/DECISIONS.md, "Keyword search"): the plan of the very WHERE the list builds, with
 * sequential and plain index scans ruled out, reads each searched column's own index. A change of the search expression that no index serves (lower(), a concatenation, a
 * joined value) fails here instead of turning every keyword into a full scan at millions of rows.
 */
const admin: AuthContext = {
  userId: 1, sessionId: '', username: 'admin', fullName: '', identity: 'system', agentId: null, departmentId: null,
  avatar: null, isAdmin: true, roles: ['admin'], permissions: new Set(), scope: 'all',
};

let db: TestDbHandle;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(async () => db?.close());

async function plan(def: ResourceDef, q: string): Promise<string> {
  const where = planList(def, { q }, admin).where;
  const statement = sql`explain select ${def.table.id} from ${def.table} where ${where}`;
  return db.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const rows = await query<{ 'QUERY PLAN': string }>(tx, statement);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The table's columns the resource searches (the index names follow `<table>_<column>_trgm_idx`). */
function searchedColumns(def: ResourceDef): string[] {
  const byObject = new Map(Object.values(getTableColumns(def.table)).map((c) => [c, c.name]));
  return def.search.map((c) => byObject.get(c as never)).filter((n): n is string => !!n);
}

const matterResource = matterResourceOf({} as never);

describe('keyword search finds what ILIKE finds, whatever its length', () => {
  it('one, two and more characters; case; % and _ literal; Chinese in the middle of a text', async () => {
    const rows = [
      { name: '王小明', phone: '13812345678', province_code: '370000', address: '山东省济南市历下区光伏大道1号' },
      { name: 'Li AB', phone: '13900000001', province_code: '370000', address: 'Jinan 100%_road' },
      { name: '张三', phone: '13700000002', province_code: '410000', address: '河南省郑州市' },
    ];
    await db.db.insert(customers).values(rows);
    const names = async (q: string) =>
      (await listRecords(db.db, customerResource as ResourceDef, { q, sort: 'id', order: 'ASC' }, admin, 'zh')).list.map((r) => r.name);
    expect(await names('济南')).toEqual(['王小明']); // two characters inside the address
    expect(await names('历下区光')).toEqual(['王小明']);
    expect(await names('小明')).toEqual(['王小明']);
    expect(await names('ab')).toEqual(['Li AB']); // case-insensitive, two characters
    expect(await names('%_')).toEqual(['Li AB']); // literal, not wildcards
    expect(await names('0%_r')).toEqual(['Li AB']);
    expect(await names('_')).toEqual(['Li AB']);
    expect(await names('张')).toEqual(['张三']);
    expect(await names('省')).toEqual(['王小明', '张三']);
    expect(await names('78')).toEqual(['王小明']); // digits: a phone number starting or ending with them
    expect(await names('13')).toEqual(['王小明', 'Li AB', '张三']);
    expect(await names('5678')).toEqual(['王小明']); // the last digits
    expect(await names('张四')).toEqual([]);
    expect(await names('00000')).toEqual([]); // phone numbers are found by their start or end, not their middle
    expect(await names('0000002')).toEqual(['张三']);
  });
});

describe('a document number or code is found by its start or its end', () => {
  it('full, prefix, last digits, any case; not by a piece of its middle', async () => {
    const codes = ['PV20261127000042', 'PV20261127000043', 'pvx-7'];
    for (const code of codes) await db.db.execute(sql`insert into stations (code, name, province_code, status) values (${code}, '测试电站', '370000', 'survey_pending')`);
    const found = async (q: string) =>
      (await listRecords(db.db, stationResource as ResourceDef, { q, sort: 'id', order: 'ASC' }, admin, 'zh')).list.map((r) => r.code);
    expect(await found('PV20261127000042')).toEqual(['PV20261127000042']);
    expect(await found('pv2026112700004')).toEqual(['PV20261127000042', 'PV20261127000043']);
    expect(await found('0043')).toEqual(['PV20261127000043']);
    expect(await found('42')).toEqual(['PV20261127000042']);
    expect(await found('PVX')).toEqual(['pvx-7']);
    expect(await found('X-7')).toEqual(['pvx-7']);
    expect(await found('1127')).toEqual([]); // the day inside the number: the list's date filters find it
    expect(await found('%')).toEqual([]);
  });
});

describe('a broad keyword counts at most KEYWORD_COUNT_CAP matches', () => {
  it('an exact total up to the cap, then the cap with total_exact false; a filter a counter answers stays exact', async () => {
    await db.db.execute(sql`insert into customers (name, phone, province_code, address)
      select '宽泛' || g, '1560000' || lpad(g::text, 4, '0'), '410000', '河南省宽泛路' || g || '号' from generate_series(1, ${KEYWORD_COUNT_CAP + 5}) g`);
    const list = (query: Record<string, unknown>) => listRecords(db.db, customerResource as ResourceDef, { limit: 20, ...query }, admin, 'zh');
    const broad = await list({ q: '宽泛路' });
    expect(broad).toMatchObject({ total: KEYWORD_COUNT_CAP, total_exact: false });
    expect(broad.list).toHaveLength(20);
    // paging on past the cap still reads rows: ranked among the matches (up to KEYWORD_RANK_LIMIT of them) …
    expect((await list({ q: '宽泛路', page: 51 })).list).toHaveLength(5);
    expect((await list({ q: '宽泛路', sort: 'id', order: 'ASC', limit: 2, page: 501 })).list.map((r) => r.name)).toEqual(['宽泛1001', '宽泛1002']);
    // … or, for one character (ranked only up to the cap), by walking the list's order
    const one = await list({ q: '泛', sort: 'id', order: 'DESC', limit: 2 });
    expect([one.total, one.total_exact, one.list.map((r) => r.name)]).toEqual([KEYWORD_COUNT_CAP, false, [`宽泛${KEYWORD_COUNT_CAP + 5}`, `宽泛${KEYWORD_COUNT_CAP + 4}`]]);
    expect((await list({ q: '泛', page: 51 })).list).toHaveLength(5);
    const narrow = await list({ q: '宽泛路10' });
    expect(narrow.total).toBe(1 + 10 + 6); // 10, 100–109, 1000–1005
    expect(narrow).not.toHaveProperty('total_exact');
    // the page is ranked among the matches in the list's order; a page past the end still says the total
    const second = await list({ q: '宽泛路10', sort: 'id', order: 'DESC', limit: 5, page: 2 });
    expect([second.total, second.list.map((r) => r.name)]).toEqual([17, ['宽泛1000', '宽泛109', '宽泛108', '宽泛107', '宽泛106']]);
    const ascending = await list({ q: '宽泛路10', sort: 'id', order: 'ASC', limit: 3 });
    expect(ascending.list.map((r) => r.name)).toEqual(['宽泛10', '宽泛100', '宽泛101']);
    expect(await list({ q: '宽泛路10', limit: 5, page: 5 })).toEqual({ list: [], total: 17 });
    expect(await list({ q: '没有这个' })).toEqual({ list: [], total: 0 });
    expect(await list({ province_code: '410000' })).not.toHaveProperty('total_exact');
  });
});

describe('keyword search uses the trigram, character-pair and code indexes', () => {
  const cases: Array<[string, ResourceDef, number]> = [
    ['customers', customerResource as ResourceDef, 3],
    ['stations', stationResource as ResourceDef, 3],
    ['work_orders', workOrderResource as ResourceDef, 1],
    ['matters', matterResource as ResourceDef, 3],
    ['agents', agentResource as ResourceDef, 4],
    ['inspections', inspectionResource as ResourceDef, 1],
    ['maintenance_orders', maintenanceResource as ResourceDef, 1],
    ['lease_contracts', leaseContractResource as ResourceDef, 2],
    ['rent_bills', rentBillResource as ResourceDef, 1],
  ];
  for (const [table, def, columns] of cases) {
    it(`${table}: every searched column through its own trigram index`, async () => {
      const names = searchedColumns(def);
      // every search term is a column of the table (a joined value could not be indexed)
      expect(names).toHaveLength(def.search.length);
      expect(names).toHaveLength(columns);
      for (const keyword of ['张小明', '13812345678', 'ABC_%']) {
        const text = await plan(def, keyword);
        for (const column of names) {
          const indexes = CODE_INDEXED.has(`${table}.${column}`) ? ['prefix_idx', 'suffix_idx'] : ['trgm_idx'];
          for (const index of indexes) expect(text, `${table}.${column} for "${keyword}"`).toContain(`${table}_${column}_${index}`);
        }
        expect(text).not.toMatch(/Seq Scan/);
      }
      // two characters have no trigram: free text through its character-pair index, codes and
      // phone numbers as a prefix through the trigram index
      for (const keyword of ['济南', 'Ab', '13']) {
        const text = await plan(def, keyword);
        for (const column of names) {
          // a prefix may also take another index of the column (a unique or text_pattern_ops btree)
          const index = PAIR_INDEXED.has(`${table}.${column}`)
            ? `${table}_${column}_bigram_idx`
            : CODE_INDEXED.has(`${table}.${column}`)
              ? `${table}_${column}_(prefix|suffix)_idx`
              : `${table}_${column}_\\w+`;
          expect(text, `${table}.${column} for "${keyword}"`).toMatch(new RegExp(`Index Scan on ${index}`));
        }
        expect(text).not.toMatch(/Seq Scan/);
      }
    });
  }
});

describe('one character through the table\'s character index (migration 0094)', () => {
  /** The list as it was before the character index: its keyword condition without `pv_chars`. */
  async function withoutCharIndex<T>(table: string, fn: () => Promise<T>): Promise<T> {
    const columns = CHARS_INDEXED.get(table)!;
    CHARS_INDEXED.delete(table);
    try {
      return await fn();
    } finally {
      CHARS_INDEXED.set(table, columns);
    }
  }

  it('customers and stations: one character reads the character index, no other list asks for it', async () => {
    for (const [table, def] of [['customers', customerResource], ['stations', stationResource]] as const) {
      expect([...CHARS_INDEXED.get(table)!].sort()).toEqual([...searchedColumns(def as ResourceDef)].sort()); // it covers every searched column
      for (const keyword of ['张', 'a', '8']) {
        const text = await plan(def as ResourceDef, keyword);
        expect(text, `${table} "${keyword}"`).toContain(`Bitmap Index Scan on ${table}_chars_idx`);
        expect(text).not.toMatch(/Seq Scan/);
      }
      // two characters and more keep their per-column indexes
      expect(await plan(def as ResourceDef, '张三')).not.toContain('chars_idx');
    }
    const where = planList(workOrderResource as ResourceDef, { q: '张' }, admin).where!;
    expect(db.db.select().from(customers).where(where).toSQL().sql).not.toContain('pv_chars');
  });

  it('the same rows, order and totals as without it: one and two characters, digits, case, wildcards, the cap', async () => {
    await db.db.execute(sql`insert into customers (name, phone, province_code, address)
      select case when g % 3 = 0 then 'Ärger' || g else '单字' || g end,
             case when g % 7 = 0 then '0531-' || lpad(g::text, 8, '0') else '1770' || lpad(g::text, 7, '0') end,
             '320000',
             case when g % 5 = 0 then null when g % 2 = 0 then '江苏省单字路' || g || '号' else 'Road_' || g || '%' end
        from generate_series(1, ${KEYWORD_COUNT_CAP + 600}) g`);
    await db.db.execute(sql`insert into stations (code, name, province_code, status, address)
      select 'ZD' || lpad(g::text, 6, '0'), '单字电站' || g, '320000', 'survey_pending', case when g % 2 = 0 then '江苏省单字路' end
        from generate_series(1, 60) g`);
    await db.db.execute(sql`analyze customers`);
    await db.db.execute(sql`analyze stations`);
    const keywords = ['单', '字', 'ä', 'Ä', 'r', 'R', '%', '_', '7', '9', '-', '鑫', '单字', '字路', '13', '177', '1770000001', '单字路1'];
    const queries = [{}, { page: 2 }, { page: 51 }, { sort: 'id', order: 'ASC', limit: 7, page: 3 }, { sort: 'name', order: 'DESC' }];
    for (const [table, def] of [['customers', customerResource], ['stations', stationResource]] as const) {
      for (const q of keywords) {
        for (const extra of queries) {
          const query = { limit: 20, q, ...extra };
          const now = await listRecords(db.db, def as ResourceDef, query, admin, 'zh');
          const before = await withoutCharIndex(table, () => listRecords(db.db, def as ResourceDef, query, admin, 'zh'));
          expect(now, `${table} ${JSON.stringify(query)}`).toEqual(before);
        }
      }
    }
    // and what ILIKE finds, counted to the cap: 单 is in 2/3 of the names (past the cap), Ä in a third, either case
    const one = await listRecords(db.db, customerResource as ResourceDef, { q: '单', limit: 5 }, admin, 'zh');
    expect(one).toMatchObject({ total: KEYWORD_COUNT_CAP, total_exact: false });
    const n = (await query<{ n: number }>(db.db, sql`select count(*)::int as n from customers where name ilike '%ä%' or phone ilike '%ä%' or address ilike '%ä%'`))[0]!.n;
    expect(n).toBe(Math.floor((KEYWORD_COUNT_CAP + 600) / 3));
    expect((await listRecords(db.db, customerResource as ResourceDef, { q: 'Ä', limit: 5 }, admin, 'zh')).total).toBe(n);
    expect((await listRecords(db.db, customerResource as ResourceDef, { q: 'ä', limit: 5 }, admin, 'zh')).total).toBe(n);
  });
});
