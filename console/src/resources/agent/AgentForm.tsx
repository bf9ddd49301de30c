import { NumberInput, SelectInput, SimpleForm, TextInput, useRecordContext, useTranslate, type SimpleFormProps } from 'react-admin';
import { AgentStatus, type Agent } from '@pv/contract';
import { RegionInput } from '../../forms/RegionInput.tsx';
import { useLang } from '../common/format.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { ParentAgentInput } from './common.tsx';
import { ReportUnsavedInput } from '../../forms/Edit.tsx';

/** The agent form of create and edit; validation is the contract schema through `resolver`. */
export const AgentForm = ({ creating = false, ...props }: Omit<SimpleFormProps, 'children'> & { creating?: boolean }) => {
  const lang = useLang();
  const translate = useTranslate();
  const record = useRecordContext<Agent>();
  // a top-level agent with sub-agents stays top-level (two levels only)
  const hasChildren = !creating && (record?.children_count ?? 0) > 0;
  return (
    <SimpleForm noValidate {...props} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      <Section title="pv.agent.basic">
        <TextInput source="code" autoComplete="off" isRequired helperText={false} inputProps={{ style: { textTransform: 'uppercase' } }} parse={(v: string) => v?.toUpperCase()} />
        <TextInput source="name" autoComplete="off" isRequired helperText={false} />
        <ParentAgentInput disabled={hasChildren} helperText={translate(hasChildren ? 'pv.agent.parent_locked' : 'pv.agent.parent_hint')} />
        <TextInput source="contact" autoComplete="off" helperText={false} />
        <TextInput source="phone" autoComplete="off" helperText={false} />
        {creating && <SelectInput source="status" choices={AgentStatus.choices(lang).filter((c) => c.id !== 'disabled')} helperText={false} />}
      </Section>
      <Section title="pv.agent.region">
        <RegionInput required />
      </Section>
      <Section title="pv.agent.settlement">
        <NumberInput source="deposit" min={0} step={0.01} helperText={false} />
        <TextInput source="bank_name" autoComplete="off" helperText={false} />
        <TextInput source="bank_account" autoComplete="off" helperText={creating ? false : translate('pv.agent.account_hint')} />
      </Section>
    </SimpleForm>
  );
};
