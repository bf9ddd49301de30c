import { useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Link, Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import SurrenderIcon from '@mui/icons-material/BlockOutlined';
import RenewIcon from '@mui/icons-material/AutorenewOutlined';
import { InsuranceKind, PolicyState, regionName, type InsurancePolicy, type PolicyStation } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel, VisuallyHidden } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { stationDetailPath } from '../workOrder/logic.ts';
import { PolicyStateChip, policyField } from './common.tsx';
import { EditPolicyDialog, RemoveStationDialog, RenewDialog, SurrenderDialog } from './dialogs.tsx';
import { POLICY_API, POLICY_RESOURCE, policyDetailPath, policyEditable, policyOpen } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const Actions = () => {
  const record = useRecordContext<InsurancePolicy>();
  const [open, setOpen] = useState<'surrender' | 'renew' | 'edit' | null>(null);
  const maySurrender = useHasPermission('insurance_policy:surrender');
  const mayRenew = useHasPermission('insurance_policy:renew');
  const mayEdit = useHasPermission('insurance_policy:edit');
  if (!record || !policyOpen(record.status)) return null;
  return (
    <>
      {mayEdit && policyEditable(record) && <ActionButton label="pv.insurance.action.edit" icon={<EditIcon />} onClick={() => setOpen('edit')} />}
      {mayRenew && <ActionButton label="pv.insurance.action.renew" icon={<RenewIcon />} onClick={() => setOpen('renew')} />}
      {maySurrender && <ActionButton label="pv.insurance.action.surrender" icon={<SurrenderIcon />} color="error" onClick={() => setOpen('surrender')} />}
      {open === 'edit' && <EditPolicyDialog record={record} onClose={() => setOpen(null)} />}
      {open === 'surrender' && <SurrenderDialog record={record} onClose={() => setOpen(null)} />}
      {open === 'renew' && <RenewDialog policies={[{ id: record.id, policy_no: record.policy_no }]} onClose={() => setOpen(null)} />}
    </>
  );
};

const Info = () => {
  const record = useRecordContext<InsurancePolicy>()!;
  const lang = useLang();
  return (
    <Panel title="pv.insurance.basic" testId="policy-basic">
      <FieldGrid>
        <Value label={policyField('kind')}>{InsuranceKind.label(record.kind, lang)}</Value>
        <Value label={policyField('insurer_name')}>{record.insurer_name}</Value>
        <Value label={policyField('start_date')}>{`${record.start_date} ~ ${record.end_date}`}</Value>
        <Value label={policyField('premium')}>
          <Box component="span" data-testid="policy-premium">
            <Yuan value={record.premium} strong />
          </Box>
        </Value>
        <Value label={policyField('station_count')}>
          <Box component="span" data-testid="policy-station-count">
            {record.station_count}
          </Box>
        </Value>
        <Value label={policyField('sum_insured_total')}>
          <Box component="span" data-testid="policy-sum-total">
            <Yuan value={record.sum_insured_total} strong />
          </Box>
        </Value>
        <Value label={policyField('owner_name')}>{record.owner_name ?? '-'}</Value>
        <Value label={policyField('reminded_at')}>{record.reminded_at ? formatDateTime(record.reminded_at, lang) : '-'}</Value>
        {record.renewed_from && (
          <Value label={policyField('renewed_from_no')}>
            <Link component={RouterLink} to={policyDetailPath(record.renewed_from)}>
              {record.renewed_from_no}
            </Link>
          </Value>
        )}
        {record.renewed_to && (
          <Value label={policyField('renewed_to_no')}>
            <Link component={RouterLink} to={policyDetailPath(record.renewed_to)} data-testid="policy-renewed-to">
              {record.renewed_to_no}
            </Link>
          </Value>
        )}
        {record.surrender_date && <Value label={policyField('surrender_date')}>{`${record.surrender_date} · ${record.surrender_reason ?? ''}`}</Value>}
        {record.remark && <Value label={policyField('remark')}>{record.remark}</Value>}
      </FieldGrid>
    </Panel>
  );
};

