import type { ComponentType } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link, Typography } from '@mui/material';
import { PayCycle, type LeaseContract, type Station } from '@pv/contract';
import StationRevenue from '../revenue/StationRevenue.tsx';
import { STATION_RESOURCE } from '../station/logic.ts';
import { useHasPermission } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { BillsTable } from './bills.tsx';
import { LeaseStatusChip, Yuan, leaseField } from './common.tsx';
import { LEASE_RESOURCE, billsOf, leaseDetailPath } from './logic.ts';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

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
        <DataTable
          rows={data}
          rowKey={(c) => c.id}
          columns={[
            {
              key: 'contract_no',
              label: translate(leaseField('contract_no')),
              nowrap: true,
              ...MUST_SHOW,
              render: (c) => (
                <Link component={RouterLink} to={leaseDetailPath(c.id)}>
                  {c.contract_no}
                </Link>
              ),
            },
            { key: 'status', label: translate(leaseField('status')), nowrap: true, render: (c) => <LeaseStatusChip status={c.status} />, ...MUST_SHOW },
            { key: 'start_date', label: translate(leaseField('start_date')), nowrap: true, render: (c) => `${c.start_date} ~ ${c.end_date}` },
            { key: 'pay_cycle', label: translate(leaseField('pay_cycle')), nowrap: true, render: (c) => PayCycle.label(c.pay_cycle, lang), ...HIDE_FIRST },
            { key: 'annual_rent', label: translate(leaseField('annual_rent')), align: 'right', nowrap: true, render: (c) => <Yuan value={c.annual_rent} />, ...MUST_SHOW },
            { key: 'payee_name', label: translate(leaseField('payee_name')), nowrap: true, render: (c) => c.payee_name ?? '-', ...MUST_SHOW },
            { key: 'bank_card', label: translate(leaseField('bank_card')), nowrap: true, render: (c) => c.bank_card ?? '-', ...MUST_SHOW },
          ]}
        />
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
