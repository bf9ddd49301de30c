import { useState } from 'react';
import { useGetList, useRecordContext } from 'react-admin';
import CardIcon from '@mui/icons-material/CreditCardOutlined';
import type { LeaseContract, Matter } from '@pv/contract';
import { ActionButton, useHasPermission } from '../common/actions.tsx';
import { ChangeCardDialog } from './dialogs.tsx';
import { LEASE_RESOURCE } from './logic.ts';

/**
 * On a 光E宝 银行卡变更 matter: 变更收款账户 of the station's open lease contract, the change linked to
 * the matter (matter_id), for those holding lease_contract:change_card.
 */
export const MatterCardChange = () => {
  const matter = useRecordContext<Matter>();
  const may = useHasPermission('lease_contract:change_card');
  const [open, setOpen] = useState(false);
  const enabled = may && matter?.type === 'bank_card' && !!matter.station_id;
  const { data = [] } = useGetList<LeaseContract>(LEASE_RESOURCE, { filter: { station_id: matter?.station_id, status: ['draft', 'signed', 'active'] }, pagination: { page: 1, perPage: 1 } }, { enabled });
  const contract = data[0];
  if (!enabled || !contract) return null;
  return (
    <>
      <ActionButton label="pv.lease.action.change_card" icon={<CardIcon />} onClick={() => setOpen(true)} />
      {open && <ChangeCardDialog record={contract} matterId={matter!.id} onClose={() => setOpen(false)} />}
    </>
  );
};
