import { Create, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { invoiceCreateSchema } from '@pv/contract';
import { useCreateResolver } from '../../forms/contractForms.ts';
import { InvoiceSections, invoiceBody } from './form.tsx';
import { invoiceDetailPath } from './logic.ts';

/** 录入发票: a draft with its lines and the totals printed on it; registered on its page. */
const InvoiceCreate = () => {
  const resolver = useCreateResolver(invoiceCreateSchema, invoiceBody);
  return (
    <Create title="pv.invoice.create_title" redirect={(_r, id) => invoiceDetailPath(id ?? '')} mutationMode="pessimistic" transform={invoiceBody}>
      <SimpleForm noValidate warnWhenUnsavedChanges resolver={resolver} defaultValues={{ direction: 'in', kind: 'special', lines: [{ tax_rate: '13' }] }} toolbar={<Toolbar><SaveButton /></Toolbar>} sx={{ maxWidth: 1200 }}>
        <InvoiceSections />
      </SimpleForm>
    </Create>
  );
};
export default InvoiceCreate;
