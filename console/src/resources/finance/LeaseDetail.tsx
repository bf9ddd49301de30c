import { useRef, useState } from 'react';
import { Confirm, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link, Stack } from '@mui/material';
import SignIcon from '@mui/icons-material/DrawOutlined';
import ActivateIcon from '@mui/icons-material/PlayArrowOutlined';
import TerminateIcon from '@mui/icons-material/BlockOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import CardIcon from '@mui/icons-material/CreditCardOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { LeaseStatus, PayCycle, RentRule, SignMethod, regionName, type FileView, type LeaseAction, type LeaseContract } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide, useRecordSideList } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { customerDetailPath } from '../customer/common.tsx';
import { FileList } from '../matter/Attachments.tsx';
import { matterDetailPath } from '../matter/common.tsx';
import { stationDetailPath } from '../station/logic.ts';
import { BillsTable } from './bills.tsx';
import { LeaseStatusChip, Yuan, leaseField } from './common.tsx';
import { ChangeCardDialog, EditLeaseDialog, SignDialog, TerminateDialog, ViewCardButton } from './dialogs.tsx';
import { LEASE_API, LEASE_RESOURCE, allowedLeaseActions, billsOf, cardChangeable } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';

const ICONS = { sign: <SignIcon />, activate: <ActivateIcon />, terminate: <TerminateIcon /> } as const;

/** The buttons of the actions the contract's state allows and the user holds. */
const LeaseActions = () => {
  const record = useRecordContext<LeaseContract>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<LeaseAction | 'edit' | 'change_card' | null>(null);
  const may = {
    sign: useHasPermission('lease_contract:sign'),
    activate: useHasPermission('lease_contract:activate'),
    terminate: useHasPermission('lease_contract:terminate'),
    expire: false,
    edit: useHasPermission('lease_contract:edit'),
    change_card: useHasPermission('lease_contract:change_card'),
  };
  if (!record) return null;
  const close = () => setOpen(null);
  return (
    <>
      {record.status === 'draft' && may.edit && <ActionButton label="pv.lease.action.edit" icon={<EditIcon />} onClick={() => setOpen('edit')} />}
      {allowedLeaseActions(record.status)
        .filter((a) => may[a])
        .map((a) => (
          <ActionButton key={a} label={`pv.lease.action.${a}`} icon={ICONS[a as keyof typeof ICONS]} color={a === 'terminate' ? 'error' : undefined} onClick={() => setOpen(a)} />
        ))}
      {cardChangeable(record.status) && may.change_card && <ActionButton label="pv.lease.action.change_card" icon={<CardIcon />} onClick={() => setOpen('change_card')} />}
      {open === 'edit' && <EditLeaseDialog record={record} onClose={close} />}
      {open === 'sign' && <SignDialog record={record} onClose={close} />}
      {open === 'terminate' && <TerminateDialog record={record} onClose={close} />}
      {open === 'change_card' && <ChangeCardDialog record={record} onClose={close} />}
      {open === 'activate' && (
        <Confirm
          isOpen
          loading={busy}
          title="pv.lease.dialog.activate_title"
          content="pv.lease.dialog.activate_hint"
          onClose={close}
          onConfirm={() => void run(() => dataProvider.act(LEASE_API, 'activate', { id: record.id, version: record.version }), 'pv.lease.notify.activate').then(close)}
        />
      )}
    </>
  );
};

