import { useMemo } from 'react';
import { Create, DeleteButton, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useCanAccess, useRecordContext, useTranslate, type SimpleFormProps } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { SETTLEMENT_RULE_EDITABLE, settlementRuleCreateSchema, settlementRuleEditSchema, type SettlementRule } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { changedFields } from '../../providers/dataProvider.ts';
import { present } from '../common/actions.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { ruleField, useSettlementChoices } from './common.tsx';
import { RULE_RESOURCE } from './logic.ts';
import { Edit, ReportUnsavedInput } from '../../forms/Edit.tsx';

const FormToolbar = () => {
  const record = useRecordContext<SettlementRule>();
  const { canAccess: deletable } = useCanAccess({ resource: RULE_RESOURCE, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.id !== undefined && <DeleteButton mutationMode="pessimistic" confirmTitle="pv.settlement.rule.delete_title" confirmContent="pv.settlement.rule.delete_confirm" />}
    </Toolbar>
  );
};

/** A rule: its kind (and agent level for commission), the rate as text (four decimals), its days. */
const RuleForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const choices = useSettlementChoices();
  return (
    <SimpleForm noValidate warnWhenUnsavedChanges {...props} toolbar={<FormToolbar />} sx={{ maxWidth: 900 }}>
      <ReportUnsavedInput />
      <Section title="pv.settlement.rule.basic">
        <SelectInput source="kind" label={ruleField('kind')} choices={choices.ruleKind} isRequired />
        <SelectInput source="agent_level" label={ruleField('agent_level')} choices={choices.level} helperText="pv.settlement.rule.level_hint" defaultValue={0} />
        <TextInput source="rate" label={ruleField('rate')} inputMode="decimal" helperText="pv.settlement.rule.rate_hint" isRequired />
        <DateInput source="effective_from" label={ruleField('effective_from')} isRequired />
        <DateInput source="effective_until" label={ruleField('effective_until')} helperText="pv.settlement.rule.until_hint" />
        <TextInput source="remark" label={ruleField('remark')} multiline />
      </Section>
    </SimpleForm>
  );
};

const toText = (values: Record<string, unknown>) => (typeof values.rate === 'number' ? { ...values, rate: String(values.rate) } : values);

export const RuleCreate = () => {
  const translate = useTranslate();
  const resolver = useMemo(() => contractResolver(settlementRuleCreateSchema, translate, (v: Record<string, unknown>) => present(toText(v))), [translate]);
  return (
    <Create title="pv.settlement.rule.create" redirect="list" mutationMode="pessimistic" transform={(v: Record<string, unknown>) => present(toText(v))}>
      <RuleForm resolver={resolver} />
    </Create>
  );
};

const editable = (values: Record<string, unknown>) => Object.fromEntries([...SETTLEMENT_RULE_EDITABLE, 'version'].filter((k) => k in values).map((k) => [k, values[k] === '' ? null : values[k]]));

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<SettlementRule>();
  const resolver = useMemo(
    () =>
      contractResolver(settlementRuleEditSchema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(toText(values), record as unknown as Record<string, unknown>, SETTLEMENT_RULE_EDITABLE),
      })),
    [translate, record],
  );
  return <RuleForm resolver={resolver} />;
};

export const RuleEdit = () => {
  const { mutationOptions, dialog } = useConflictEdit(RULE_RESOURCE, SETTLEMENT_RULE_EDITABLE, { fieldLabel: ruleField });
  return (
    <Edit mutationMode="pessimistic" transform={editable} redirect="list" mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
