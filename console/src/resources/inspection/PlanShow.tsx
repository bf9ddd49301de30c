import { useState } from 'react';
import { Confirm, EditButton, Show, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Link, Stack } from '@mui/material';
import EnableIcon from '@mui/icons-material/PlayCircleOutline';
import DisableIcon from '@mui/icons-material/PauseCircleOutline';
import RunIcon from '@mui/icons-material/BoltOutlined';
import { ChecklistItemKind, OperationPlanKind, regionName, type OperationPlan } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, Value } from '../common/DetailPage.tsx';
import { HistoryPanel } from '../common/History.tsx';
import { DetailColumns, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { cleanScope } from './PlanForm.tsx';
import { PlanStatusChip, planField } from './common.tsx';
import { PLAN_API, PLAN_RESOURCE, inspectionsOf, rangeText } from './logic.ts';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

/** "每 3 个月" or the cron expression. */
export const Recurrence = ({ plan }: { plan: Pick<OperationPlan, 'every_months' | 'cron'> }) => {
  const translate = useTranslate();
  return <>{plan.every_months ? translate('pv.plan.months', { n: plan.every_months }) : <code>{plan.cron}</code>}</>;
};

/** The station set in words: regions, agents, capacity, dates, stations by their codes. */
const ScopeText = ({ plan }: { plan: OperationPlan }) => {
  const lang = useLang();
  const translate = useTranslate();
  const s = cleanScope(plan.scope as Record<string, unknown>);
  const parts: string[] = [];
  if (s.region_codes?.length) parts.push(`${translate(planField('region_codes'))}: ${s.region_codes.map((c) => regionName(c, lang) || c).join('、')}`);
  if (s.agent_ids?.length) parts.push(`${translate(planField('agent_ids'))}: ${s.agent_ids.map((id) => plan.agent_names?.[id] ?? `#${id}`).join('、')}`);
  if (s.capacity_min != null || s.capacity_max != null) parts.push(`${s.capacity_min ?? '0'}–${s.capacity_max ?? '∞'} kWp`);
  if (s.grid_after) parts.push(`${translate(planField('grid_after'))} ${s.grid_after}`);
  if (s.grid_before) parts.push(`${translate(planField('grid_before'))} ${s.grid_before}`);
  if (s.station_ids?.length) parts.push(`${translate(planField('station_ids'))}: ${s.station_ids.map((id) => plan.station_codes?.[id] ?? `#${id}`).join('、')}`);
  return <>{parts.length ? parts.join('；') : translate('pv.plan.none')}</>;
};

/** 启用 / 停用 / 立即生成, each with its permission; enabling first shows how many stations the plan covers. */
const PlanActions = ({ plan }: { plan: OperationPlan }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirm, setConfirm] = useState<null | { action: 'enable' | 'disable'; count?: number }>(null);
  const canEnable = useHasPermission('operation_plan:enable');
  const canDisable = useHasPermission('operation_plan:disable');
  const canRun = useHasPermission('operation_plan:run');
  const askEnable = async () => {
    const { data } = await dataProvider.act<{ stations: number }>(PLAN_API, 'preview', { scope: cleanScope(plan.scope as Record<string, unknown>) });
    setConfirm({ action: 'enable', count: data.stations });
  };
  const generate = async () => {
    try {
      const { data } = await dataProvider.act<{ created: number; period: string | null }>(PLAN_API, 'run', { id: plan.id });
      notify(data.period ? translate('pv.plan.notify.run', { count: data.created, period: data.period }) : 'pv.plan.notify.run_none', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      {canEnable && plan.status !== 'enabled' && <ActionButton label="pv.plan.action.enable" icon={<EnableIcon />} color="success" onClick={() => void askEnable()} />}
      {canDisable && plan.status === 'enabled' && <ActionButton label="pv.plan.action.disable" icon={<DisableIcon />} onClick={() => setConfirm({ action: 'disable' })} />}
      {canRun && plan.status === 'enabled' && <ActionButton label="pv.plan.action.run" icon={<RunIcon />} onClick={() => void generate()} />}
      {confirm && (
        <Confirm
          isOpen
          loading={busy}
          title={`pv.plan.confirm.${confirm.action}_title`}
          content={translate(`pv.plan.confirm.${confirm.action}`, { count: confirm.count ?? 0 })}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            const ok = await run(() => dataProvider.act(PLAN_API, confirm.action, { id: plan.id, version: plan.version }), confirm.action === 'enable' ? 'pv.plan.notify.enabled' : 'pv.plan.notify.disabled');
            if (ok) setConfirm(null);
          }}
        />
      )}
    </>
  );
};

const Body = () => {
  const record = useRecordContext<OperationPlan>();
  const lang = useLang();
  const translate = useTranslate();
  const { canAccess: editable } = useCanAccess({ resource: PLAN_RESOURCE, action: 'edit' });
  if (!record) return null;
  const time = (v: string | null) => (v ? formatDateTime(v, lang) : '-');
  return (
    <>
      <DetailHeader
        testId="plan-heading"
        title={record.name}
        subtitle={record.plan_no}
        chip={<PlanStatusChip status={record.status} />}
        actions={
          <>
            <PlanActions plan={record} />
            {editable && <EditButton />}
          </>
        }
      />
      <DetailColumns
        main={
          <>
            <Panel title="pv.plan.basic" testId="plan-basic">
              <FieldGrid>
                <Value label={planField('kind')}>{OperationPlanKind.label(record.kind, lang)}</Value>
                <Value label={planField('recurrence')}>
                  <Recurrence plan={record} />
                </Value>
                <Value label={planField('start_date')}>{`${record.start_date} ~ ${record.end_date ?? ''}`}</Value>
                <Value label={planField('deadline_days')}>{record.deadline_days}</Value>
                <Value label={planField('default_team_name')}>{record.default_team_name ?? '-'}</Value>
                <Value label={planField('next_period_at')}>{time(record.next_period_at)}</Value>
                <Value label={planField('last_period')}>{record.last_period ?? '-'}</Value>
                <Value label={planField('generated_count')}>
                  <Link component={RouterLink} to={inspectionsOf({ plan_id: record.id })} data-testid="plan-inspections-link">
                    {record.generated_count}
                  </Link>
                </Value>
                <Value label={planField('remark')}>{record.remark || '-'}</Value>
              </FieldGrid>
              <Box sx={{ mt: 2 }}>
                <Value label={planField('scope')}>
                  <ScopeText plan={record} />
                </Value>
              </Box>
            </Panel>
            <Panel title="pv.plan.checklist_title" testId="plan-checklist">
              <DataTable
                rows={record.checklist}
                rowKey={(i) => i.key}
                columns={[
                  { key: 'key', label: translate(planField('key')), nowrap: true, render: (i) => i.key, ...HIDE_FIRST },
                  { key: 'label', label: translate(planField('label')), render: (i) => i.label, ...MUST_SHOW },
                  { key: 'item_kind', label: translate(planField('item_kind')), nowrap: true, render: (i) => ChecklistItemKind.label(i.kind, lang), ...MUST_SHOW },
                  { key: 'unit', label: translate(planField('unit')), nowrap: true, render: (i) => i.unit ?? '' },
                  { key: 'range', label: translate(planField('range')), nowrap: true, render: (i) => rangeText(i) },
                  {
                    key: 'flags',
                    label: translate(planField('item_flags')),
                    ...MUST_SHOW,
                    render: (i) => (
                      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                        {i.required !== false && <Chip size="small" label={translate(planField('required'))} />}
                        {i.photo_required && <Chip size="small" label={translate(planField('photo_required'))} />}
                        {i.auto_maintenance && <Chip size="small" color="warning" variant="outlined" label={translate(planField('auto_maintenance'))} />}
                      </Stack>
                    ),
                  },
                ]}
              />
            </Panel>
            {record.assignment.length > 0 && (
              <Panel title="pv.plan.assignment_title">
                <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                  {record.assignment.map((r) => (
                    <Chip key={r.region_code} variant="outlined" label={`${regionName(r.region_code, lang) || r.region_code} → ${record.team_names?.[r.team_id] ?? `#${r.team_id}`}`} />
                  ))}
                </Stack>
              </Panel>
            )}
            <Button component={RouterLink} to={inspectionsOf({ plan_id: record.id })} size="small">
              {translate('pv.plan.open_inspections')}
            </Button>
          </>
        }
        side={<HistoryPanel api={PLAN_API} fieldLabel={planField} hidden={['created_by', 'agent_id', 'plan_no', 'version', 'updated_at']} actionLabel={(a) => translate(`pv.plan.history_action.${a}`, { _: a })} />}
      />
    </>
  );
};

/** 运维计划详情 (#/operation/operationPlan/N/show): the plan, its checklist and assignment, its actions and change history. */
const PlanShow = () => (
  <Show actions={false} component="div">
    <Body />
  </Show>
);
export default PlanShow;
