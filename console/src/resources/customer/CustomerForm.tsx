import type { ReactNode } from 'react';
import { AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SelectInput, SimpleForm, TextInput, Toolbar, SaveButton, DeleteButton, useRecordContext, type SimpleFormProps } from 'react-admin';
import { Box, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AgentInput, OwnerInput, useChoices } from './common.tsx';
import { RegionInput } from '../../forms/RegionInput.tsx';
import { ReportUnsavedInput } from '../../forms/Edit.tsx';

/** The financier picker's partners (资方): what 对账单 with financiers count. */
const FINANCIERS = { kind: 'financier' };

/** A titled group of form fields in three columns (one on phones). */
export const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Typography variant="subtitle2" color="primary" sx={{ fontWeight: 600, mt: 1, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>{children}</Box>
      <Divider sx={{ mt: 1 }} />
    </Box>
  );
};

const FormToolbar = ({ deletable }: { deletable: boolean }) => {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.id !== undefined && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
};

/** The customer form of create and edit. Validation: the contract schema through `resolver`. */
export const CustomerForm = ({ formal = false, deletable = false, ...props }: Omit<SimpleFormProps, 'children'> & { formal?: boolean; deletable?: boolean }) => {
  const choices = useChoices();
  return (
    <SimpleForm noValidate {...props} toolbar={<FormToolbar deletable={deletable} />} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      <Section title="pv.customer.basic">
        <TextInput source="name" autoComplete="off" isRequired />
        <TextInput source="phone" autoComplete="off" isRequired />
        <TextInput source="id_card" autoComplete="off" />
        <SelectInput source="source" choices={choices.source} isRequired />
        <AgentInput />
        <OwnerInput />
      </Section>
      <Section title="pv.customer.location">
        <RegionInput required />
        <TextInput source="address" />
      </Section>
      <Section title="pv.customer.roof">
        <SelectInput source="roof_type" choices={choices.roofType} />
        <NumberInput source="roof_area_m2" min={0} step="any" />
        <NumberInput source="estimated_kwp" min={0} step="any" />
        <BooleanInput source="has_property_deed" />
      </Section>
      {formal && (
        <Section title="pv.customer.contract">
          <SelectInput source="business_mode" choices={choices.businessMode} />
          <TextInput source="financier" />
          <ReferenceInput source="financier_id" reference="partner/partnerList" filter={FINANCIERS}>
            <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} />
          </ReferenceInput>
          <TextInput source="bank_name" />
          <TextInput source="bank_card" />
        </Section>
      )}
      <TextInput source="remark" multiline minRows={2} fullWidth />
    </SimpleForm>
  );
};
