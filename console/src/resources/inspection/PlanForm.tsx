import { useMemo, useState } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  DeleteButton,
  NumberInput,
  ReferenceArrayInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useCanAccess,
  useDataProvider,
  useRecordContext,
  useRedirect,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useFormContext } from 'react-hook-form';
import { Alert, Box, Button, Stack } from '@mui/material';
import { CITIES, OPERATION_PLAN_EDITABLE, PROVINCES, operationPlanCreateSchema, operationPlanEditSchema, type OperationPlan, type PlanScope } from '@pv/contract';
import { editableOnly, useCreateResolver, useEditResolver } from '../../forms/contractForms.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { present } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { TeamInput } from '../workOrder/common.tsx';
import { planField, useInspectionChoices } from './common.tsx';
import { INSPECTION_API, PLAN_API, PLAN_RESOURCE, planShowPath } from './logic.ts';
import { Edit, ReportUnsavedInput } from '../../forms/Edit.tsx';

/** Provinces and cities to choose from, named in the user's language. */
const useRegionChoices = () => {
  const lang = useLang();
  return useMemo(() => [...PROVINCES, ...CITIES].map((r) => ({ id: r.code, name: r[lang] })), [lang]);
};

/** The station set without blanks (what preview and the plan send). */
export const cleanScope = (scope: Record<string, unknown> | undefined): PlanScope =>
  Object.fromEntries(Object.entries(scope ?? {}).filter(([, v]) => v !== '' && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))) as PlanScope;

/** 预览覆盖电站: how many stations the set in the form hits now (operation_plan/preview). */
const PreviewButton = () => {
  const { getValues } = useFormContext();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [result, setResult] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const preview = async () => {
    try {
      const { data } = await dataProvider.act<{ stations: number; sample: { code: string }[] }>(PLAN_API, 'preview', { scope: cleanScope(getValues('scope')) });
      const sample = data.sample.slice(0, 5).map((s) => s.code).join('、');
      setResult({ severity: 'info', text: `${translate('pv.plan.preview_result', { count: data.stations })}${sample ? ` ${translate('pv.plan.preview_sample', { codes: sample })}` : ''}` });
    } catch (error) {
      setResult({ severity: 'error', text: (error as Error).message });
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ gridColumn: '1 / -1' }}>
      <Button variant="outlined" size="small" onClick={preview} data-testid="plan-preview">
        {translate('pv.plan.preview')}
      </Button>
      {result && (
        <Alert severity={result.severity} sx={{ py: 0 }} data-testid="plan-preview-result">
          {result.text}
        </Alert>
      )}
    </Stack>
  );
};

const FormToolbar = () => {
  const record = useRecordContext<OperationPlan>();
  const { canAccess: deletable } = useCanAccess({ resource: PLAN_RESOURCE, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.status === 'draft' && <DeleteButton mutationMode="pessimistic" confirmTitle="pv.plan.delete_title" confirmContent="pv.plan.delete_confirm" />}
    </Toolbar>
  );
};

/**
 * One checklist item on two lines: its code, the full text of what to check (wrapping, never cut),
 * kind, unit and range on the first; the three switches, each label on one line, on the second.
 */
const CHECKLIST_SX = {
  '& .RaSimpleFormIterator-line': { py: 1 },
  '& .pv-item-fields': {
    display: 'grid',
    gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'minmax(120px, 150px) minmax(240px, 1fr) minmax(150px, 180px) repeat(3, minmax(80px, 100px))' },
    columnGap: 1.5,
    '& .MuiFormControl-root': { m: 0, width: '100%', minWidth: 0 },
  },
  '& .pv-item-fields > :nth-of-type(2)': { gridColumn: { xs: '1 / -1', md: 'auto' } },
  '& .pv-item-flags': { display: 'flex', flexWrap: 'wrap', columnGap: 3, '& .MuiFormControlLabel-label': { whiteSpace: 'nowrap' }, '& .MuiFormGroup-root, & .MuiFormControl-root': { m: 0 } },
} as const;

