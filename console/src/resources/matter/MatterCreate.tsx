import { useMemo, useState } from 'react';
import { AutocompleteInput, Create, ReferenceInput, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Box, Typography } from '@mui/material';
import { matterCreateSchema, type Customer, type FileView } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { present } from '../common/actions.tsx';
import { AttachmentPicker } from './Attachments.tsx';
import { fieldLabel, matterDetailPath, useMatterChoices } from './common.tsx';

/** 电站: one of the chosen customer's stations (the station API's customer_id filter). */
const StationInput = () => {
  const translate = useTranslate();
  const customerId = useWatch({ name: 'customer_id' }) as number | undefined;
  return (
    <ReferenceInput source="station_id" reference="station" filter={customerId ? { customer_id: customerId } : {}} perPage={20}>
      <AutocompleteInput
        label={fieldLabel('station_id')}
        optionText={(r: { code: string; name?: string }) => (r.name ? `${r.code} ${r.name}` : r.code)}
        filterToQuery={(q: string) => ({ q })}
        helperText={translate('pv.matter.station_hint')}
        fullWidth
      />
    </ReferenceInput>
  );
};

/** Attachments uploaded at once; their ids go with the form as file_ids. */
const FilesField = () => {
  const { setValue } = useFormContext();
  const [files, setFiles] = useState<FileView[]>([]);
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(fieldLabel('file_ids'))}
      </Typography>
      <AttachmentPicker
        files={files}
        onChange={(next) => {
          setFiles(next);
          setValue('file_ids', next.map((f) => f.id), { shouldDirty: true });
        }}
      />
    </Box>
  );
};

/** 录入事项: staff enter a matter phoned in (channel phone / staff / WeChat). */
const MatterCreate = () => {
  const translate = useTranslate();
  const choices = useMatterChoices();
  const resolver = useMemo(() => contractResolver(matterCreateSchema, translate, present), [translate]);
  return (
    <Create title="pv.matter.create_title" redirect={(_resource, id) => matterDetailPath(id!)} mutationMode="pessimistic">
      <SimpleForm noValidate resolver={resolver} defaultValues={{ channel: 'phone', type: 'fault' }} sx={{ maxWidth: 760 }}>
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          {translate('pv.matter.create_hint')}
        </Alert>
        <SelectInput source="type" choices={choices.type} isRequired fullWidth />
        <ReferenceInput source="customer_id" reference="customer" perPage={20} sort={{ field: 'id', order: 'DESC' }}>
          <AutocompleteInput
            label={fieldLabel('customer_id')}
            optionText={(r: Customer) => `${r.name} ${r.phone}`}
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceInput>
        <StationInput />
        <SelectInput source="channel" choices={choices.staffChannel} isRequired fullWidth />
        <TextInput source="contact_phone" autoComplete="off" fullWidth />
        <TextInput source="title" isRequired fullWidth />
        <TextInput source="content" multiline minRows={4} isRequired fullWidth />
        <FilesField />
      </SimpleForm>
    </Create>
  );
};
export default MatterCreate;