/** 承保电站 with the sum insured each, the cover's dates and the claims made. */
const Cover = () => {
  const record = useRecordContext<InsurancePolicy>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const mayRemove = useHasPermission('insurance_policy:remove_station') && policyEditable(record);
  const [removing, setRemoving] = useState<PolicyStation | null>(null);
  const { data } = useQuery({
    queryKey: [POLICY_API, 'stations', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: (PolicyStation & { claims: number })[]; total: number }>(POLICY_API, 'stations', { id: record.id }).then((r) => r.data),
  });
  return (
    <Panel title="pv.insurance.cover" testId="policy-cover">
      {data && data.total === 0 && <EmptyNote text="pv.insurance.cover_empty" />}
      {data && data.total > 0 && (
        <DataTable
          testId="policy-cover-table"
          rows={data.list}
          rowKey={(s) => s.id}
          rowTestId="cover-row"
          columns={[
            {
              key: 'station_code',
              label: translate('resources.partner/insuranceClaim.fields.station_code'),
              ...MUST_SHOW,
              render: (s) => <Link component={RouterLink} to={stationDetailPath(s.station_id)}>{`${s.station_code} · ${s.station_name}`}</Link>,
            },
            { key: 'region', label: translate(policyField('province_code')), render: (s) => [regionName(s.province_code, lang), s.city_code ? regionName(s.city_code, lang) : ''].filter(Boolean).join(' '), ...HIDE_FIRST },
            { key: 'sum_insured', label: translate(policyField('sum_insured')), align: 'right', nowrap: true, render: (s) => <Yuan value={s.sum_insured} />, ...MUST_SHOW },
            {
              key: 'cover',
              label: `${translate(policyField('start_date'))} ~ ${translate(policyField('end_date'))}`,
              ...MUST_SHOW,
              render: (s) => (
                <>
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${s.start_date} ~ ${s.end_date}`}</Box>
                  {s.removed_on && (
                    <Box component="div" sx={{ color: 'warning.main', fontSize: 12, maxWidth: 240 }} data-testid="cover-removed">
                      {translate('pv.insurance.removed', { date: s.removed_on, reason: s.removed_reason ?? '' })}
                    </Box>
                  )}
                </>
              ),
            },
            { key: 'claims', label: translate('pv.insurance.claims'), align: 'right', nowrap: true, render: (s) => s.claims },
            mayRemove && {
              key: 'remove',
              label: <VisuallyHidden>{translate('pv.table.actions')}</VisuallyHidden>,
              align: 'right',
              nowrap: true,
              ...MUST_SHOW,
              render: (s) =>
                !s.removed_on && (
                  <Button size="small" color="error" onClick={() => setRemoving(s)} data-testid="cover-remove">
                    {translate('pv.insurance.action.remove_station')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      {removing && <RemoveStationDialog record={record} station={removing} onClose={() => setRemoving(null)} />}
    </Panel>
  );
};

const Side = () => <LifecycleSide api={POLICY_API} area="insurance" states={PolicyState} fieldLabel={policyField} hidden={['created_by', 'reminded_at', 'renewed_from', 'renewed_to']} />;

/** 保单详情: #/partner/insurancePolicyDetail?id=N — the policy, its stations, renew / surrender, timeline and history. */
const PolicyDetail = () => (
  <RecordDetailPage<InsurancePolicy>
    resource={POLICY_RESOURCE}
    missing="pv.insurance.missing_id"
    header={(record) => <DetailHeader testId="policy-heading" title={record.policy_no} subtitle={`${record.insurer_name ?? ''} · ${record.start_date} ~ ${record.end_date}`} chip={<PolicyStateChip state={record.state} />} actions={<Actions />} />}
    main={
      <Stack>
        <Info />
        <RecordWorkflowPanel recordType="insurance_policy" />
        <Cover />
      </Stack>
    }
    side={<Side />}
  />
);
export default PolicyDetail;
