import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Link, Typography } from '@mui/material';
import { ClaimCause, InsuranceKind } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { ClaimStatusChip, PolicyStateChip, claimField, policyField } from './common.tsx';
import { POLICY_API, claimDetailPath, policyDetailPath } from './logic.ts';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

interface Mine {
  policies: { id: number; policy_no: string; kind: string; state: string; insurer_name: string | null; sum_insured: string; cover_start: string; cover_end: string }[];
  claims: { id: number; claim_no: string; cause: string; status: string; incident_date: string; amount_claimed: string; amount_received: string | null; policy_no: string }[];
}

/** 保险与理赔 on the station page: the policies covering it (sum insured, cover dates, state) and its claims. */
const StationInsurance = ({ stationId }: { stationId: number }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const { data } = useQuery({ queryKey: [POLICY_API, 'of_station', stationId], queryFn: () => dataProvider.read<Mine>(POLICY_API, 'of_station', { station_id: stationId }).then((r) => r.data) });
  return (
    <Panel title="pv.insurance.station_panel" testId="station-insurance">
      <Typography variant="subtitle2">{translate('pv.insurance.policies')}</Typography>
      {data && !data.policies.length ? (
        <EmptyNote text="pv.insurance.policies_empty" />
      ) : (
        <Box sx={{ mb: 2 }}>
          <DataTable
            rows={data?.policies ?? []}
            rowKey={(p) => p.id}
            rowTestId="station-policy"
            columns={[
              {
                key: 'policy_no',
                label: translate(policyField('policy_no')),
                nowrap: true,
                ...MUST_SHOW,
                render: (p) => (
                  <Link component={RouterLink} to={policyDetailPath(p.id)}>
                    {p.policy_no}
                  </Link>
                ),
              },
              { key: 'kind', label: translate(policyField('kind')), nowrap: true, render: (p) => InsuranceKind.label(p.kind, lang) },
              { key: 'insurer_name', label: translate(policyField('insurer_name')), render: (p) => p.insurer_name, ...HIDE_FIRST },
              { key: 'cover', label: translate(policyField('start_date')), nowrap: true, render: (p) => `${p.cover_start} ~ ${p.cover_end}`, ...MUST_SHOW },
              { key: 'sum_insured', label: translate(policyField('sum_insured')), align: 'right', nowrap: true, render: (p) => <Yuan value={p.sum_insured} />, ...MUST_SHOW },
              { key: 'state', label: translate(policyField('state')), nowrap: true, render: (p) => <PolicyStateChip state={p.state} />, ...MUST_SHOW },
            ]}
          />
        </Box>
      )}
      <Typography variant="subtitle2">{translate('pv.insurance.claims')}</Typography>
      {data && !data.claims.length ? (
        <EmptyNote text="pv.insurance.claims_empty" />
      ) : (
        <DataTable
          rows={data?.claims ?? []}
          rowKey={(c) => c.id}
          rowTestId="station-claim"
          columns={[
            {
              key: 'claim_no',
              label: translate(claimField('claim_no')),
              nowrap: true,
              ...MUST_SHOW,
              render: (c) => (
                <Link component={RouterLink} to={claimDetailPath(c.id)}>
                  {c.claim_no}
                </Link>
              ),
            },
            { key: 'cause', label: translate(claimField('cause')), nowrap: true, render: (c) => ClaimCause.label(c.cause, lang) },
            { key: 'incident_date', label: translate(claimField('incident_date')), nowrap: true, render: (c) => c.incident_date },
            { key: 'amount_claimed', label: translate(claimField('amount_claimed')), align: 'right', nowrap: true, render: (c) => <Yuan value={c.amount_claimed} />, ...MUST_SHOW },
            { key: 'amount_received', label: translate(claimField('amount_received')), align: 'right', nowrap: true, render: (c) => <Yuan value={c.amount_received} />, ...MUST_SHOW },
            { key: 'status', label: translate(claimField('status')), nowrap: true, render: (c) => <ClaimStatusChip status={c.status} />, ...MUST_SHOW },
          ]}
        />
      )}
    </Panel>
  );
};
export default StationInsurance;
