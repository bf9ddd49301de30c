import { useState } from 'react';
import { ArrayInput, Create, RadioButtonGroupInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Button, Stack } from '@mui/material';
import { policyCreateSchema } from '@pv/contract';
import { useCreateResolver } from '../../forms/contractForms.ts';
import { CityInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { present } from '../common/actions.tsx';
import { AgentInput } from '../customer/common.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { policyField, useInsuranceChoices } from './common.tsx';
import { RecordInput } from '../common/RecordInput.tsx';
import { InsurerInput } from './inputs.tsx';
import { POLICY_API, policyDetailPath } from './logic.ts';

type Values = Record<string, unknown>;
const FILTER_KEYS = ['province_code', 'city_code', 'agent_id', 'grid_from', 'grid_to'] as const;

/** The form → policy/add: picked stations (each with its sum insured), or a filter with one sum insured per station. */
export function policyBody(v: Values): Values {
  const { mode, stations, sum_insured, ...rest } = v;
  for (const k of FILTER_KEYS) delete rest[k];
  if (mode === 'filter') {
    const filter = present(Object.fromEntries(FILTER_KEYS.map((k) => [k, v[k]])));
    return present({ ...rest, filter, sum_insured });
  }
  return present({ ...rest, stations: ((stations as Values[] | undefined) ?? []).map((s) => present(s)) });
}

/** 预览数量: how many stations the filter finds and how many of them the kind already covers in the term. */
const Preview = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { getValues } = useFormContext();
  const [result, setResult] = useState<{ count: number; covered: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    const v = getValues();
    try {
      const filter = present(Object.fromEntries(FILTER_KEYS.map((k) => [k, v[k]])));
      setResult((await dataProvider.act<{ count: number; covered: number }>(POLICY_API, 'preview', { kind: v.kind, start_date: v.start_date, end_date: v.end_date, filter })).data as unknown as { count: number; covered: number });
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Stack spacing={1} sx={{ gridColumn: '1 / -1', mb: 1 }}>
      <div>
        <Button variant="outlined" size="small" onClick={() => void run()} data-testid="policy-preview">
          {translate('pv.insurance.preview')}
        </Button>
      </div>
      {result && (
        <Alert severity={result.covered > 0 ? 'warning' : 'info'} data-testid="policy-preview-result">
          {translate('pv.insurance.preview_result', result)}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
};

const Cover = () => {
  const translate = useTranslate();
  const mode = useWatch({ name: 'mode' }) as string;
  return (
    <Section title="pv.insurance.cover">
      <RadioButtonGroupInput
        source="mode"
        label="pv.insurance.cover_mode"
        sx={{ gridColumn: '1 / -1' }}
        choices={[
          { id: 'pick', name: 'pv.insurance.mode_pick' },
          { id: 'filter', name: 'pv.insurance.mode_filter' },
        ]}
      />
      {mode === 'filter' ? (
        <>
          <ProvinceInput source="province_code" label={policyField('province_code')} />
          <CityInput source="city_code" label={policyField('city_code')} />
          <AgentInput source="agent_id" label="pv.insurance.agent" />
          <DateInput source="grid_from" label="pv.insurance.grid_from" />
          <DateInput source="grid_to" label="pv.insurance.grid_to" />
          <TextInput source="sum_insured" label={policyField('sum_insured')} data-testid="policy-sum-insured" />
          <Preview />
        </>
      ) : (
        <ArrayInput source="stations" label={false} sx={{ gridColumn: '1 / -1' }}>
          <SimpleFormIterator inline disableReordering>
            <RecordInput kind="station" source="station_id" label={translate('pv.insurance.pick_station')} required />
            <TextInput source="sum_insured" label={policyField('sum_insured')} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      )}
    </Section>
  );
};

/** 新建保单: number, kind, insurer, term, premium, and its stations (picked, or a filter previewed first). */
const PolicyCreate = () => {
  const choices = useInsuranceChoices();
  const resolver = useCreateResolver(policyCreateSchema, policyBody);
  return (
    <Create title="pv.insurance.create_policy" redirect={(_r, id) => policyDetailPath(id ?? '')} mutationMode="pessimistic" transform={policyBody}>
      <SimpleForm resolver={resolver} defaultValues={{ mode: 'pick', stations: [{}], kind: 'property' }} data-testid="policy-form">
        <Section title="pv.insurance.basic">
          <TextInput source="policy_no" label={policyField('policy_no')} isRequired />
          <SelectInput source="kind" label={policyField('kind')} choices={choices.kind} isRequired />
          <InsurerInput label={policyField('insurer_id')} />
          <DateInput source="start_date" label={policyField('start_date')} isRequired />
          <DateInput source="end_date" label={policyField('end_date')} isRequired />
          <TextInput source="premium" label={policyField('premium')} isRequired />
          <TextInput source="remark" label={policyField('remark')} sx={{ gridColumn: '1 / -1' }} />
        </Section>
        <Cover />
      </SimpleForm>
    </Create>
  );
};
export default PolicyCreate;
