import { useState } from 'react';
import { Confirm, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import EnableIcon from '@mui/icons-material/CheckCircleOutline';
import DisableIcon from '@mui/icons-material/BlockOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import { PartnerAccountType, PartnerKind, PartnerStatus, regionName, type FileView, type Partner, type PartnerLinks } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide, useRecordSideList } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { useLang } from '../common/format.tsx';
import { FileList } from '../matter/Attachments.tsx';
import { CertStateChip, PartnerStatusChip, partnerField } from './common.tsx';
import { UploadOne } from './PartnerForm.tsx';
import { PARTNER_API, PARTNER_RESOURCE, partnerEditPath } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

interface PartnerFiles {
  documents: FileView[];
  certificates: FileView[];
}
const useFiles = () => useRecordSideList<PartnerFiles>(PARTNER_API, 'files', (dp, id) => dp.read<PartnerFiles>(PARTNER_API, 'files', { id }).then((r) => [r.data]));

const Actions = () => {
  const record = useRecordContext<Partner>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [confirm, setConfirm] = useState<'enable' | 'disable' | null>(null);
  const may = { edit: useHasPermission('partner:edit'), enable: useHasPermission('partner:enable'), disable: useHasPermission('partner:disable') };
  if (!record) return null;
  const next = record.status === 'enabled' ? 'disable' : 'enable';
  return (
    <>
      {may.edit && (
        <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={partnerEditPath(record.id)} data-testid="partner-edit">
          <EditLabel />
        </Button>
      )}
      {may[next] && <ActionButton label={`pv.partner.action.${next}`} icon={next === 'enable' ? <EnableIcon /> : <DisableIcon />} color={next === 'disable' ? 'error' : undefined} onClick={() => setConfirm(next)} />}
      {confirm && (
        <Confirm
          isOpen
          loading={busy}
          title={`pv.partner.action.${confirm}`}
          content={`pv.partner.confirm_${confirm}`}
          translateOptions={{ name: record.name }}
          onClose={() => setConfirm(null)}
          onConfirm={() => void run(() => dataProvider.act(PARTNER_API, confirm, { id: record.id, version: record.version }), `pv.partner.notify.${confirm}`).then(() => setConfirm(null))}
        />
      )}
    </>
  );
};
const EditLabel = () => <>{useTranslate()('pv.partner.action.edit')}</>;

/** The full account number: one click, one log entry on the server. */
const ViewAccountButton = ({ record }: { record: Partner }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [full, setFull] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    try {
      setError(null);
      setFull((await dataProvider.read<{ account_no: string | null }>(PARTNER_API, 'view_account', { id: record.id })).data.account_no ?? '-');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => void open()} data-testid="partner-view-account">
        {translate('pv.partner.view_account')}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
      <Dialog open={full !== null} onClose={() => setFull(null)}>
        <DialogTitle>{translate('pv.partner.account_shown')}</DialogTitle>
        <DialogContent>
          <Typography variant="h6" sx={{ fontFamily: 'monospace', letterSpacing: 1 }} data-testid="partner-full-account">
            {full}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFull(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const Info = () => {
  const record = useRecordContext<Partner>()!;
  const lang = useLang();
  const canView = useHasPermission('partner:view_account');
  return (
    <>
      <Panel title="pv.partner.basic" testId="partner-basic">
        <FieldGrid>
          <Value label={partnerField('kind')}>{PartnerKind.label(record.kind, lang)}</Value>
          <Value label={partnerField('credit_code')}>
            <span data-testid="partner-credit-code">{record.credit_code}</span>
          </Value>
          <Value label={partnerField('short_name')}>{record.short_name ?? '-'}</Value>
          <Value label={partnerField('legal_person')}>{record.legal_person ?? '-'}</Value>
          <Value label={partnerField('province_code')}>{[record.province_code, record.city_code].filter(Boolean).map((c) => regionName(c!, lang)).join(' ') || '-'}</Value>
          <Value label={partnerField('address')}>{record.address ?? '-'}</Value>
          <Value label={partnerField('owner_name')}>{record.owner_name ?? '-'}</Value>
          <Value label={partnerField('status')}>{PartnerStatus.label(record.status, lang)}</Value>
          {record.remark && <Value label={partnerField('remark')}>{record.remark}</Value>}
        </FieldGrid>
      </Panel>
      <Panel title="pv.partner.contacts" testId="partner-contacts">
        {record.contacts.length ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                {['contact_name', 'contact_phone', 'contact_role'].map((k) => (
                  <TableCell key={k}>
                    <HeadLabel k={k} />
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {record.contacts.map((c, i) => (
                <TableRow key={i}>
                  <TableCell>
                    {c.name} {c.primary && <PrimaryChip />}
                  </TableCell>
                  <TableCell>{c.phone}</TableCell>
                  <TableCell>{c.role ?? '-'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <EmptyNote text="pv.partner.no_contacts" />
        )}
      </Panel>
      <Panel title="pv.partner.account" testId="partner-account" actions={canView && record.account_no ? <ViewAccountButton record={record} /> : undefined}>
        <FieldGrid>
          <Value label={partnerField('account_type')}>{PartnerAccountType.label(record.account_type, lang)}</Value>
          <Value label={partnerField('account_holder')}>{record.account_holder ?? '-'}</Value>
          <Value label={partnerField('bank_name')}>{[record.bank_name, record.bank_branch].filter(Boolean).join(' ') || '-'}</Value>
          <Value label={partnerField('account_no')}>
            <span data-testid="partner-account-no">{record.account_no ?? '-'}</span>
          </Value>
        </FieldGrid>
      </Panel>
    </>
  );
};
const HeadLabel = ({ k }: { k: string }) => <>{useTranslate()(partnerField(k))}</>;
const PrimaryChip = () => <Chip size="small" color="primary" variant="outlined" label={useTranslate()(partnerField('primary'))} />;

const Certificates = () => {
  const record = useRecordContext<Partner>()!;
  const translate = useTranslate();
  const { data } = useFiles();
  const byId = new Map((data[0]?.certificates ?? []).map((f) => [f.id, f]));
  return (
    <Panel title="pv.partner.certificates" testId="partner-certificates">
      {record.certificates.length ? (
        <DataTable
          rows={record.certificates}
          rowKey={(c) => c.id}
          columns={[
            { key: 'cert_name', label: translate(partnerField('cert_name')), render: (c) => c.name, ...MUST_SHOW },
            { key: 'cert_type', label: translate(partnerField('cert_type')), render: (c) => c.cert_type ?? '-' },
            { key: 'cert_no', label: translate(partnerField('cert_no')), nowrap: true, render: (c) => c.cert_no ?? '-', ...HIDE_FIRST },
            { key: 'issued_on', label: translate(partnerField('issued_on')), nowrap: true, render: (c) => c.issued_on ?? '-', ...HIDE_FIRST },
            { key: 'expires_on', label: translate(partnerField('expires_on')), nowrap: true, render: (c) => c.expires_on, ...MUST_SHOW },
            {
              key: 'cert_state',
              label: translate(partnerField('cert_state')),
              nowrap: true,
              ...MUST_SHOW,
              render: (c) => (
                <>
                  <CertStateChip state={c.state} />
                  {c.reminded_at && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                      {translate('pv.partner.reminded')}
                    </Typography>
                  )}
                </>
              ),
            },
            {
              key: 'cert_file',
              label: translate(partnerField('cert_file')),
              render: (c) => {
                const file = c.file_id ? byId.get(c.file_id) : undefined;
                return file ? (
                  <Link href={file.url} target="_blank" rel="noopener">
                    {file.name}
                  </Link>
                ) : (
                  '-'
                );
              },
            },
          ]}
        />
      ) : (
        <EmptyNote text="pv.partner.no_certificates" />
      )}
    </Panel>
  );
};

/** The contract documents: signed links; upload and remove through partner/edit (document_ids) for those who may edit. */
const Documents = () => {
  const record = useRecordContext<Partner>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const canEdit = useHasPermission('partner:edit');
  const { run } = useAction();
  const { data } = useFiles();
  const docs = data[0]?.documents ?? [];
  const save = (ids: number[]) => void run(() => dataProvider.act(PARTNER_API, 'edit', { id: record.id, version: record.version, document_ids: ids }), 'pv.partner.notify.documents');
  return (
    <Panel
      title="pv.partner.documents"
      testId="partner-documents"
      actions={canEdit ? <UploadOne ownerType="partner_doc" label="pv.partner.upload_doc" testId="partner-doc-upload" onStored={(f) => save([...record.document_ids, f.id])} /> : undefined}
    >
      {docs.length ? <FileList files={docs} onRemove={canEdit ? (id) => save(record.document_ids.filter((d) => d !== id)) : undefined} /> : <EmptyNote text="pv.partner.no_documents" />}
    </Panel>
  );
};

interface Candidate {
  id: number;
  code: string;
  name: string;
  partner_id: number | null;
  partner_name: string | null;
}

/** Picks agents or teams to link: candidates by name or code, each showing the partner it is already linked to. */
const CandidatePicker = ({ kind, value, onChange }: { kind: 'agent' | 'team'; value: Candidate[]; onChange: (v: Candidate[]) => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const record = useRecordContext<Partner>()!;
  const [q, setQ] = useState('');
  const { data = [] } = useQuery({
    queryKey: [PARTNER_API, 'link_candidates', kind, q],
    queryFn: () => dataProvider.read<{ list: Candidate[] }>(PARTNER_API, 'link_candidates', { kind, q }).then((r) => r.data.list),
  });
  return (
    <Autocomplete
      multiple
      options={data}
      value={value}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => `${o.name} (${o.code})`}
      getOptionDisabled={(o) => o.partner_id !== null && o.partner_id !== record.id}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.name} ({o.code}){o.partner_id !== null && o.partner_id !== record.id ? ` — ${translate('pv.partner.linked_to', { name: o.partner_name ?? '' })}` : ''}
        </li>
      )}
      onInputChange={(_e, v, reason) => reason === 'input' && setQ(v)}
      onChange={(_e, v) => onChange(v)}
      renderInput={(params) => <TextField {...params} label={translate(kind === 'agent' ? 'pv.partner.linked_agents' : 'pv.partner.linked_teams')} data-testid={`partner-link-${kind}`} />}
    />
  );
};

const LinkDialog = ({ links, onClose }: { links: PartnerLinks; onClose: () => void }) => {
  const record = useRecordContext<Partner>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const [agents, setAgents] = useState<Candidate[]>(links.agents.map((a) => ({ ...a, partner_id: record.id, partner_name: record.name })));
  const [teams, setTeams] = useState<Candidate[]>(links.teams.map((u) => ({ id: u.id, code: u.username, name: u.full_name || u.username, partner_id: record.id, partner_name: record.name })));
  const save = () =>
    void run(() => dataProvider.act(PARTNER_API, 'link', { id: record.id, version: record.version, agent_ids: agents.map((a) => a.id), team_ids: teams.map((u) => u.id) }), 'pv.partner.notify.link').then((done) => done && onClose());
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('pv.partner.link_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CandidatePicker kind="agent" value={agents} onChange={setAgents} />
          <CandidatePicker kind="team" value={teams} onChange={setTeams} />
          <Typography variant="caption" color="text.secondary">
            {translate('pv.partner.link_hint')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={save} data-testid="partner-link-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** 关联的代理商 / 施工队: the agents and teams that are this partner. */
const Links = () => {
  const record = useRecordContext<Partner>()!;
  const translate = useTranslate();
  const canLink = useHasPermission('partner:link');
  const [open, setOpen] = useState(false);
  const { data } = useRecordSideList<PartnerLinks>(PARTNER_API, `links-${record.version}`, (dp, id) => dp.read<PartnerLinks>(PARTNER_API, 'links', { id }).then((r) => [r.data]));
  const links = data[0];
  return (
    <Panel
      title="pv.partner.links"
      testId="partner-links"
      actions={
        canLink && links ? (
          <Button size="small" startIcon={<LinkIcon />} onClick={() => setOpen(true)} data-testid="partner-link">
            {translate('pv.partner.action.link')}
          </Button>
        ) : undefined
      }
    >
      {links && (links.agents.length || links.teams.length) ? (
        <FieldGrid>
          <Value label="pv.partner.linked_agents">{links.agents.map((a) => `${a.name} (${a.code})`).join('、') || '-'}</Value>
          <Value label="pv.partner.linked_teams">{links.teams.map((u) => u.full_name || u.username).join('、') || '-'}</Value>
        </FieldGrid>
      ) : (
        <EmptyNote text="pv.partner.no_links" />
      )}
      {open && links && <LinkDialog links={links} onClose={() => setOpen(false)} />}
    </Panel>
  );
};

const Side = () => (
  <LifecycleSide
    api={PARTNER_API}
    area="partner"
    states={PartnerStatus}
    fieldLabel={partnerField}
    hidden={['created_by', 'owner_id', 'document_ids', 'contacts', 'certificates', 'agent_ids', 'team_ids']}
  />
);

/** 合作伙伴详情: #/partner/partnerDetail?id=N (one tab per partner): basics, contacts, account, certificates, documents, links, timeline, history. */
const PartnerDetail = () => (
  <RecordDetailPage<Partner>
    resource={PARTNER_RESOURCE}
    missing="pv.partner.missing_id"
    header={(record) => <DetailHeader testId="partner-heading" title={record.name} subtitle={<KindLabel kind={record.kind} />} chip={<PartnerStatusChip status={record.status} />} actions={<Actions />} />}
    main={
      <Stack>
        <Info />
        <RecordWorkflowPanel recordType="partner" />
        <Certificates />
        <Documents />
        <Links />
      </Stack>
    }
    side={<Side />}
  />
);
const KindLabel = ({ kind }: { kind: string }) => <>{PartnerKind.label(kind, useLang())}</>;
export default PartnerDetail;

