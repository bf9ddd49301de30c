import { useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Chip, MenuItem, Stack, TextField } from '@mui/material';
import { WorkflowDefinitionStatus, WorkflowFieldOperator, type WorkflowGateCondition, type WorkflowRecordTypeInfo, type WorkflowRegistry, workflowRecordLink } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useLang } from '../common/format.tsx';

export const workflowField = (name: string) => `pv.workflow.field.${name}`;

const STATUS_COLOR = { draft: 'default', published: 'success', disabled: 'warning' } as const;

export const DefinitionStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'} label={WorkflowDefinitionStatus.label(status, lang)} data-testid="workflow-status" />;
};

const EMPTY: WorkflowRegistry = { record_types: [], events: [] };

/**
 * The record types and events as the server's modules declare them (GET workflow/registry: labels
 * in both languages, fields, actions, who may not act). Read once per session; empty until it arrives.
 */
export const useWorkflowRegistry = (): WorkflowRegistry => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const { data } = useQuery({ queryKey: ['workflow', 'registry'], staleTime: Infinity, gcTime: Infinity, queryFn: () => dataProvider.read<WorkflowRegistry>('workflow', 'registry', {}).then((r) => r.data) });
  return data ?? EMPTY;
};

export const recordTypeOf = (reg: WorkflowRegistry, code: string | null | undefined): WorkflowRecordTypeInfo | undefined => reg.record_types.find((r) => r.code === code);
export const recordTypeLabel = (reg: WorkflowRegistry, code: string, lang: 'zh' | 'en') => recordTypeOf(reg, code)?.label[lang] ?? code;
export const eventLabel = (reg: WorkflowRegistry, event: string | null | undefined, lang: 'zh' | 'en') => (event ? (reg.events.find((e) => e.code === event)?.label[lang] ?? event) : '');
/** A record's page, or false when its type is unknown (a row without a link). */
export const recordLinkOf = (reg: WorkflowRegistry, code: string, id: number | string) => {
  const type = recordTypeOf(reg, code);
  return type ? workflowRecordLink(type, id) : false;
};
export const actionLabel = (type: WorkflowRecordTypeInfo | undefined, action: string, lang: 'zh' | 'en') => type?.actions.find((a) => a.code === action)?.label[lang] ?? action;

export const useWorkflowChoices = () => {
  const lang = useLang();
  const reg = useWorkflowRegistry();
  return {
    status: WorkflowDefinitionStatus.choices(lang),
    recordType: reg.record_types.map((d) => ({ id: d.code, name: d.label[lang] })),
    event: reg.events.map((d) => ({ id: d.code, name: d.label[lang], record: d.record })),
  };
};

/** What starts a process: a business event of its record type, or one of its actions that needs approval (with an optional condition). */
export interface Binding {
  trigger: 'manual' | 'event' | 'gate';
  event: string;
  gate_action: string;
  gate_condition: WorkflowGateCondition | null;
}

export const bindingOf = (d: { event?: string | null; gate_action?: string | null; gate_condition?: WorkflowGateCondition | null }): Binding => ({
  trigger: d.gate_action ? 'gate' : d.event ? 'event' : 'manual',
  event: d.event ?? '',
  gate_action: d.gate_action ?? '',
  gate_condition: d.gate_condition ?? null,
});

/** The API's fields for a binding (exactly one way of starting besides by hand). */
export const bindingBody = (b: Binding) => ({
  event: b.trigger === 'event' && b.event ? b.event : null,
  gate_action: b.trigger === 'gate' && b.gate_action ? b.gate_action : null,
  gate_condition: b.trigger === 'gate' && b.gate_action && b.gate_condition?.field ? b.gate_condition : null,
});

/** The binding in words: 事件：… / 需要审批：登记（金额 > 500） / 手动发起. */
export const bindingText = (reg: WorkflowRegistry, recordType: string, b: Binding, lang: 'zh' | 'en', translate: (k: string, o?: Record<string, unknown>) => string) => {
  if (b.trigger === 'event') return eventLabel(reg, b.event, lang);
  if (b.trigger !== 'gate') return translate('pv.workflow.no_event');
  const type = recordTypeOf(reg, recordType);
  const c = b.gate_condition;
  const field = c ? (conditionFields(type, b.gate_action).find((x) => x.name === c.field)?.label[lang] ?? c.field) : '';
  const cond = c ? `${field} ${WorkflowFieldOperator.label(c.operator, lang)} ${Array.isArray(c.value) ? c.value.join(',') : String(c.value ?? '')}`.trim() : '';
  return translate('pv.workflow.binding.gate_text', { action: actionLabel(type, b.gate_action, lang), condition: cond ? (lang === 'zh' ? `（${cond}）` : ` (${cond})`) : '' });
};

