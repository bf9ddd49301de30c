import { INVOICE_MACHINE, Money, canTransition, type Invoice, type InvoiceLine } from '@pv/contract';

/** react-admin resource of 发票 (its route path) and its API. */
export const INVOICE_RESOURCE = 'finance/invoice';
export const INVOICE_API = 'invoice';

export const invoiceDetailPath = (id: number | string) => `/finance/invoiceDetail?id=${id}`;
/** A draft's edit page (react-admin's edit route of the resource). */
export const invoiceEditPath = (id: number | string) => `/finance/invoice/${id}`;

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

/** A stored line as the form edits it: the input fields only (the tax is the server's). */
export const formLine = (l: InvoiceLine): Record<string, unknown> => ({ item: l.item, spec: l.spec ?? '', unit: l.unit ?? '', quantity: l.quantity ?? '', unit_price: l.unit_price ?? '', amount: l.amount, tax_rate: l.tax_rate });

/**
 * A red-letter invoice's first draft from its original: every line negated (item, rate, amount) and
 * the totals negated — the original's own figures with the sign turned (no arithmetic beyond that), so a
 * full reversal is one click; a partial credit edits the lines and the totals as printed.
 */
export function redLetterDraft(original: Pick<Invoice, 'kind' | 'invoice_code' | 'amount_total' | 'tax_total' | 'total'>, lines: readonly InvoiceLine[]) {
  const neg = (v: string) => new Money(v).negated().toFixed(2);
  return {
    kind: original.kind,
    invoice_code: original.kind.startsWith('digital') ? '' : original.invoice_code,
    lines: lines.map((l) => ({ item: l.item, amount: neg(l.amount), tax_rate: l.tax_rate })),
    amount_total: neg(original.amount_total),
    tax_total: neg(original.tax_total),
    total: neg(original.total),
  };
}
