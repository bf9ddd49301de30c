import { Create, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useSearchParams } from 'react-router-dom';
import { claimCreateSchema } from '@pv/contract';
import { useCreateResolver } from '../../forms/contractForms.ts';
import { present } from '../common/actions.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { claimField, useInsuranceChoices } from './common.tsx';
import { RecordInput } from '../common/RecordInput.tsx';
import { DocumentsInput } from './inputs.tsx';
import { claimDetailPath } from './logic.ts';

type Values = Record<string, unknown>;
const shape = (v: Values) => present({ ...v, document_ids: (v.document_ids as number[] | undefined)?.length ? v.document_ids : undefined });
const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * 报案: station (covered on the incident date: the server finds the policy, property first, or takes
 * the one given), the maintenance order (filled in when opened from one: ?station_id=&maintenance_id=),
 * cause, date, what happened, the amount claimed and the first documents.
 */
const ClaimCreate = () => {
  const choices = useInsuranceChoices();
  const [params] = useSearchParams();
  const resolver = useCreateResolver(claimCreateSchema, shape);
  const defaults = { station_id: idParam(params.get('station_id')), maintenance_id: idParam(params.get('maintenance_id')), cause: 'hail', document_ids: [] };
  return (
    <Create title="pv.insurance.create_claim" redirect={(_r, id) => claimDetailPath(id ?? '')} mutationMode="pessimistic" transform={shape}>
      <SimpleForm resolver={resolver} defaultValues={defaults} data-testid="claim-form">
        <Section title="pv.insurance.claim_basic">
          <RecordInput kind="station" source="station_id" label={claimField('station_id')} required />
          <RecordInput kind="maintenance" source="maintenance_id" label={claimField('maintenance_id')} />
          <RecordInput kind="insurance_policy" source="policy_id" label={claimField('policy_id')} />
          <SelectInput source="cause" label={claimField('cause')} choices={choices.cause} isRequired />
          <DateInput source="incident_date" label={claimField('incident_date')} isRequired />
          <TextInput source="amount_claimed" label={claimField('amount_claimed')} isRequired />
          <TextInput source="description" label={claimField('description')} multiline minRows={2} isRequired sx={{ gridColumn: '1 / -1' }} />
        </Section>
        <Section title="pv.insurance.documents">
          <DocumentsInput />
        </Section>
      </SimpleForm>
    </Create>
  );
};
export default ClaimCreate;
