import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField, Typography } from '@mui/material';
import type { WorkflowOutcomeValue } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { formatDateTime, useLang } from '../common/format.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';
import { VisuallyHidden } from '../common/layout.tsx';

export interface OpenTask {
  id: number;
  instance_id: number;
  node_id: string;
  node_kind: 'user' | 'click';
  node_name: string | null;
  button: string | null;
  name: string;
  record_label: string | null;
  record_link: string;
  started_by_name: string | null;
  created_at: string;
  due_at: string | null;
}

export const TASKS_KEY = ['workflow_task', 'index'];

/**
 * The buttons of one open task: 同意 / 驳回 / 退回 for a user task (a comment asked first), the
 * node's named button for a click task. The server checks the assignee and the task's state.
 */
export const TaskButtons = ({ task, onDone }: { task: Pick<OpenTask, 'id' | 'node_kind' | 'button'>; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PvDataProvider>();
  const [outcome, setOutcome] = useState<WorkflowOutcomeValue | 'click' | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const complete = async () => {
    setBusy(true);
    try {
      await dataProvider.act('workflow_instance', 'complete', { task_id: task.id, ...(outcome && outcome !== 'click' ? { outcome } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) });
      notify('pv.workflow.task.done', { type: 'success' });
      setOutcome(null);
      setComment('');
      onDone();
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  const label = (o: WorkflowOutcomeValue | 'click') => (o === 'click' ? (task.button ?? translate('pv.workflow.task.confirm')) : translate(`pv.workflow.task.${o}`));
  return (
    <>
      <Stack direction="row" spacing={0.5}>
        {task.node_kind === 'click' ? (
          <Button size="small" variant="contained" onClick={() => setOutcome('click')} data-testid={`task-${task.id}-click`}>
            {label('click')}
          </Button>
        ) : (
          (['approve', 'reject', 'return'] as const).map((o) => (
            <Button key={o} size="small" variant={o === 'approve' ? 'contained' : 'outlined'} color={o === 'reject' ? 'error' : o === 'approve' ? 'success' : 'primary'} onClick={() => setOutcome(o)} data-testid={`task-${task.id}-${o}`}>
              {label(o)}
            </Button>
          ))
        )}
      </Stack>
      {outcome && (
        <Dialog open onClose={() => setOutcome(null)} maxWidth="xs" fullWidth>
          <DialogTitle>{label(outcome)}</DialogTitle>
          <DialogContent>
            <TextField autoFocus fullWidth multiline minRows={2} sx={{ mt: 1 }} label={translate('pv.workflow.task.comment')} value={comment} onChange={(e) => setComment(e.target.value)} inputProps={{ 'data-testid': 'task-comment', maxLength: 500 }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOutcome(null)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" onClick={() => void complete()} disabled={busy} data-testid="task-confirm">
              {translate('ra.action.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};

/** 我的待办 on the workbench: the signed-in user's open tasks of every process, handled in place. */
export const MyWorkflowTasks = () => {
  const translate = useTranslate();
  const lang = useLang();
  const dataProvider = useDataProvider<PvDataProvider>();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: TASKS_KEY, queryFn: () => dataProvider.read<{ list: OpenTask[]; total: number }>('workflow_task', 'index', { limit: 50 }).then((r) => r.data) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['workflow_task'] });
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="workflow-tasks">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('pv.workflow.task.title')} {data ? `(${data.total})` : ''}
        </Typography>
        {data && data.list.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('pv.workflow.task.empty')}
          </Typography>
        ) : (
          <DataTable
            rows={data?.list ?? []}
            rowKey={(task) => task.id}
            rowAttrs={(task) => ({ 'data-testid': `task-row-${task.id}` })}
            columns={[
              { key: 'process', label: translate('pv.workflow.task.process'), render: (task) => task.name, ...MUST_SHOW },
              {
                key: 'record',
                label: translate('pv.workflow.task.record'),
                ...MUST_SHOW,
                render: (task) => (
                  <Link component={RouterLink} to={task.record_link}>
                    {task.record_label}
                  </Link>
                ),
              },
              { key: 'node', label: translate('pv.workflow.task.node'), render: (task) => task.node_name },
              { key: 'started_by', label: translate('pv.workflow.task.started_by'), render: (task) => task.started_by_name ?? '-', ...HIDE_FIRST },
              {
                key: 'since',
                label: translate('pv.workflow.task.since'),
                nowrap: true,
                render: (task) => (
                  <>
                    {formatDateTime(task.created_at, lang)}
                    {task.due_at && (
                      <Typography variant="caption" color={new Date(task.due_at) < new Date() ? 'error' : 'text.secondary'} sx={{ display: 'block' }}>
                        {translate('pv.workflow.task.due', { at: formatDateTime(task.due_at, lang) })}
                      </Typography>
                    )}
                  </>
                ),
              },
              { key: 'actions', label: <VisuallyHidden>{translate('pv.table.actions')}</VisuallyHidden>, align: 'right', ...MUST_SHOW, render: (task) => <TaskButtons task={task} onDone={refresh} /> },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
};
