import { labelled } from './enums.ts';

/**
 * The statistics' constants the big screen needs at run time, in a module without zod: the screen's
 * bundle leaves out every contract module it does not use (daping/vite.config.ts), and stats.ts,
 * whose request schemas run zod at load, would bring zod (about 26 KB gzip) with these few values.
 */

/** `statistic/events`: the big screen's feed of recent events, newest first. */
export const StatEventKind = labelled({
  grid_connected: { zh: '并网', en: 'Grid connection' },
  new_customer: { zh: '新客户', en: 'New customer' },
  signed: { zh: '签约', en: 'Signed' },
  matter: { zh: '光E宝事项', en: 'Matter' },
});

export const TargetKind = labelled({
  signed_kwp: { zh: '签约容量(kWp)', en: 'Signed capacity (kWp)' },
  grid_kwp: { zh: '并网容量(kWp)', en: 'Grid capacity (kWp)' },
  customers: { zh: '新增客户', en: 'New customers' },
});
export type TargetKindValue = (typeof TargetKind.values)[number];

/** Display tokens look like `pvd_` + 43 base64url characters (never a JWT, which has dots). */
export const DISPLAY_TOKEN_PREFIX = 'pvd_';
export const isDisplayToken = (token: string): boolean => token.startsWith(DISPLAY_TOKEN_PREFIX);