/** The plan form of create and edit: basics, the station set with a preview, recurrence, checklist template, assignment. */
const PlanForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const choices = useInspectionChoices();
  const translate = useTranslate();
  const record = useRecordContext<OperationPlan>();
  const locked = record?.status === 'enabled';
  const regions = useRegionChoices();
  return (
    <SimpleForm noValidate warnWhenUnsavedChanges {...props} toolbar={<FormToolbar />} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      <Section title="pv.plan.basic">
        <TextInput source="name" label={planField('name')} autoComplete="off" isRequired />
        <SelectInput source="kind" label={planField('kind')} choices={choices.kind} isRequired />
        <TextInput source="remark" label={planField('remark')} multiline />
      </Section>
      <Section title="pv.plan.scope_title">
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>{translate('pv.plan.scope_hint')}</Alert>
        <AutocompleteArrayInput source="scope.region_codes" label={planField('region_codes')} choices={regions} />
        <ReferenceArrayInput source="scope.agent_ids" reference="agent" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
          <AutocompleteArrayInput label={planField('agent_ids')} optionText="name" filterToQuery={(q: string) => ({ q })} />
        </ReferenceArrayInput>
        <TextInput source="scope.capacity_min" label={planField('capacity_min')} inputMode="decimal" />
        <TextInput source="scope.capacity_max" label={planField('capacity_max')} inputMode="decimal" />
        <DateInput source="scope.grid_after" label={planField('grid_after')} />
        <DateInput source="scope.grid_before" label={planField('grid_before')} />
        <PreviewButton />
      </Section>
      <Section title="pv.plan.recurrence_title">
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>{translate('pv.plan.recurrence_hint')}</Alert>
        <NumberInput source="every_months" label={planField('every_months')} min={1} max={60} disabled={locked} />
        <TextInput source="cron" label={planField('cron')} disabled={locked} />
        <DateInput source="start_date" label={planField('start_date')} isRequired disabled={locked} />
        <DateInput source="end_date" label={planField('end_date')} disabled={locked} />
        <NumberInput source="deadline_days" label={planField('deadline_days')} min={1} max={365} defaultValue={15} isRequired />
      </Section>
      <Section title="pv.plan.checklist_title">
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>{translate('pv.plan.checklist_hint')}</Alert>
        <ArrayInput source="checklist" label={false} sx={{ gridColumn: '1 / -1' }}>
          <SimpleFormIterator fullWidth disableReordering={false} addButton={<Button size="small">{translate('pv.plan.add_item')}</Button>} sx={CHECKLIST_SX}>
            <Box className="pv-item-fields">
              <TextInput source="key" label={planField('key')} isRequired />
              <TextInput source="label" label={planField('label')} isRequired multiline />
              <SelectInput source="kind" label={planField('item_kind')} choices={choices.itemKind} isRequired />
              <TextInput source="unit" label={planField('unit')} />
              <TextInput source="min" label={planField('min')} inputMode="decimal" />
              <TextInput source="max" label={planField('max')} inputMode="decimal" />
            </Box>
            <Box className="pv-item-flags">
              <BooleanInput source="required" label={planField('required')} defaultValue helperText={false} />
              <BooleanInput source="photo_required" label={planField('photo_required')} helperText={false} />
              <BooleanInput source="auto_maintenance" label={planField('auto_maintenance')} helperText={false} />
            </Box>
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
      <Section title="pv.plan.assignment_title">
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>{translate('pv.plan.assignment_hint')}</Alert>
        <TeamInput api={INSPECTION_API} source="default_team_id" label={planField('default_team_id')} showLoad />
        <ArrayInput source="assignment" label={false} sx={{ gridColumn: '1 / -1' }}>
          <SimpleFormIterator inline addButton={<Button size="small">{translate('pv.plan.add_rule')}</Button>}>
            <SelectInput source="region_code" label={planField('region_code')} choices={regions} sx={{ width: 200 }} isRequired />
            <TeamInput api={INSPECTION_API} source="team_id" label={planField('team_id')} showLoad isRequired />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
    </SimpleForm>
  );
};

/** Form values → the plan body: the station set and checklist without blanks, null recurrence fields sent as such. */
const planBody = (values: Record<string, unknown>) => {
  const out = present(values);
  if ('scope' in values) out.scope = cleanScope(values.scope as Record<string, unknown>);
  if (Array.isArray(values.checklist)) out.checklist = (values.checklist as Record<string, unknown>[]).map((i) => present(i));
  return out;
};

export const PlanCreate = () => {
  const resolver = useCreateResolver(operationPlanCreateSchema, planBody);
  return (
    <Create title="pv.plan.create_title" redirect={(_r, id) => planShowPath(id ?? '')} mutationMode="pessimistic" transform={planBody} record={{ kind: 'inspection', deadline_days: 15, scope: {}, checklist: [{ key: 'panels', label: '', kind: 'pass_fail', required: true }], assignment: [] }}>
      <PlanForm resolver={resolver} />
    </Create>
  );
};

const editable = editableOnly(OPERATION_PLAN_EDITABLE);

const EditForm = () => <PlanForm resolver={useEditResolver(operationPlanEditSchema, OPERATION_PLAN_EDITABLE, planBody)} />;

export const PlanEdit = () => {
  const redirect = useRedirect();
  const { mutationOptions, dialog } = useConflictEdit(PLAN_RESOURCE, OPERATION_PLAN_EDITABLE, { fieldLabel: planField, onSaved: (r) => redirect(planShowPath(r.id)) });
  return (
    <Edit mutationMode="pessimistic" transform={(v: Record<string, unknown>) => editable(planBody(v))} redirect={(_r, id) => planShowPath(id ?? '')} mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