const Info = () => {
  const record = useRecordContext<LeaseContract>()!;
  const lang = useLang();
  const translate = useTranslate();
  const canView = useHasPermission('lease_contract:view_card');
  const escalation = record.escalation_years && Number(record.escalation_pct ?? 0) > 0 ? translate('pv.lease.escalation_text', { pct: Number(record.escalation_pct), years: record.escalation_years }) : translate('pv.lease.escalation_none');
  return (
    <>
      <Panel title="pv.lease.basic" testId="lease-basic">
        <FieldGrid>
          <Value label={leaseField('station_code')}>
            <Link component={RouterLink} to={stationDetailPath(record.station_id)}>
              {record.station_code ?? `#${record.station_id}`}
            </Link>{' '}
            {record.station_name}
          </Value>
          <Value label={leaseField('customer_name')}>
            {record.customer_id ? (
              <Link component={RouterLink} to={customerDetailPath(record.customer_id)}>
                {record.customer_name ?? `#${record.customer_id}`}
              </Link>
            ) : (
              '-'
            )}
          </Value>
          <Value label={leaseField('province_code')}>{[record.province_code, record.city_code, record.district_code].filter(Boolean).map((c) => regionName(c!, lang)).join(' ')}</Value>
          <Value label={leaseField('agent_name')}>{record.agent_name ?? '-'}</Value>
          <Value label={leaseField('source')}>{translate(record.source === 'grid' ? 'pv.lease.source_grid' : 'pv.lease.source_manual')}</Value>
          <Value label={leaseField('sign_method')}>{SignMethod.label(record.sign_method, lang)}</Value>
          <Value label={leaseField('signed_date')}>{record.signed_date ?? '-'}</Value>
          <Value label={leaseField('start_date')}>{translate('pv.lease.term_text', { from: record.start_date, to: record.end_date, years: record.term_years })}</Value>
          {record.activated_at && <Value label={leaseField('activated_at')}>{formatDateTime(record.activated_at, lang)}</Value>}
          {record.terminate_date && <Value label={leaseField('terminate_date')}>{record.terminate_date}</Value>}
          {record.terminate_reason && <Value label={leaseField('terminate_reason')}>{record.terminate_reason}</Value>}
          {record.remark && <Value label={leaseField('remark')}>{record.remark}</Value>}
        </FieldGrid>
      </Panel>
      <Panel title="pv.lease.terms" testId="lease-terms">
        <FieldGrid>
          <Value label={leaseField('rent_rule')}>{RentRule.label(record.rent_rule, lang)}</Value>
          <Value label={leaseField('rent_rate')}>{record.rent_rate}</Value>
          <Value label={leaseField('panel_count')}>{record.panel_count ?? '-'}</Value>
          <Value label={leaseField('capacity_kwp')}>{record.capacity_kwp ?? '-'}</Value>
          <Value label={leaseField('escalation_pct')}>{escalation}</Value>
          <Value label={leaseField('pay_cycle')}>{PayCycle.label(record.pay_cycle, lang)}</Value>
          <Value label={leaseField('annual_rent')}>
            <Yuan value={record.annual_rent} strong />
          </Value>
        </FieldGrid>
      </Panel>
      <Panel title="pv.lease.payee" testId="lease-payee" actions={canView && record.bank_card ? <ViewCardButton record={record} /> : undefined}>
        <FieldGrid>
          <Value label={leaseField('payee_name')}>{record.payee_name ?? '-'}</Value>
          <Value label={leaseField('bank_name')}>{[record.bank_name, record.bank_branch].filter(Boolean).join(' ') || '-'}</Value>
          <Value label={leaseField('bank_card')}>
            <span data-testid="lease-card">{record.bank_card ?? '-'}</span>
          </Value>
          {record.card_matter_id && (
            <Value label={leaseField('card_matter_id')}>
              <Link component={RouterLink} to={matterDetailPath(record.card_matter_id)}>
                {record.card_matter_no ?? `#${record.card_matter_id}`}
              </Link>
            </Value>
          )}
        </FieldGrid>
      </Panel>
    </>
  );
};

const Bills = () => {
  const record = useRecordContext<LeaseContract>()!;
  const translate = useTranslate();
  return (
    <Panel
      title="pv.lease.bills"
      testId="lease-bills"
      actions={
        <Button size="small" component={RouterLink} to={billsOf({ contract_id: record.id })}>
          {translate('pv.lease.all_bills')}
        </Button>
      }
    >
      <BillsTable filter={{ contract_id: record.id }} testId="lease-bills-table" />
    </Panel>
  );
};

/** The contract PDF: signed links, upload (PDF only) for those who may. */
const Pdf = () => {
  const record = useRecordContext<LeaseContract>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const canUpload = useHasPermission('lease_contract:upload_pdf');
  const input = useRef<HTMLInputElement>(null);
  const { run } = useAction();
  const { data: files } = useRecordSideList<FileView>(LEASE_API, 'pdf', (dp, id) => dp.read<{ list: FileView[] }>(LEASE_API, 'pdf', { id }).then((r) => r.data.list));
  const upload = (file: File) => void run(() => dataProvider.upload(`/api/system/${LEASE_API}/upload_pdf`, file, file.name, { id: record.id }), 'pv.lease.notify.upload_pdf');
  return (
    <Panel
      title="pv.lease.pdf"
      testId="lease-pdf"
      actions={
        canUpload ? (
          <>
            <input ref={input} type="file" accept="application/pdf" hidden onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
            <Button size="small" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
              {translate('pv.lease.upload_pdf')}
            </Button>
          </>
        ) : undefined
      }
    >
      {files.length ? <FileList files={files} /> : <EmptyNote text="pv.lease.no_pdf" />}
    </Panel>
  );
};

const Side = () => (
  <LifecycleSide
    api={LEASE_API}
    area="lease"
    states={LeaseStatus}
    fieldLabel={leaseField}
    hidden={['agent_id', 'station_id', 'customer_id', 'province_code', 'city_code', 'district_code', 'created_by']}
  />
);

/** 租赁合同详情: #/finance/leaseContractDetail?id=N (one tab per contract): terms, payee, bills, PDF, actions, timeline, history. */
const LeaseDetail = () => (
  <RecordDetailPage<LeaseContract>
    resource={LEASE_RESOURCE}
    missing="pv.lease.missing_id"
    header={(record) => (
      <DetailHeader testId="lease-heading" title={record.contract_no} subtitle={record.customer_name ?? undefined} chip={<LeaseStatusChip status={record.status} />} actions={<LeaseActions />} />
    )}
    main={
      <Stack>
        <Info />
        <RecordWorkflowPanel recordType="lease_contract" />
        <Bills />
        <Pdf />
      </Stack>
    }
    side={<Side />}
  />
);
export default LeaseDetail;
