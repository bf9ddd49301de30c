import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useDataProvider,
  useRedirect,
  useSourceContext,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useController, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { PARTNER_EDITABLE, UPLOAD_LIMITS, partnerCreateSchema, partnerEditSchema, type FileView, type ListResult } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { editableOnly, useCreateResolver, useEditResolver } from '../../forms/contractForms.ts';
import { CityInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { present } from '../common/actions.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { FileList, MATTER_UPLOAD_URL, useUpload } from '../matter/Attachments.tsx';
import { partnerField, usePartnerChoices } from './common.tsx';
import { PARTNER_API, PARTNER_RESOURCE, partnerBody, partnerDetailPath } from './logic.ts';
import { Edit, ReportUnsavedInput } from '../../forms/Edit.tsx';

const ACCEPT = [...UPLOAD_LIMITS.pdf.types, ...UPLOAD_LIMITS.image.types].join(',');

/** Picks one file, uploads it at once (owner type `ownerType`, bound to the partner on save) and hands back the stored file. */
export const UploadOne = ({ ownerType, label, testId, onStored }: { ownerType: 'partner_doc' | 'partner_cert'; label: string; testId: string; onStored: (f: FileView) => void }) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { upload, busy } = useUpload();
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const stored = await upload(MATTER_UPLOAD_URL, file, file.name, { owner_type: ownerType });
    if (stored) onStored(stored);
  };
  return (
    <>
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={(e) => void picked(e)} data-testid={testId} />
      <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        {translate(busy ? 'pv.upload.uploading' : label)}
      </Button>
    </>
  );
};

/** A certificate's scan inside the certificates list: its file id in the form, its name shown once uploaded. */
const CertFileInput = () => {
  const translate = useTranslate();
  const sourceContext = useSourceContext();
  const name = sourceContext.getSource('file_id');
  const { field } = useController({ name });
  const [stored, setStored] = useState<FileView | null>(null);
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ minHeight: 48, minWidth: 220 }}>
      <UploadOne ownerType="partner_cert" label="pv.partner.upload_cert" testId={`cert-file-${name}`} onStored={(f) => { setStored(f); field.onChange(f.id); }} />
      <Typography variant="caption" color="text.secondary">
        {stored ? stored.name : field.value ? translate('pv.partner.file_attached', { id: String(field.value) }) : translate('pv.partner.no_file')}
      </Typography>
    </Stack>
  );
};

interface Owner {
  id: number;
  username: string;
  name: string;
}

/** The owner: an enabled staff user picked by name (partner/owners); expiring certificates are told to this person (empty = the creator). */
const OwnerInput = () => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const current = useWatch({ name: 'owner_id' }) as number | null | undefined;
  const [q, setQ] = useState('');
  const load = (query: Record<string, unknown>) => dataProvider.read<ListResult<Owner>>(PARTNER_API, 'owners', query).then((r) => r.data.list);
  const { data: found = [] } = useQuery({ queryKey: [PARTNER_API, 'owners', q], queryFn: () => load(q ? { q } : {}), retry: false, staleTime: 30_000 });
  const { data: chosen = [] } = useQuery({ queryKey: [PARTNER_API, 'owners', 'id', current], queryFn: () => load({ user_id: String(current) }), enabled: !!current, retry: false, staleTime: 30_000 });
  const choices = useMemo(() => {
    const byId = new Map<number, Owner>();
    for (const o of [...chosen, ...found]) byId.set(o.id, o);
    return [...byId.values()].map((o) => ({ id: o.id, name: o.name === o.username ? o.username : `${o.name}（${o.username}）` }));
  }, [chosen, found]);
  return (
    <AutocompleteInput
      source="owner_id"
      label={partnerField('owner_id')}
      choices={choices}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setQ(text);
      }}
      helperText="pv.partner.owner_hint"
      emptyText="-"
    />
  );
};

/** The contract documents of a new partner (uploaded at once, bound on save). */
const DocumentsInput = () => {
  const { field } = useController({ name: 'documents', defaultValue: [] as FileView[] });
  const files = (field.value ?? []) as FileView[];
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <UploadOne ownerType="partner_doc" label="pv.partner.upload_doc" testId="partner-doc-file" onStored={(f) => field.onChange([...files, f])} />
      {files.length > 0 && <FileList files={files} onRemove={(id) => field.onChange(files.filter((f) => f.id !== id))} />}
    </Stack>
  );
};

