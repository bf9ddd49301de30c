import { STATION_INTERNAL, STATION_MACHINE, allowedActions, type Lang, type StationAction } from '@pv/contract';
import { STATION_RESOURCE } from '../names.ts';
export { STATION_RESOURCE };

/**
 * Pure helpers of the station screens (no React): which buttons a station shows, sizes,
 * coordinates and the addresses of the related screens. console/test/station.test.ts covers them.
 */

/** A station button: a lifecycle move staff make by hand, or freeze / unfreeze. */
export type StationButton = 'finish_survey' | 'finish_design' | 'operate' | 'terminate' | 'freeze' | 'unfreeze';

/** Buttons that ask for a reason in a dialog (the rest ask for a confirmation). */
export const REASON_BUTTONS: readonly StationButton[] = ['terminate', 'freeze'];

/**
 * The buttons a station allows now: the moves of STATION_MACHINE from its status that are not
 * driven by work orders or self-audits (STATION_INTERNAL), plus freeze. A frozen station allows
 * only unfreeze; a terminated one nothing. The forward moves come first, terminate last.
 */
export function stationButtons(status: string, frozen: boolean): StationButton[] {
  if (frozen) return ['unfreeze'];
  if (status === 'terminated') return [];
  const moves = allowedActions(STATION_MACHINE, status).filter((a: StationAction) => !STATION_INTERNAL.includes(a)) as StationButton[];
  const forward = moves.filter((a) => a !== 'terminate');
  return [...forward, 'freeze', ...(moves.includes('terminate') ? (['terminate'] as const) : [])];
}

/** 1.2 MB / 340 KB / 12 B, in the UI language's number format. */
export function formatBytes(size: number | null | undefined, lang: Lang): string {
  if (size === null || size === undefined || !Number.isFinite(size)) return '-';
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} KB`;
  return `${(size / 1024 / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}

/** "120.15530° E, 30.27410° N" (west and south as W / S); null without both values. */
export function formatCoordinates(lng: number | null | undefined, lat: number | null | undefined): string | null {
  if (lng === null || lng === undefined || lat === null || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  const ew = lng < 0 ? 'W' : 'E';
  const ns = lat < 0 ? 'S' : 'N';
  return `${Math.abs(lng).toFixed(5)}° ${ew}, ${Math.abs(lat).toFixed(5)}° ${ns}`;
}

/** The frame of the position sketch: mainland China and Hainan, with a margin. */
export const CHINA_FRAME = { west: 73, east: 136, south: 17, north: 54 } as const;

/**
 * Where a point sits in the sketch frame, as fractions 0..1 from the left and from the top
 * (clamped to the edge; `inside` false when the point is outside the frame).
 */
export function framePosition(lng: number, lat: number, frame: { west: number; east: number; south: number; north: number } = CHINA_FRAME) {
  const x = (lng - frame.west) / (frame.east - frame.west);
  const y = (frame.north - lat) / (frame.north - frame.south);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp(x), y: clamp(y), inside: x >= 0 && x <= 1 && y >= 0 && y <= 1 };
}

export const STATION_API = 'station';

export const stationDetailPath = (id: number | string) => `/stationManagement/stationDetail?id=${id}`;
export const stationDocsPath = (id: number | string) => `/stationManagement/pdfs?id=${id}`;

/** A react-admin list opened with a filter in its address (#/…List?filter={"station_id":3}). */
export const listWithFilter = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The build or grid work-order list filtered to one station. */
export const workOrderListPath = (kind: 'build' | 'grid' | string, stationId: number | string) =>
  listWithFilter(kind === 'grid' ? '/stationManagement/ongridWorkOrderList' : '/stationManagement/buildWorkOrderList', { station_id: Number(stationId) });

/** A self-audit's detail page by its kind. */
export const selfAuditDetailPath = (kind: 'build' | 'grid' | string, id: number | string) =>
  kind === 'grid' ? `/stationManagement/ongridselfauditdetails?id=${id}` : `/stationManagement/buildSelfAuditDetail?id=${id}`;

/** The 光E宝 matter list filtered to one station. */
export const matterListPath = (stationId: number | string) => listWithFilter('/stationManagement/gebMatter', { station_id: Number(stationId) });
