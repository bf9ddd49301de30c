import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ClaimCause, InsuranceKind } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { ClaimStatusChip, PolicyStateChip, claimField, policyField } from './common.tsx';
import { POLICY_API, claimDetailPath, policyDetailPath } from './logic.ts';

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
  const head = (cells: string[]) => (
    <TableHead>
      <TableRow>
        {cells.map((c) => (
          <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
            {translate(c)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
  return (
    <Panel title="pv.insurance.station_panel" testId="station-insurance">
      <Typography variant="subtitle2">{translate('pv.insurance.policies')}</Typography>
      {data && !data.policies.length ? (
        <EmptyNote text="pv.insurance.policies_empty" />
      ) : (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small">
            {head([policyField('policy_no'), policyField('kind'), policyField('insurer_name'), policyField('start_date'), policyField('sum_insured'), policyField('state')])}
            <TableBody>
              {data?.policies.map((p) => (
                <TableRow key={p.id} data-testid="station-policy">
                  <TableCell>
                    <Link component={RouterLink} to={policyDetailPath(p.id)}>
                      {p.policy_no}
                    </Link>
                  </TableCell>
                  <TableCell>{InsuranceKind.label(p.kind, lang)}</TableCell>
                  <TableCell>{p.insurer_name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${p.cover_start} ~ ${p.cover_end}`}</TableCell>
                  <TableCell>
                    <Yuan value={p.sum_insured} />
                  </TableCell>
                  <TableCell>
                    <PolicyStateChip state={p.state} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Typography variant="subtitle2">{translate('pv.insurance.claims')}</Typography>
      {data && !data.claims.length ? (
        <EmptyNote text="pv.insurance.claims_empty" />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            {head([claimField('claim_no'), claimField('cause'), claimField('incident_date'), claimField('amount_claimed'), claimField('amount_received'), claimField('status')])}
            <TableBody>
              {data?.claims.map((c) => (
                <TableRow key={c.id} data-testid="station-claim">
                  <TableCell>
                    <Link component={RouterLink} to={claimDetailPath(c.id)}>
                      {c.claim_no}
                    </Link>
                  </TableCell>
                  <TableCell>{ClaimCause.label(c.cause, lang)}</TableCell>
                  <TableCell>{c.incident_date}</TableCell>
                  <TableCell>
                    <Yuan value={c.amount_claimed} />
                  </TableCell>
                  <TableCell>
                    <Yuan value={c.amount_received} />
                  </TableCell>
                  <TableCell>
                    <ClaimStatusChip status={c.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Panel>
  );
};
export default StationInsurance;
