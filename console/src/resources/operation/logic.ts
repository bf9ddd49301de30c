import { STOCK_MOVEMENTS } from '../../providers/resources.ts';

/** react-admin resources of the 运维 section (route paths) and their APIs. */
export const MATERIAL_RESOURCE = 'operation/materialList';
export const WAREHOUSE_RESOURCE = 'operation/warehouseList';
export const STOCK_RESOURCE = 'operation/stockLedger';
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
