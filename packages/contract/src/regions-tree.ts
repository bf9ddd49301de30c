import type { Lang } from './i18n.ts';
import type { Region } from './regions.ts';
import { REGION_DATA } from './regions-data.ts';

/** A division's level follows from its code: 370000 province, 370100 city, 370102 district. */
export type RegionLevel = 'province' | 'city' | 'district';

export interface RegionValue {
  province_code?: string | null;
  city_code?: string | null;
  district_code?: string | null;
}

/** Why a province / city / district combination is invalid (an i18n key), or null when it is valid. */
export type RegionError = 'validation.region_province' | 'validation.region_city' | 'validation.region_district' | null;

export const levelOf = (code: string): RegionLevel => (code.endsWith('0000') ? 'province' : code.endsWith('00') ? 'city' : 'district');
export const parentOf = (code: string): string | null => {
  const level = levelOf(code);
  return level === 'province' ? null : level === 'city' ? `${code.slice(0, 2)}0000` : `${code.slice(0, 4)}00`;
};

/** The full province → city → district dataset (regions-data.ts), indexed. */
export class RegionTree {
  readonly provinces: readonly Region[];
  readonly size: Record<RegionLevel, number> = { province: 0, city: 0, district: 0 };
  private readonly byCode = new Map<string, Region>();
  private readonly children = new Map<string, Region[]>();

  constructor(data: string = REGION_DATA) {
    const provinces: Region[] = [];
    for (const line of data.split('\n')) {
      const [code, zh, en] = line.split('|') as [string, string, string];
      const region = { code, zh, en };
      this.byCode.set(code, region);
      const level = levelOf(code);
      this.size[level] += 1;
      const parent = parentOf(code);
      if (parent === null) provinces.push(region);
      else {
        const list = this.children.get(parent);
        if (list) list.push(region);
        else this.children.set(parent, [region]);
      }
    }
    this.provinces = provinces;
  }

  get(code: string | null | undefined): Region | undefined {
    return code ? this.byCode.get(code) : undefined;
  }

  /** Prefecture-level divisions of a province ([] for HK, Macao, Taiwan and unknown codes). */
  citiesOf(province: string | null | undefined): readonly Region[] {
    return (province && levelOf(province) === 'province' && this.children.get(province)) || [];
  }

  /** County-level divisions of a city ([] for cities without counties, e.g. 东莞市). */
  districtsOf(city: string | null | undefined): readonly Region[] {
    return (city && levelOf(city) === 'city' && this.children.get(city)) || [];
  }

  name(code: string | null | undefined, lang: Lang): string {
    if (!code) return '';
    return this.byCode.get(code)?.[lang] ?? code;
  }

  /**
   * The first problem of a province / city / district choice: the province must exist, a city must
   * belong to the province, a district must belong to the city (and needs one). Empty levels are fine.
   */
  regionError({ province_code, city_code, district_code }: RegionValue): RegionError {
    if (!province_code || levelOf(province_code) !== 'province' || !this.byCode.has(province_code)) {
      return province_code || city_code || district_code ? 'validation.region_province' : null;
    }
    if (city_code && !this.citiesOf(province_code).some((c) => c.code === city_code)) return 'validation.region_city';
    if (district_code && (!city_code || !this.districtsOf(city_code).some((d) => d.code === district_code))) return 'validation.region_district';
    return null;
  }

  isValidRegion(value: RegionValue): boolean {
    return this.regionError(value) === null;
  }
}
