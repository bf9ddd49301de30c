import { INVOICE_MACHINE, canTransition, type Invoice } from '@pv/contract';

/** react-admin resource of 发票 (its route path) and its API. */
export const INVOICE_RESOURCE = 'finance/invoice';
export const INVOICE_API = 'invoice';

export const invoiceDetailPath = (id: number | string) => `/finance/invoiceDetail?id=${id}`;

/** The invoice's buttons, in the order the detail page shows them. */
export type InvoiceButton = 'register' | 'match' | 'red_letter' | 'void';
export const INVOICE_BUTTONS: InvoiceButton[] = ['register', 'match', 'red_letter', 'void'];

/** The buttons an invoice's state allows for a user holding `may` (the server checks both again). */
export function allowedInvoiceButtons(inv: Pick<Invoice, 'status' | 'is_red' | 'matched_amount' | 'credited_amount' | 'direction'>, may: (code: string) => boolean): InvoiceButton[] {
  const untouched = Number(inv.matched_amount) === 0 && Number(inv.credited_amount) === 0;
  const shown: Record<InvoiceButton, boolean> = {
    register: canTransition(INVOICE_MACHINE, inv.status, 'register'),
    match: !inv.is_red && inv.status === 'registered',
    red_letter: !inv.is_red && (inv.status === 'registered' || inv.status === 'matched'),
    void: canTransition(INVOICE_MACHINE, inv.status, 'void') && untouched,
  };
  return INVOICE_BUTTONS.filter((b) => shown[b] && may(`invoice:${b}`));
}

/** Blank form rows ('' from empty inputs) out of a line; the tax rate as text. */
export function lineBody(l: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(l)) if (v !== '' && v !== null && v !== undefined) out[k] = v;
  if (out.tax_rate !== undefined) out.tax_rate = String(out.tax_rate);
  return out;
}
