import { describe, expect, it } from 'vitest';
import { CITIES, PROVINCES, loadRegions, loadedRegions, regionName } from '../src/index.ts';

describe('regions dataset (loadRegions)', async () => {
  const tree = await loadRegions();

  it('holds every division: 34 provincial, > 330 prefecture-level, > 2800 county-level', () => {
    expect(tree.size.province).toBe(34);
    expect(tree.size.city).toBeGreaterThan(330);
    expect(tree.size.district).toBeGreaterThan(2800);
    expect(tree.provinces.map((p) => p.code)).toEqual(PROVINCES.map((p) => p.code));
    expect(loadedRegions()).toBe(tree);
  });

  it('knows codes and names in both languages', () => {
    expect(tree.get('370100')).toEqual({ code: '370100', zh: '济南市', en: 'Jinan' });
    expect(tree.get('370102')).toMatchObject({ zh: '历下区', en: 'Lixia District' });
    expect(tree.name('110100', 'zh')).toBe('北京市');
    expect(tree.name('999999', 'en')).toBe('999999');
    // once loaded, regionName names districts and cities outside the demo list too
    expect(regionName('370102', 'zh')).toBe('历下区');
    expect(regionName('371700', 'zh')).toBe('菏泽市');
  });

  it('every demo city is in the dataset under the same Chinese name', () => {
    for (const c of CITIES) expect(tree.get(c.code)?.zh, c.code).toBe(c.zh);
  });

  it('nests: cities of a province, districts of a city', () => {
    const shandong = tree.citiesOf('370000');
    expect(shandong).toHaveLength(16);
    expect(shandong.every((c) => c.code.startsWith('37') && c.code.endsWith('00'))).toBe(true);
    expect(tree.districtsOf('370100').map((d) => d.zh)).toContain('历下区');
    expect(tree.districtsOf('370100').every((d) => d.code.startsWith('3701'))).toBe(true);
    expect(tree.citiesOf('810000')).toEqual([]);
    expect(tree.districtsOf('441900')).toEqual([]); // 东莞市 has no counties
    expect(tree.citiesOf('370100')).toEqual([]);
    expect(tree.districtsOf(null)).toEqual([]);
  });

  it('validates a province / city / district choice', () => {
    expect(tree.isValidRegion({ province_code: '370000', city_code: '370100', district_code: '370102' })).toBe(true);
    expect(tree.isValidRegion({ province_code: '370000' })).toBe(true);
    expect(tree.isValidRegion({})).toBe(true);
    expect(tree.regionError({ province_code: '370000', city_code: '370100', district_code: '370202' })).toBe('validation.region_district');
    expect(tree.regionError({ province_code: '370000', city_code: null, district_code: '370102' })).toBe('validation.region_district');
    expect(tree.regionError({ province_code: '370000', city_code: '410100' })).toBe('validation.region_city');
    expect(tree.regionError({ province_code: '370100', city_code: '370100' })).toBe('validation.region_province');
    expect(tree.regionError({ city_code: '370100' })).toBe('validation.region_province');
  });
});