/** What a needs-approval condition may test: the action's facts and parameters, then the record's fields. */
const conditionFields = (type: WorkflowRecordTypeInfo | undefined, action: string) => {
  const a = type?.actions.find((x) => x.code === action);
  return [...(a?.facts ?? []), ...(a?.params ?? []), ...(type?.fields ?? [])];
};

/**
 * The binding's inputs: 触发方式 (by hand / a business event / an action that needs approval), the
 * event, or the action with its condition (field, operator, value).
 */
export const BindingFields = ({ recordType, value, onChange }: { recordType: string; value: Binding; onChange: (b: Binding) => void }) => {
  const translate = useTranslate();
  const lang = useLang();
  const reg = useWorkflowRegistry();
  const type = recordTypeOf(reg, recordType);
  const f = (k: string) => translate(`pv.workflow.binding.${k}`);
  const set = (patch: Partial<Binding>) => onChange({ ...value, ...patch });
  const cond = value.gate_condition;
  const fields = conditionFields(type, value.gate_action);
  return (
    <Stack spacing={2}>
      <TextField size="small" select label={f('trigger')} value={value.trigger} onChange={(e) => set({ trigger: e.target.value as Binding['trigger'] })} SelectProps={{ inputProps: { 'data-testid': 'wf-trigger' } }}>
        <MenuItem value="manual">{f('manual')}</MenuItem>
        <MenuItem value="event">{f('event')}</MenuItem>
        <MenuItem value="gate">{f('gate')}</MenuItem>
      </TextField>
      {value.trigger === 'event' && (
        <TextField size="small" select label={translate(workflowField('event'))} value={value.event} onChange={(e) => set({ event: e.target.value })} SelectProps={{ inputProps: { 'data-testid': 'wf-event' } }}>
          {reg.events
            .filter((e) => e.record === recordType)
            .map((e) => (
              <MenuItem key={e.code} value={e.code}>
                {e.label[lang]}
              </MenuItem>
            ))}
        </TextField>
      )}
      {value.trigger === 'gate' && (
        <>
          <TextField size="small" select label={f('gate_action')} value={value.gate_action} onChange={(e) => set({ gate_action: e.target.value, gate_condition: null })} helperText={f('gate_help')} SelectProps={{ inputProps: { 'data-testid': 'wf-gate-action' } }}>
            {(type?.actions ?? []).map((a) => (
              <MenuItem key={a.code} value={a.code}>
                {a.label[lang]}
              </MenuItem>
            ))}
          </TextField>
          {value.gate_action && (
            <Stack direction="row" spacing={1}>
              <TextField size="small" select label={f('condition_field')} value={cond?.field ?? ''} onChange={(e) => set({ gate_condition: e.target.value ? { field: e.target.value, operator: cond?.operator ?? 'gt', value: cond?.value ?? '' } : null })} sx={{ flex: 2 }} SelectProps={{ inputProps: { 'data-testid': 'wf-gate-field' } }}>
                <MenuItem value="">{f('always')}</MenuItem>
                {fields.map((x) => (
                  <MenuItem key={x.name} value={x.name}>
                    {x.label[lang]}
                  </MenuItem>
                ))}
              </TextField>
              {cond && (
                <>
                  <TextField size="small" select label={f('operator')} value={cond.operator} onChange={(e) => set({ gate_condition: { ...cond, operator: e.target.value as WorkflowGateCondition['operator'] } })} sx={{ flex: 1 }}>
                    {WorkflowFieldOperator.choices(lang).map((c) => (
                      <MenuItem key={c.id} value={c.id}>
                        {c.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField size="small" label={f('value')} value={String(cond.value ?? '')} onChange={(e) => set({ gate_condition: { ...cond, value: e.target.value === '' || Number.isNaN(Number(e.target.value)) ? e.target.value : Number(e.target.value) } })} sx={{ flex: 1 }} inputProps={{ 'data-testid': 'wf-gate-value' }} />
                </>
              )}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
};
