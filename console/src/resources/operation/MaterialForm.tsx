import {
  BooleanInput,
  Create,
  DeleteButton,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useCanAccess,
  useRecordContext,
  useRedirect,
  type SimpleFormProps,
} from 'react-admin';
import { MATERIAL_EDITABLE, materialCreateSchema, materialEditSchema, type Material } from '@pv/contract';
import { editableOnly, useCreateResolver, useEditResolver } from '../../forms/contractForms.ts';
import { present } from '../common/actions.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { materialField, useStockChoices } from './common.tsx';
import { MATERIAL_RESOURCE, materialShowPath } from './logic.ts';
import { Edit, ReportUnsavedInput } from '../../forms/Edit.tsx';

const FormToolbar = () => {
  const record = useRecordContext<Material>();
  const { canAccess: deletable } = useCanAccess({ resource: MATERIAL_RESOURCE, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.id !== undefined && <DeleteButton mutationMode="pessimistic" confirmTitle="pv.stock.material.delete_title" confirmContent="pv.stock.material.delete_confirm" />}
    </Toolbar>
  );
};

/** The material form of create and edit; the price is a decimal text (two decimals), never a float. */
const MaterialForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const choices = useStockChoices();
  return (
    <SimpleForm noValidate warnWhenUnsavedChanges {...props} toolbar={<FormToolbar />} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      <Section title="pv.stock.material.basic">
        <TextInput source="code" label={materialField('code')} autoComplete="off" isRequired />
        <TextInput source="name" label={materialField('name')} autoComplete="off" isRequired />
        <TextInput source="spec" label={materialField('spec')} />
        <TextInput source="unit" label={materialField('unit')} isRequired helperText="pv.stock.material.unit_hint" />
        <SelectInput source="category" label={materialField('category')} choices={choices.category} isRequired />
        <TextInput source="unit_price" label={materialField('unit_price')} inputMode="decimal" helperText="pv.stock.material.price_hint" />
        <BooleanInput source="serial_tracked" label={materialField('serial_tracked')} helperText="pv.stock.material.serial_hint" />
        <SelectInput source="status" label={materialField('status')} choices={choices.status} defaultValue="enabled" />
        <TextInput source="remark" label={materialField('remark')} multiline />
      </Section>
    </SimpleForm>
  );
};

export const MaterialCreate = () => {
  const resolver = useCreateResolver(materialCreateSchema, present);
  return (
    <Create title="pv.stock.material.create_title" redirect={(_r, id) => materialShowPath(id ?? '')} mutationMode="pessimistic" transform={present}>
      <MaterialForm resolver={resolver} />
    </Create>
  );
};

const EditForm = () => <MaterialForm resolver={useEditResolver(materialEditSchema, MATERIAL_EDITABLE)} />;

export const MaterialEdit = () => {
  const redirect = useRedirect();
  const { mutationOptions, dialog } = useConflictEdit(MATERIAL_RESOURCE, MATERIAL_EDITABLE, { fieldLabel: materialField, onSaved: (r) => redirect(materialShowPath(r.id)) });
  return (
    <Edit mutationMode="pessimistic" transform={editableOnly(MATERIAL_EDITABLE)} redirect={(_r, id) => materialShowPath(id ?? '')} mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
