import { STOCK_MOVEMENTS } from '../../providers/resources.ts';
import { MATERIAL_RESOURCE, WAREHOUSE_RESOURCE, STOCK_RESOURCE } from '../names.ts';
export { MATERIAL_RESOURCE, WAREHOUSE_RESOURCE, STOCK_RESOURCE };

/** react-admin resources of the 运维 section (route paths) and their APIs. */
export { STOCK_MOVEMENTS };

/** The stock actions (stock_movement/<action>) and the balance's threshold; each its own permission stock:<action>. */
export const STOCK_ACTIONS = ['in', 'issue', 'transfer', 'return', 'adjust'] as const;
export type StockAction = (typeof STOCK_ACTIONS)[number];

/** Serial numbers typed one per line (or separated by commas / spaces) → the list the API takes. */
export const parseSerials = (text: unknown): string[] | undefined => {
  if (typeof text !== 'string') return undefined;
  const list = text
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
};

/** A signed decimal string as the ledger shows it: "+5", "-2.5". */
export const signed = (qty: string | null | undefined) => (!qty ? '-' : qty.startsWith('-') ? qty : `+${qty}`);

export const materialShowPath = (id: number | string) => `/${MATERIAL_RESOURCE}/${id}/show`;
export const warehouseShowPath = (id: number | string) => `/${WAREHOUSE_RESOURCE}/${id}/show`;
