import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Create,
  DeleteButton,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useCanAccess,
  useDataProvider,
  useRecordContext,
  useRedirect,
  type SimpleFormProps,
} from 'react-admin';
import { WAREHOUSE_EDITABLE, warehouseCreateSchema, warehouseEditSchema, type ListResult, type Warehouse } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { editableOnly, useCreateResolver, useEditResolver } from '../../forms/contractForms.ts';
import { RegionInput } from '../../forms/RegionInput.tsx';
import { present } from '../common/actions.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { AgentInput } from '../customer/common.tsx';
import { useStockChoices, warehouseField } from './common.tsx';
import { WAREHOUSE_RESOURCE, warehouseShowPath } from './logic.ts';
import { Edit, ReportUnsavedInput } from '../../forms/Edit.tsx';

const FormToolbar = () => {
  const record = useRecordContext<Warehouse>();
  const { canAccess: deletable } = useCanAccess({ resource: WAREHOUSE_RESOURCE, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.id !== undefined && <DeleteButton mutationMode="pessimistic" confirmTitle="pv.stock.warehouse.delete_title" confirmContent="pv.stock.warehouse.delete_confirm" />}
    </Toolbar>
  );
};

interface Person {
  id: number;
  name: string;
  username: string;
}

/**
 * An enabled user picked by name (warehouse/keepers — holders of warehouse:* need no user:index to
 * pick one): the keeper (low-stock messages go to this person) or the team member it serves.
 */
const PersonInput = ({ source }: { source: 'keeper_id' | 'team_id' }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const current = useWatch({ name: source }) as number | null | undefined;
  const [q, setQ] = useState('');
  const load = (query: Record<string, unknown>) => dataProvider.read<ListResult<Person>>('warehouse', 'keepers', query).then((r) => r.data.list);
  const { data: found = [] } = useQuery({ queryKey: ['warehouse', 'keepers', q], queryFn: () => load(q ? { q } : {}), retry: false, staleTime: 30_000 });
  const { data: chosen = [] } = useQuery({ queryKey: ['warehouse', 'keepers', 'id', current], queryFn: () => load({ id: String(current) }), enabled: !!current, retry: false, staleTime: 30_000 });
  const choices = useMemo(() => {
    const byId = new Map<number, Person>();
    for (const k of [...chosen, ...found]) byId.set(k.id, k);
    return [...byId.values()].map((k) => ({ id: k.id, name: k.name === k.username ? k.username : `${k.name}（${k.username}）` }));
  }, [chosen, found]);
  return (
    <AutocompleteInput
      source={source}
      label={warehouseField(source)}
      choices={choices}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setQ(text);
      }}
      helperText={source === 'keeper_id' ? 'pv.stock.warehouse.keeper_hint' : 'pv.stock.warehouse.team_hint'}
      emptyText="-"
    />
  );
};

const WarehouseForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const choices = useStockChoices();
  return (
    <SimpleForm noValidate warnWhenUnsavedChanges {...props} toolbar={<FormToolbar />} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      <Section title="pv.stock.warehouse.basic">
        <TextInput source="code" label={warehouseField('code')} autoComplete="off" isRequired />
        <TextInput source="name" label={warehouseField('name')} autoComplete="off" isRequired />
        <SelectInput source="kind" label={warehouseField('kind')} choices={choices.kind} isRequired />
        <PersonInput source="keeper_id" />
        <PersonInput source="team_id" />
        <AgentInput source="agent_id" label={warehouseField('agent_id')} />
        <SelectInput source="status" label={warehouseField('status')} choices={choices.status} defaultValue="enabled" />
      </Section>
      <Section title="pv.stock.warehouse.location">
        <RegionInput />
        <TextInput source="address" label={warehouseField('address')} />
        <TextInput source="remark" label={warehouseField('remark')} multiline />
      </Section>
    </SimpleForm>
  );
};

export const WarehouseCreate = () => {
  const resolver = useCreateResolver(warehouseCreateSchema, present);
  return (
    <Create title="pv.stock.warehouse.create_title" redirect={(_r, id) => warehouseShowPath(id ?? '')} mutationMode="pessimistic" transform={present}>
      <WarehouseForm resolver={resolver} />
    </Create>
  );
};

const EditForm = () => <WarehouseForm resolver={useEditResolver(warehouseEditSchema, WAREHOUSE_EDITABLE)} />;

export const WarehouseEdit = () => {
  const redirect = useRedirect();
  const { mutationOptions, dialog } = useConflictEdit(WAREHOUSE_RESOURCE, WAREHOUSE_EDITABLE, { fieldLabel: warehouseField, onSaved: (r) => redirect(warehouseShowPath(r.id)) });
  return (
    <Edit mutationMode="pessimistic" transform={editableOnly(WAREHOUSE_EDITABLE)} redirect={(_r, id) => warehouseShowPath(id ?? '')} mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
