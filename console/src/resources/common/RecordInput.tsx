import { AutocompleteInput, ReferenceInput, usePermissions } from 'react-admin';
import type { RefKind } from '@pv/contract';
import type { AccessInfo } from '../../providers/authProvider.ts';
import { canAccessAction } from '../../providers/permissions.ts';
import { FORMAL } from '../../providers/resources.ts';

type Rec = Record<string, string | number | null | undefined>;
const joined = (...parts: Array<string | number | null | undefined>) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');

/** Where each kind of record is listed (the resource the input searches with `q`) and how an option reads. */
const KINDS: Partial<Record<RefKind, { reference: string; option: (r: Rec) => string }>> = {
  station: { reference: 'stationManagement/stationList', option: (r) => joined(r.code, r.name) },
  customer: { reference: FORMAL, option: (r) => joined(r.name, r.phone) },
  lease_contract: { reference: 'finance/leaseContract', option: (r) => joined(r.contract_no, r.station_name ?? r.customer_name) },
  payment_batch: { reference: 'finance/paymentBatch', option: (r) => joined(r.batch_no, r.name) },
  operation_plan: { reference: 'operation/operationPlan', option: (r) => joined(r.plan_no, r.name) },
  maintenance: { reference: 'operation/maintenanceList', option: (r) => joined(r.order_no, r.station_name) },
  insurance_policy: { reference: 'partner/insurancePolicy', option: (r) => joined(r.policy_no, r.insurer_name) },
  work_order: { reference: 'stationManagement/buildWorkOrderList', option: (r) => joined(r.order_no, r.station_name) },
  matter: { reference: 'stationManagement/gebMatter', option: (r) => joined(r.matter_no, r.title) },
};

type PickKind = keyof typeof KINDS;

/**
 * May the user search the records of a kind (their list)? A filter picking a record the user cannot list
 * is left out (a 施工队 member filters inspections by station but not by operation plan).
 */
export const useCanPick = () => {
  const { permissions } = usePermissions<AccessInfo>();
  return (kind: PickKind, reference?: string) => canAccessAction(permissions, reference ?? KINDS[kind]!.reference, 'list');
};

/**
 * A record picked by its number or name — a list filter on `station_id`, `contract_id`, … (also when a
 * link opened the list with `?contract_id=5`: the filter shows the contract's number, not 5) or a form's
 * reference. Typing searches the record's list (`q`) within the user's data scope.
 */
export const RecordInput = ({
  kind,
  source,
  label,
  required,
  reference,
  defaultValue,
  filter,
  alwaysOn: _alwaysOn,
}: {
  kind: PickKind;
  source: string;
  label: string;
  required?: boolean;
  /** another list of the same records (the grid-connection work orders rather than the construction ones) */
  reference?: string;
  defaultValue?: number;
  /** narrows the choices (the owner's 银行卡变更 matters only) */
  filter?: Record<string, unknown>;
  alwaysOn?: boolean;
}) => {
  const spec = KINDS[kind]!;
  return (
    <ReferenceInput source={source} reference={reference ?? spec.reference} defaultValue={defaultValue} filter={filter} sort={{ field: 'created_at', order: 'DESC' }} perPage={20}>
      <AutocompleteInput label={label} optionText={spec.option} filterToQuery={(q: string) => ({ q })} isRequired={required} sx={{ minWidth: 240 }} />
    </ReferenceInput>
  );
};
