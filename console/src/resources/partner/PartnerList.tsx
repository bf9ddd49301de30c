import { CreateButton, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Stack } from '@mui/material';
import { PartnerKind, regionName, type Partner } from '@pv/contract';
import { CityInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { CertStateChip, PartnerStatusChip, partnerField, usePartnerChoices } from './common.tsx';
import { partnerDetailPath } from './logic.ts';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = usePartnerChoices();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('pv.partner.search')} sx={{ minWidth: 280 }} />,
    <SelectArrayInput key="kind" source="kind" label={partnerField('kind')} choices={choices.kind} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectInput key="status" source="status" label={partnerField('status')} choices={choices.status} alwaysOn />,
    <SelectInput key="cert_expiring" source="cert_expiring" label={partnerField('cert_expiring')} choices={choices.yesNo} alwaysOn sx={{ minWidth: 150 }} />,
    <ProvinceInput key="province_code" source="province_code" label={partnerField('province_code')} />,
    <CityInput key="city_code" source="city_code" label={partnerField('city_code')} />,
    <SelectInput key="cert_expired" source="cert_expired" label={partnerField('cert_expired')} choices={choices.yesNo} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={partnerField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={partnerField('created_at_lte')} />,
  ];
};

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('partner:export');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.partner.create" data-testid="partner-create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** The earliest certificate expiry with its state (expiring within 30 days or expired stands out). */
const NextExpiry = ({ record }: { record: Partner }) => {
  if (!record.next_expiry) return <>-</>;
  const soonest = record.certificates?.find((c) => c.expires_on === record.next_expiry);
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <span>{record.next_expiry}</span>
      {soonest && soonest.state !== 'valid' && <CertStateChip state={soonest.state} />}
    </Stack>
  );
};

/** 合作伙伴: #/partner/partnerList (partner API): server paging, sorting and filters; a row opens the partner's tab. */
const PartnerList = () => {
  const lang = useLang();
  return (
    <List filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => partnerDetailPath(id)} bulkActionButtons={false} cellMaxWidth={200} data-testid="partner-list">
        <TextField source="name" label={partnerField('name')} {...MUST_SHOW} />
        <FunctionField<Partner> source="kind" label={partnerField('kind')} render={(r) => PartnerKind.label(r.kind, lang)} {...MUST_SHOW} />
        <TextField source="credit_code" label={partnerField('credit_code')} {...HIDE_FIRST} />
        <FunctionField<Partner> source="status" label={partnerField('status')} render={(r) => <PartnerStatusChip status={r.status} />} {...MUST_SHOW} />
        <FunctionField<Partner> source="primary_contact" label={partnerField('primary_contact')} sortable={false} render={(r) => (r.primary_contact ? `${r.primary_contact} ${r.primary_phone ?? ''}` : '-')} />
        <FunctionField<Partner> source="province_code" label={partnerField('province_code')} sortable={false} render={(r) => [r.province_code, r.city_code].filter(Boolean).map((c) => regionName(c!, lang)).join(' ') || '-'} />
        <FunctionField<Partner> source="next_expiry" label={partnerField('next_expiry')} render={(r) => <NextExpiry record={r} />} {...MUST_SHOW} />
        <FunctionField<Partner> source="agent_count" label={partnerField('links')} sortable={false} render={(r) => `${r.agent_count} / ${r.team_count}`} />
        <TextField source="owner_name" label={partnerField('owner_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="created_at" label={partnerField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default PartnerList;
