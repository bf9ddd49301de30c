import { useEffect, useState } from 'react';
import { AutocompleteInput, NumberInput, SelectInput, TextInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useWatch, useFormContext } from 'react-hook-form';
import { Alert, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { agentStationEntrySchema, type Agent, type Customer, type ListResult, type Product } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';

const STATION_RESOURCE = 'stationManagement/stationList';

/** Picking a package fills in its capacity (still editable). */
const ProductPicker = ({ products }: { products: Product[] }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const productId = useWatch({ name: 'product_id' });
  useEffect(() => {
    const p = products.find((x) => x.id === productId);
    if (p) setValue('capacity_kwp', p.capacity_kwp, { shouldDirty: true });
  }, [productId, products, setValue]);
  return (
    <SelectInput
      source="product_id"
      label={translate('pv.agent.station_product')}
      choices={products.map((p) => ({ id: p.id, name: `${p.name} · ${p.capacity_kwp} kWp` }))}
      fullWidth
      emptyText="-"
    />
  );
};

/**
 * 新建电站 for a formal customer of the agent: dataProvider.create on the station list resource
 * (station/add), with the customer's address and the agent taken over.
 */
export const NewStationButton = () => {
  const agent = useRecordContext<Agent>()!;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState(false);
  const customers = useQuery({
    queryKey: ['agent', 'formalCustomers', agent.id],
    queryFn: () => dataProvider.read<ListResult<Customer>>('customer', 'index', { agent_id: agent.id, stage: 'formal', limit: 100 }).then((r) => r.data.list),
    enabled: open,
  });
  const products = useQuery({
    queryKey: ['customer', 'products'],
    queryFn: () => dataProvider.read<ListResult<Product>>('customer', 'get_product_list').then((r) => r.data.list),
    enabled: open,
    retry: false,
  });
  const resolver = contractResolver(agentStationEntrySchema, translate, present);
  const submit = async (values: Record<string, unknown>) => {
    const customer = customers.data?.find((c) => c.id === values.customer_id);
    if (!customer) return;
    const data = {
      ...present(values),
      agent_id: agent.id,
      province_code: customer.province_code,
      city_code: customer.city_code,
      district_code: customer.district_code,
      address: customer.address,
      lng: customer.lng,
      lat: customer.lat,
    };
    if (await run(() => dataProvider.create(STATION_RESOURCE, { data: present(data) }), 'pv.agent.station_created')) setOpen(false);
  };
  const formal = customers.data ?? [];
  return (
    <>
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)} disabled={agent.status === 'disabled'} data-testid="agent-new-station">
        {translate('pv.agent.new_station')}
      </Button>
      {open && (
        <FormDialog open title="pv.agent.new_station" hint="pv.agent.station_customer_hint" onClose={() => setOpen(false)} onSubmit={submit} resolver={resolver} submitLabel="ra.action.save" busy={busy}>
          {customers.isSuccess && formal.length === 0 && <Alert severity="info" sx={{ mb: 2 }}>{translate('pv.agent.no_formal_customers')}</Alert>}
          <AutocompleteInput source="customer_id" label={translate('pv.agent.station_customer')} choices={formal.map((c) => ({ id: c.id, name: `${c.name} · ${c.phone}` }))} fullWidth isRequired />
          <TextInput source="name" label={translate('pv.agent.station_name')} fullWidth isRequired />
          <ProductPicker products={products.data ?? []} />
          <NumberInput source="capacity_kwp" label={translate('pv.agent.station_capacity')} min={0} step={0.01} fullWidth isRequired />
        </FormDialog>
      )}
    </>
  );
};
