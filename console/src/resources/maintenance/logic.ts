import { MAINTENANCE_MACHINE, canTransition, type MaintenanceAction } from '@pv/contract';
import { parseSerials } from '../operation/logic.ts';
import { MAINTENANCE_RESOURCE } from '../names.ts';
export { MAINTENANCE_RESOURCE };

/** react-admin resource of 运维工单 (route path) and its API. */
export const MAINTENANCE_API = 'maintenance';

export const maintenanceDetailPath = (id: number | string) => `/operation/maintenanceDetail?id=${id}`;
/** The order list filtered (links from the station, inspection and matter pages). */
export const maintenanceOf = (filter: { station_id?: number; source?: string; source_id?: number }) =>
  `/${MAINTENANCE_RESOURCE}?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)])).toString()}`;

/** The lifecycle actions a state allows, in the order the detail page shows them. */
export const MAINTENANCE_ACTIONS: MaintenanceAction[] = ['dispatch', 'accept', 'start', 'submit', 'approve', 'reject', 'cancel'];
export const allowedMaintenanceActions = (status: string) => MAINTENANCE_ACTIONS.filter((a) => canTransition(MAINTENANCE_MACHINE, status, a));

/** Whole hours and minutes between two instants ("3 h 20 min"), for response / repair times. */
export function durationText(from: string | null | undefined, to: string | null | undefined, lang: 'zh' | 'en'): string {
  if (!from || !to) return '-';
  const minutes = Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const [hu, mu] = lang === 'zh' ? ['小时', '分钟'] : [' h', ' min'];
  return h ? `${h}${hu}${m ? ` ${m}${mu}` : ''}` : `${m}${mu}`;
}

/** One row of the submit dialog's parts → the API's part (serials from a text box: one per line or comma). */
export function partOf(row: { warehouse_id?: unknown; material_id?: unknown; qty?: unknown; serials_text?: unknown; old_serials_text?: unknown }) {
  const out: Record<string, unknown> = { warehouse_id: row.warehouse_id, material_id: row.material_id, qty: row.qty === undefined || row.qty === null ? row.qty : String(row.qty).trim() };
  const serials = parseSerials(row.serials_text);
  const old = parseSerials(row.old_serials_text);
  if (serials) out.serials = serials;
  if (old) out.old_serials = old;
  return out;
}