/** Create and edit: basics, contacts, the payee account, certificates (documents on create; later on the detail page). */
const PartnerForm = ({ create, ...props }: Omit<SimpleFormProps, 'children'> & { create?: boolean }) => {
  const choices = usePartnerChoices();
  return (
    <SimpleForm noValidate warnWhenUnsavedChanges {...props} toolbar={<Toolbar><SaveButton /></Toolbar>} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      <Section title="pv.partner.basic">
        <TextInput source="name" label={partnerField('name')} autoComplete="off" isRequired />
        <TextInput source="short_name" label={partnerField('short_name')} autoComplete="off" />
        <SelectInput source="kind" label={partnerField('kind')} choices={choices.kind} isRequired />
        <TextInput source="credit_code" label={partnerField('credit_code')} autoComplete="off" isRequired helperText="pv.partner.credit_code_hint" />
        <TextInput source="legal_person" label={partnerField('legal_person')} autoComplete="off" />
        <ProvinceInput source="province_code" label={partnerField('province_code')} />
        <CityInput source="city_code" label={partnerField('city_code')} />
        <TextInput source="address" label={partnerField('address')} />
        <OwnerInput />
        <TextInput source="remark" label={partnerField('remark')} multiline />
      </Section>
      <Section title="pv.partner.contacts">
        <ArrayInput source="contacts" label={false} sx={{ gridColumn: '1 / -1' }}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="name" label={partnerField('contact_name')} helperText={false} />
            <TextInput source="phone" label={partnerField('contact_phone')} helperText={false} />
            <TextInput source="role" label={partnerField('contact_role')} helperText={false} />
            <BooleanInput source="primary" label={partnerField('primary')} helperText={false} sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }} />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
      <Section title="pv.partner.account">
        <SelectInput source="account_type" label={partnerField('account_type')} choices={choices.accountType} defaultValue="corporate" helperText="pv.partner.account_type_hint" />
        <TextInput source="account_holder" label={partnerField('account_holder')} />
        <TextInput source="bank_name" label={partnerField('bank_name')} />
        <TextInput source="bank_branch" label={partnerField('bank_branch')} />
        <TextInput source="account_no" label={partnerField('account_no')} autoComplete="off" helperText={create ? undefined : 'pv.partner.account_no_hint'} />
      </Section>
      <Section title="pv.partner.certificates">
        <ArrayInput source="certificates" label={false} sx={{ gridColumn: '1 / -1' }}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="name" label={partnerField('cert_name')} helperText={false} />
            <TextInput source="cert_type" label={partnerField('cert_type')} helperText={false} />
            <TextInput source="cert_no" label={partnerField('cert_no')} helperText={false} />
            <DateInput source="issued_on" label={partnerField('issued_on')} helperText={false} />
            <DateInput source="expires_on" label={partnerField('expires_on')} helperText={false} />
            <CertFileInput />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
      {create && (
        <Section title="pv.partner.documents">
          <DocumentsInput />
        </Section>
      )}
    </SimpleForm>
  );
};

const createShape = (values: Record<string, unknown>) => present(partnerBody(values));

export const PartnerCreate = () => {
  const resolver = useCreateResolver(partnerCreateSchema, createShape);
  return (
    <Create title="pv.partner.create_title" redirect={(_r, id) => partnerDetailPath(id ?? '')} mutationMode="pessimistic" transform={createShape}>
      <PartnerForm create resolver={resolver} defaultValues={{ contacts: [], certificates: [], account_type: 'corporate' }} />
    </Create>
  );
};

const EditForm = () => <PartnerForm resolver={useEditResolver(partnerEditSchema, PARTNER_EDITABLE, partnerBody)} />;

export const PartnerEdit = () => {
  const redirect = useRedirect();
  const { mutationOptions, dialog } = useConflictEdit(PARTNER_RESOURCE, PARTNER_EDITABLE, { fieldLabel: partnerField, onSaved: (r) => redirect(partnerDetailPath(r.id)) });
  return (
    <Edit mutationMode="pessimistic" transform={(v: Record<string, unknown>) => editableOnly(PARTNER_EDITABLE)(partnerBody(v))} redirect={(_r, id) => partnerDetailPath(id ?? '')} mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
