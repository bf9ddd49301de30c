import { useMemo } from 'react';
import { Create, DeleteButton, SaveButton, SimpleForm, TextInput, Toolbar, useCanAccess, useRecordContext, useTranslate, type SimpleFormProps } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { TARIFF_EDITABLE, tariffCreateSchema, tariffEditSchema, type Tariff } from '@pv/contract';
import { ProvinceInput } from '../../forms/RegionInput.tsx';
import { contractResolver } from '../../forms/zodResolver.ts';
import { changedFields } from '../../providers/dataProvider.ts';
import { present } from '../common/actions.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { tariffField } from './common.tsx';
import { TARIFF_RESOURCE } from './logic.ts';
import { Edit, ReportUnsavedInput } from '../../forms/Edit.tsx';

const FormToolbar = () => {
  const record = useRecordContext<Tariff>();
  const { canAccess: deletable } = useCanAccess({ resource: TARIFF_RESOURCE, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.id !== undefined && <DeleteButton mutationMode="pessimistic" confirmTitle="pv.tariff.delete_title" confirmContent="pv.tariff.delete_confirm" />}
    </Toolbar>
  );
};

/** The tariff form: a province, the price (text, four decimals — never a float), whole months, optional hours. */
const TariffForm = (props: Omit<SimpleFormProps, 'children'>) => (
  <SimpleForm noValidate warnWhenUnsavedChanges {...props} toolbar={<FormToolbar />} sx={{ maxWidth: 900 }}>
    <ReportUnsavedInput />
    <Section title="pv.tariff.basic">
      <ProvinceInput source="province_code" label={tariffField('province_code')} isRequired />
      <TextInput source="price" label={tariffField('price')} inputMode="decimal" helperText="pv.tariff.price_hint" isRequired />
      <DateInput source="effective_from" label={tariffField('effective_from')} helperText="pv.tariff.from_hint" isRequired />
      <DateInput source="effective_to" label={tariffField('effective_to')} helperText="pv.tariff.to_hint" />
      <TextInput source="utilisation_hours" label={tariffField('utilisation_hours')} inputMode="decimal" helperText="pv.tariff.hours_hint" />
      <TextInput source="remark" label={tariffField('remark')} multiline />
    </Section>
  </SimpleForm>
);

const toText = (values: Record<string, unknown>) => {
  const out = { ...values };
  for (const k of ['price', 'utilisation_hours']) if (typeof out[k] === 'number') out[k] = String(out[k]);
  return out;
};

export const TariffCreate = () => {
  const translate = useTranslate();
  const resolver = useMemo(() => contractResolver(tariffCreateSchema, translate, (v: Record<string, unknown>) => present(toText(v))), [translate]);
  return (
    <Create title="pv.tariff.create" redirect="list" mutationMode="pessimistic" transform={(v: Record<string, unknown>) => present(toText(v))}>
      <TariffForm resolver={resolver} />
    </Create>
  );
};

const editable = (values: Record<string, unknown>) => Object.fromEntries([...TARIFF_EDITABLE, 'version'].filter((k) => k in values).map((k) => [k, values[k] === '' ? null : values[k]]));

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<Tariff>();
  const resolver = useMemo(
    () =>
      contractResolver(tariffEditSchema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(toText(values), record as unknown as Record<string, unknown>, TARIFF_EDITABLE),
      })),
    [translate, record],
  );
  return <TariffForm resolver={resolver} />;
};

export const TariffEdit = () => {
  const { mutationOptions, dialog } = useConflictEdit(TARIFF_RESOURCE, TARIFF_EDITABLE, { fieldLabel: tariffField });
  return (
    <Edit mutationMode="pessimistic" transform={editable} redirect="list" mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
