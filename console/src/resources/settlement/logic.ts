import { SETTLEMENT_MACHINE, type SettlementLine, canTransition } from '@pv/contract';
import { customerDetailPath } from '../customer/common.tsx';
import { orderListPath, selfAuditDetailPath, stationDetailPath } from '../workOrder/logic.ts';
import { SETTLEMENT_RESOURCE, RULE_RESOURCE } from '../names.ts';
export { SETTLEMENT_RESOURCE, RULE_RESOURCE };

/** react-admin resources of 结算单 and its rules (their route paths) and their APIs. */
export const SETTLEMENT_API = 'settlement';
export const RULE_API = 'settlement_rule';

export const settlementDetailPath = (id: number | string) => `/finance/settlementDetail?id=${id}`;

/** The settlement's buttons, in the order the detail page shows them. */
export type SettlementButton = 'submit' | 'confirm' | 'pay';
export const SETTLEMENT_BUTTONS: SettlementButton[] = ['submit', 'confirm', 'pay'];

/** The buttons a settlement's state allows for a user holding `may` (the server checks both again). */
export const allowedSettlementButtons = (status: string, may: (code: string) => boolean): SettlementButton[] =>
  SETTLEMENT_BUTTONS.filter((b) => canTransition(SETTLEMENT_MACHINE, status, b) && may(`settlement:${b}`));

/** A line may be disputed while the settlement awaits confirmation and the line is untouched. */
export const lineDisputable = (status: string, line: Pick<SettlementLine, 'status'>) => canTransition(SETTLEMENT_MACHINE, status, 'dispute') && line.status === 'normal';
/** A disputed line of a disputed settlement waits for finance. */
export const lineResolvable = (status: string, line: Pick<SettlementLine, 'status'>) => status === 'disputed' && line.status === 'disputed';

/** Where a line's source record is shown (customer, station, self-audit pages; a work order in its dispatch list). */
export function sourcePath(line: Pick<SettlementLine, 'source_type' | 'source_id' | 'source_kind'>): string | null {
  switch (line.source_type) {
    case 'customer':
      return customerDetailPath(line.source_id);
    case 'station':
      return stationDetailPath(line.source_id);
    case 'self_audit':
      return selfAuditDetailPath(line.source_kind === 'grid' ? 'grid' : 'build', line.source_id);
    case 'work_order':
      return orderListPath(line.source_kind === 'grid' ? 'grid' : 'build', { id: line.source_id });
    default:
      return null;
  }
}

/** Lines grouped by kind in a fixed order, each group with its exact subtotal computed by the caller. */
export const KIND_ORDER = ['commission', 'grid_bonus', 'install_fee', 'audit_deduction', 'overdue_deduction', 'adjustment'] as const;
export function groupLines<L extends Pick<SettlementLine, 'kind'>>(lines: L[]): Array<{ kind: string; lines: L[] }> {
  return KIND_ORDER.map((kind) => ({ kind, lines: lines.filter((l) => l.kind === kind) })).filter((g) => g.lines.length > 0);
}
