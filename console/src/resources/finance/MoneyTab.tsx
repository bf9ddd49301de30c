import type { ComponentType } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { PayCycle, type LeaseContract, type Station } from '@pv/contract';
import StationRevenue from '../revenue/StationRevenue.tsx';
import { STATION_RESOURCE } from '../station/logic.ts';
import { useHasPermission } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { BillsTable } from './bills.tsx';
import { LeaseStatusChip, Yuan, leaseField } from './common.tsx';
import { LEASE_RESOURCE, billsOf, leaseDetailPath } from './logic.ts';

/** Whose money the tab shows: an owner (customer page) or a station (station page). */
export type MoneyOwner = { customer_id: number } | { station_id: number };

/**
 * One section of the money tab. The tab renders every section whose permission the user holds, in
 * this order; revenue (收益) is added by pushing its own section here, nothing else changes.
 */
export interface MoneySection {
  key: string;
  /** a permission code; the section is left out without it */
  permission: string;
  Component: ComponentType<{ owner: MoneyOwner }>;
}

const Contracts = ({ owner }: { owner: MoneyOwner }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data = [], isPending } = useGetList<LeaseContract>(LEASE_RESOURCE, { filter: owner, pagination: { page: 1, perPage: 50 }, sort: { field: 'created_at', order: 'DESC' } });
  return (
    <Panel title="pv.money.contracts" testId="money-contracts">
      {isPending ? null : !data.length ? (
        <EmptyNote text="pv.money.no_contracts" />
      ) : (
        <Table size="small" sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {['contract_no', 'status', 'start_date', 'pay_cycle', 'annual_rent', 'payee_name', 'bank_card'].map((k) => (
                <TableCell key={k}>{translate(leaseField(k))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <Link component={RouterLink} to={leaseDetailPath(c.id)}>
                    {c.contract_no}
                  </Link>
                </TableCell>
                <TableCell>
                  <LeaseStatusChip status={c.status} />
                </TableCell>
                <TableCell>{`${c.start_date} ~ ${c.end_date}`}</TableCell>
                <TableCell>{PayCycle.label(c.pay_cycle, lang)}</TableCell>
                <TableCell>
                  <Yuan value={c.annual_rent} />
                </TableCell>
                <TableCell>{c.payee_name ?? '-'}</TableCell>
                <TableCell>{c.bank_card ?? '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
};

const Bills = ({ owner }: { owner: MoneyOwner }) => {
  const translate = useTranslate();
  return (
    <Panel
      title="pv.money.bills"
      testId="money-bills"
      actions={
        <Button size="small" component={RouterLink} to={billsOf(owner)}>
          {translate('pv.lease.all_bills')}
        </Button>
      }
    >
      <BillsTable filter={owner} testId="money-bills-table" />
    </Panel>
  );
};

/** 收益 of a station, or of each of an owner's stations (the last 12 months, estimate beside actuals). */
const Revenue = ({ owner }: { owner: MoneyOwner }) => {
  const customerId = 'customer_id' in owner ? owner.customer_id : null;
  const { data: stations = [], isPending } = useGetList<Station>(STATION_RESOURCE, { filter: { customer_id: customerId }, pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' } }, { enabled: customerId !== null });
  return (
    <Panel title="pv.money.revenue" testId="money-revenue">
      {'station_id' in owner ? (
        <StationRevenue stationId={owner.station_id} />
      ) : isPending ? null : !stations.length ? (
        <EmptyNote text="pv.money.no_stations" />
      ) : (
        stations.map((s) => (
          <div key={s.id}>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>{`${s.code} · ${s.name}`}</Typography>
            <StationRevenue stationId={s.id} />
          </div>
        ))
      )}
    </Panel>
  );
};

export const MONEY_SECTIONS: MoneySection[] = [
  { key: 'lease_contracts', permission: 'lease_contract:index', Component: Contracts },
  { key: 'rent_bills', permission: 'rent_bill:index', Component: Bills },
  { key: 'revenue', permission: 'revenue:index', Component: Revenue },
];

const Section = ({ section, owner }: { section: MoneySection; owner: MoneyOwner }) => (useHasPermission(section.permission) ? <section.Component owner={owner} /> : null);

/** 租金与收益: the money of a customer or a station — its lease contracts, bills and their payments, and what it earns. */
const MoneyTab = ({ owner }: { owner: MoneyOwner }) => (
  <div data-testid="money-tab">
    {MONEY_SECTIONS.map((s) => (
      <Section key={s.key} section={s} owner={owner} />
    ))}
  </div>
);
export default MoneyTab;
