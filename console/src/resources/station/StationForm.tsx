import { useEffect, useMemo, useRef } from 'react';
import {
  AutocompleteInput,
  DeleteButton,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useCanAccess,
  useDataProvider,
  useGetOne,
  useRecordContext,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { Customer, ListResult, Product, Station } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FORMAL } from '../../providers/resources.ts';
import { RegionInput } from '../../forms/RegionInput.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { STATION_RESOURCE, fieldLabel, useStationChoices } from './common.tsx';
import { ReportUnsavedInput } from '../../forms/Edit.tsx';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * 正式客户: a formal customer picked by name or phone (the formal list's `q`). Picking one fills
 * the region, address and coordinates still empty from the customer's (the server does the same
 * for what is left empty).
 */
const CustomerPicker = () => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const customerId = useWatch({ name: 'customer_id' }) as number | undefined;
  const { data: customer } = useGetOne<Customer>('customer', { id: customerId! }, { enabled: !!customerId, retry: false });
  useEffect(() => {
    if (!customer) return;
    // the region comes as a whole: a customer's city only makes sense with the customer's province
    if (isBlank(getValues('province_code'))) {
      for (const key of ['province_code', 'city_code', 'district_code'] as const) setValue(key, customer[key] ?? '', { shouldDirty: true });
    }
    for (const key of ['address', 'lng', 'lat'] as const) if (isBlank(getValues(key)) && !isBlank(customer[key])) setValue(key, customer[key], { shouldDirty: true });
  }, [customer, getValues, setValue]);
  return (
    <ReferenceInput source="customer_id" reference={FORMAL} sort={{ field: 'id', order: 'DESC' }} perPage={20}>
      <AutocompleteInput
        label={fieldLabel('customer_id')}
        optionText={(c: Customer) => `${c.name} · ${c.phone}`}
        filterToQuery={(q: string) => ({ q })}
        helperText={translate('pv.station.form.customer_hint')}
        isRequired
      />
    </ReferenceInput>
  );
};

/** 产品套餐: picking a package fills in its capacity, modules and inverter (still editable). */
const ProductPicker = () => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const { setValue } = useFormContext();
  const productId = useWatch({ name: 'product_id' }) as number | undefined;
  const { data = [] } = useQuery({
    queryKey: ['customer', 'products'],
    queryFn: () => dataProvider.read<ListResult<Product>>('customer', 'get_product_list').then((r) => r.data.list),
    retry: false,
    staleTime: 60_000,
  });
  const choices = useMemo(() => data.map((p) => ({ id: p.id, name: `${p.name} · ${p.capacity_kwp} kWp`, disabled: !p.enabled })), [data]);
  // only a package the user picks fills in: the one a station was saved with does not overwrite the
  // station's own figures each time its form opens (and would leave the form unsaved from the start)
  const applied = useRef(productId);
  useEffect(() => {
    if (productId === applied.current) return;
    const p = data.find((x) => x.id === productId);
    if (!p) return;
    applied.current = productId;
    setValue('capacity_kwp', p.capacity_kwp, { shouldDirty: true });
    setValue('module_model', p.module_model, { shouldDirty: true });
    setValue('module_power_w', p.module_power_w, { shouldDirty: true });
    setValue('module_count', p.module_count, { shouldDirty: true });
    setValue('inverter_model', p.inverter_model, { shouldDirty: true });
  }, [productId, data, setValue]);
  return <SelectInput source="product_id" label={fieldLabel('product_id')} choices={choices} emptyText="-" helperText="pv.station.form.product_hint" />;
};

const FormToolbar = () => {
  const record = useRecordContext<Station>();
  const { canAccess: deletable } = useCanAccess({ resource: STATION_RESOURCE, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.id !== undefined && <DeleteButton mutationMode="pessimistic" confirmTitle="pv.station.delete_title" confirmContent="pv.station.delete_confirm" />}
    </Toolbar>
  );
};

/**
 * The station form of create and edit (validation: the contract schema through `resolver`). The
 * customer is chosen on create only; an existing station keeps its customer.
 */
export const StationForm = ({ creating = false, ...props }: Omit<SimpleFormProps, 'children'> & { creating?: boolean }) => {
  const choices = useStationChoices();
  const record = useRecordContext<Station>();
  return (
    <SimpleForm noValidate warnWhenUnsavedChanges {...props} toolbar={<FormToolbar />} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      <Section title="pv.station.basic">
        {creating ? <CustomerPicker /> : <TextInput source="customer_name" label={fieldLabel('customer_id')} disabled helperText={false} defaultValue={record?.customer_name ?? ''} />}
        <TextInput source="name" autoComplete="off" isRequired />
        <ProductPicker />
        <NumberInput source="capacity_kwp" min={0.01} step="any" isRequired />
      </Section>
      <Section title="pv.station.location">
        <RegionInput required={!creating} />
        <TextInput source="address" />
        <NumberInput source="lng" min={-180} max={180} step="any" />
        <NumberInput source="lat" min={-90} max={90} step="any" />
      </Section>
      <Section title="pv.station.equipment">
        <TextInput source="module_model" />
        <NumberInput source="module_power_w" min={1} step={1} />
        <NumberInput source="module_count" min={1} step={1} />
        <TextInput source="inverter_model" />
        <TextInput source="inverter_sn" />
        <NumberInput source="tilt_deg" min={0} max={90} step="any" />
        <NumberInput source="azimuth" min={-180} max={180} step="any" />
      </Section>
      <Section title="pv.station.grid">
        <SelectInput source="grid_mode" choices={choices.gridMode} emptyText="-" />
        <SelectInput source="grid_voltage" choices={choices.gridVoltage} emptyText="-" />
      </Section>
    </SimpleForm>
  );
};
