import { type ReactElement, useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Link, Stack } from '@mui/material';
import SubmitIcon from '@mui/icons-material/SendOutlined';
import AssessIcon from '@mui/icons-material/FactCheckOutlined';
import PayIcon from '@mui/icons-material/PaymentsOutlined';
import RejectIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import { ClaimCause, ClaimStatus, InsuranceKind, type ClaimAction, type FileView, type InsuranceClaim } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { maintenanceDetailPath } from '../maintenance/logic.ts';
import { FileList } from '../matter/Attachments.tsx';
import { stationDetailPath } from '../workOrder/logic.ts';
import { ClaimStatusChip, claimField } from './common.tsx';
import { ClaimStepDialog } from './dialogs.tsx';
import { CLAIM_API, CLAIM_RESOURCE, allowedClaimButtons, policyDetailPath } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';

const ICONS: Record<ClaimAction, ReactElement> = { submit: <SubmitIcon />, assess: <AssessIcon />, pay: <PayIcon />, reject: <RejectIcon /> };

/** 提交资料 / 定损 / 确认赔付 / 拒赔 by state and permission (the server checks both again). */
const Actions = () => {
  const record = useRecordContext<InsuranceClaim>();
  const [open, setOpen] = useState<ClaimAction | null>(null);
  const may: Record<string, boolean> = {
    'insurance_claim:submit': useHasPermission('insurance_claim:submit'),
    'insurance_claim:assess': useHasPermission('insurance_claim:assess'),
    'insurance_claim:pay': useHasPermission('insurance_claim:pay'),
    'insurance_claim:reject': useHasPermission('insurance_claim:reject'),
  };
  if (!record) return null;
  return (
    <>
      {allowedClaimButtons(record.status, (c) => may[c] ?? false).map((b) => (
        <ActionButton key={b} label={`pv.insurance.action.${b}`} icon={ICONS[b]} color={b === 'pay' ? 'success' : b === 'reject' ? 'error' : undefined} onClick={() => setOpen(b)} />
      ))}
      {open && <ClaimStepDialog step={open} record={record} onClose={() => setOpen(null)} />}
    </>
  );
};

const Info = () => {
  const record = useRecordContext<InsuranceClaim>()!;
  const lang = useLang();
  return (
    <Panel title="pv.insurance.claim_basic" testId="claim-basic">
      <FieldGrid>
        <Value label={claimField('station_id')}>
          <Link component={RouterLink} to={stationDetailPath(record.station_id)}>{`${record.station_code ?? ''} · ${record.station_name ?? ''}`}</Link>
        </Value>
        <Value label={claimField('policy_no')}>
          <Link component={RouterLink} to={policyDetailPath(record.policy_id)} data-testid="claim-policy">
            {record.policy_no}
          </Link>
          {` · ${InsuranceKind.label(record.kind, lang)} · ${record.insurer_name ?? ''}`}
        </Value>
        <Value label={claimField('maintenance_no')}>
          {record.maintenance_id ? (
            <Link component={RouterLink} to={maintenanceDetailPath(record.maintenance_id)} data-testid="claim-maintenance">
              {record.maintenance_no}
            </Link>
          ) : (
            '-'
          )}
        </Value>
        <Value label={claimField('cause')}>{ClaimCause.label(record.cause, lang)}</Value>
        <Value label={claimField('incident_date')}>{record.incident_date}</Value>
        <Value label={claimField('sum_insured')}>
          <Yuan value={record.sum_insured} />
        </Value>
        <Value label={claimField('amount_claimed')}>
          <Yuan value={record.amount_claimed} strong />
        </Value>
        <Value label={claimField('amount_approved')}>
          <Yuan value={record.amount_approved} strong />
        </Value>
        <Value label={claimField('amount_received')}>
          <span data-testid="claim-received">
            <Yuan value={record.amount_received} strong />
          </span>
        </Value>
        {record.paid_on && <Value label={claimField('paid_on')}>{record.paid_on}</Value>}
        {record.reject_reason && <Value label={claimField('reject_reason')}>{record.reject_reason}</Value>}
        <Value label={claimField('description')}>{record.description}</Value>
      </FieldGrid>
    </Panel>
  );
};

const Documents = () => {
  const record = useRecordContext<InsuranceClaim>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const { data } = useQuery({
    queryKey: [CLAIM_API, 'documents', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: FileView[]; total: number }>(CLAIM_API, 'documents', { id: record.id }).then((r) => r.data),
  });
  return (
    <Panel title="pv.insurance.documents" testId="claim-documents-panel">
      {data && data.total === 0 ? <EmptyNote text="pv.insurance.documents_empty" /> : <FileList files={data?.list ?? []} />}
    </Panel>
  );
};

const Side = () => <LifecycleSide api={CLAIM_API} area="insurance" states={ClaimStatus} fieldLabel={claimField} hidden={['created_by', 'agent_id', 'document_ids']} />;

/** 理赔详情: #/partner/insuranceClaimDetail?id=N — the claim, its documents, its steps, timeline and history. */
const ClaimDetail = () => (
  <RecordDetailPage<InsuranceClaim>
    resource={CLAIM_RESOURCE}
    missing="pv.insurance.missing_id"
    header={(record) => <DetailHeader testId="claim-heading" title={record.claim_no} subtitle={`${record.station_code ?? ''} · ${record.incident_date}`} chip={<ClaimStatusChip status={record.status} />} actions={<Actions />} />}
    main={
      <Stack>
        <Info />
        <RecordWorkflowPanel recordType="insurance_claim" />
        <Documents />
      </Stack>
    }
    side={<Side />}
  />
);
export default ClaimDetail;
