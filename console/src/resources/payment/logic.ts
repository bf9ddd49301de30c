import { PAYMENT_BATCH_MACHINE, canTransition, selectionQuery } from '@pv/contract';
import { PAYMENT_RESOURCE } from '../names.ts';
export { PAYMENT_RESOURCE };

/** react-admin resource of 付款批次 (its route path) and its API. */
export const PAYMENT_API = 'payment_batch';

export const paymentDetailPath = (id: number | string) => `/finance/paymentBatchDetail?id=${id}`;

/** The batch's buttons, in the order the detail page shows them. */
export type BatchButton = 'submit' | 'approve' | 'reject' | 'export' | 'import_result' | 'cancel';
export const BATCH_BUTTONS: BatchButton[] = ['submit', 'approve', 'reject', 'export', 'import_result', 'cancel'];
/** The permission each button needs (export and import have their own codes). */
export const BATCH_PERMISSION: Record<BatchButton, string> = {
  submit: 'payment_batch:submit',
  approve: 'payment_batch:approve',
  reject: 'payment_batch:reject',
  export: 'payment_batch:export',
  import_result: 'payment_batch:import',
  cancel: 'payment_batch:cancel',
};

/**
 * The buttons a batch's state allows for a user holding `may`; approve and send back not for its
 * maker or submitter (four eyes: the server refuses them too).
 */
export function allowedBatchButtons(batch: { status: string; created_by: number | null; submitted_by: number | null }, may: (code: string) => boolean, userId: number | null): BatchButton[] {
  const own = userId != null && (batch.created_by === userId || batch.submitted_by === userId);
  return BATCH_BUTTONS.filter((b) => canTransition(PAYMENT_BATCH_MACHINE, batch.status, b) && may(BATCH_PERMISSION[b]) && !((b === 'approve' || b === 'reject') && own));
}

/** Lines can be removed while the batch is a draft. */
export const linesRemovable = (status: string) => canTransition(PAYMENT_BATCH_MACHINE, status, 'remove_line');

/** The bill list's filter values as a batch selection's filter (empty ones dropped; lists joined as the list takes them). */
export const selectionOf = (filterValues: Record<string, unknown>) => selectionQuery(filterValues);
