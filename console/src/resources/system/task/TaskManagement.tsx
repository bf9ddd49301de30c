import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Drawer, FormControlLabel, IconButton, MenuItem, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { cronProblem, upcomingCronTimes, type TaskRecord } from '@pv/contract';
import { useCan } from '../menu/api.ts';
import { ActionIcon, ConfirmDelete, LoadState, useRunAction } from '../menu/ui.tsx';
import { TASKS_KEY, formatDuration, formatResult, formatTime, taskApi, useJobs, useRuns, useTasks } from './api.ts';
import { DataTable } from '../../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../../common/columns.ts';

const StatusChip = ({ status }: { status: string | null }) => {
  const translate = useTranslate();
  if (!status) return <>—</>;
  const color = status === 'success' ? 'success' : status === 'failed' ? 'error' : status === 'interrupted' ? 'warning' : 'info';
  return <Chip size="small" color={color} label={translate(`pv.task.status.${status}`)} data-testid="task-status" />;
};

/** The cron field's message in the UI language, or the next run times when the expression is good. */
function useCronHelp(cron: string) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(() => {
    const problem = cronProblem(cron);
    if (problem) {
      const field = problem.params.field ? translate(`pv.msg.cron.field.${problem.params.field}`) : '';
      return { error: true, text: translate(`pv.msg.${problem.key}`, { ...problem.params, field }) };
    }
    const times = upcomingCronTimes(cron, 3).map((d) => formatTime(d.toISOString(), locale));
    return { error: false, text: translate('pv.task.next_times', { times: times.join('，') }) };
  }, [cron, translate, locale]);
}

type DialogState = { kind: 'create' } | { kind: 'edit'; task: TaskRecord };

const TaskDialog = ({ state, existing, onClose, onSaved }: { state: DialogState; existing: string[]; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const jobs = useJobs(state.kind === 'create');
  const task = state.kind === 'edit' ? state.task : null;
  const [values, setValues] = useState({ code: '', name: task?.name ?? '', description: task?.description ?? '', cron: task?.cron ?? '', enabled: task?.enabled ?? true });
  const [error, setError] = useState<string | null>(null);
  const help = useCronHelp(values.cron);
  const free = (jobs.data ?? []).filter((j) => !existing.includes(j.code));
  const set = (k: keyof typeof values, v: unknown) => setValues((prev) => ({ ...prev, [k]: v }));
  const submit = async () => {
    setError(null);
    try {
      if (task) await taskApi.edit({ id: task.id, version: task.version, name: values.name, description: values.description, cron: values.cron, enabled: values.enabled });
      else await taskApi.add(values);
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{task ? translate('pv.task.edit_title', { name: task.name }) : translate('pv.task.create_title')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Stack spacing={2}>
          {!task && (
            <TextField
              select
              size="small"
              label={translate('pv.task.field.code')}
              value={values.code}
              helperText={jobs.data && free.length === 0 ? translate('pv.task.all_added') : ' '}
              onChange={(e) => {
                const job = free.find((j) => j.code === e.target.value);
                setValues((v) => ({ ...v, code: e.target.value, name: job?.name ?? v.name, description: job?.description ?? v.description, cron: job?.cron ?? v.cron }));
              }}
            >
              {free.map((j) => (
                <MenuItem key={j.code} value={j.code}>
                  {j.name} ({j.code})
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField size="small" required label={translate('pv.task.field.name')} value={values.name} onChange={(e) => set('name', e.target.value)} />
          <TextField size="small" multiline minRows={2} label={translate('pv.task.field.description')} value={values.description} onChange={(e) => set('description', e.target.value)} />
          <TextField
            size="small"
            required
            label={translate('pv.task.field.cron')}
            value={values.cron}
            onChange={(e) => set('cron', e.target.value)}
            error={help.error && values.cron !== ''}
            helperText={values.cron === '' ? ' ' : help.text}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
          />
          <Alert severity="info" icon={false} sx={{ fontSize: 13 }}>
            {translate('pv.task.cron_help')}
          </Alert>
          <FormControlLabel control={<Switch checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} />} label={translate('pv.task.field.enabled')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pv.task.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {translate('pv.task.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const RunsDrawer = ({ task, onClose }: { task: TaskRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending } = useRuns(task.id);
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 820 } } } }}>
      <Stack direction="row" sx={{ p: 2, alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {translate('pv.task.history_title', { name: task.label ?? task.name })}
        </Typography>
        <IconButton onClick={onClose} aria-label={translate('pv.task.cancel')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {isPending ? (
        <CircularProgress sx={{ m: 2 }} />
      ) : !data?.list.length ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate('pv.task.no_runs')}
        </Typography>
      ) : (
        <Table size="small" data-testid="task-runs">
          <TableHead>
            <TableRow>
              {['started_at', 'trigger', 'triggered_by', 'last_status', 'duration', 'last_result'].map((k) => (
                <TableCell key={k} sx={{ whiteSpace: 'nowrap' }}>
                  {translate(`pv.task.col.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((r) => (
              <TableRow key={r.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(r.started_at, locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`pv.task.trigger.${r.trigger}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.triggered_by_name ?? '—'}</TableCell>
                <TableCell>
                  <StatusChip status={r.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(r.duration_ms)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', minWidth: 240 }}>{formatResult(r.result, translate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Drawer>
  );
};

/** 任务管理: the scheduled jobs with their cron, switch, next/last run and result; run now, history, edit. */
const TaskManagement = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const { data: tasks = [], isPending, error } = useTasks();
  const can = { add: useCan('task:add'), edit: useCan('task:edit'), del: useCan('task:del'), quick: useCan('task:update_field'), run: useCan('task:run'), info: useCan('task:get_info') };
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [history, setHistory] = useState<TaskRecord | null>(null);
  const [deleting, setDeleting] = useState<TaskRecord | null>(null);
  const [running, setRunning] = useState<Set<number>>(new Set());
  const reload = () => queryClient.invalidateQueries({ queryKey: TASKS_KEY });

  const act = useRunAction(reload);
  const runNow = async (task: TaskRecord) => {
    setRunning((s) => new Set(s).add(task.id));
    try {
      const { data } = await taskApi.run(task.id);
      notify(translate('pv.task.ran', { name: task.label ?? task.name, status: translate(`pv.task.status.${data.run.status}`) }), { type: data.run.status === 'success' ? 'success' : 'warning' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
    setRunning((s) => {
      const next = new Set(s);
      next.delete(task.id);
      return next;
    });
    await reload();
    await queryClient.invalidateQueries({ queryKey: ['tasks', 'runs', task.id] });
  };

  const col = (k: string) => translate(`pv.task.col.${k}`);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="pv.route.taskManagement" />
      {can.add && (
        <Stack direction="row" sx={{ mb: 1 }}>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            {translate('pv.task.add')}
          </Button>
        </Stack>
      )}
      <Card>
        <LoadState isPending={isPending} error={error}>
          <DataTable
            testId="task-table"
            rows={tasks}
            rowKey={(t) => t.id}
            rowAttrs={(t) => ({ 'data-testid': `task-row-${t.code}` })}
            sx={{ '& .MuiTableCell-root': { px: 1 } }}
            columns={[
              {
                key: 'name',
                label: col('name'),
                ...MUST_SHOW,
                render: (task) => (
                  <Tooltip title={task.description_label ?? task.description}>
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {task.label ?? task.name}
                      </Typography>
                      <Typography variant="caption" color={task.known ? 'text.secondary' : 'error'} sx={{ fontFamily: 'monospace' }}>
                        {task.known ? task.code : `${task.code} · ${translate('pv.task.unknown_job')}`}
                      </Typography>
                    </Box>
                  </Tooltip>
                ),
              },
              { key: 'cron', label: col('cron'), nowrap: true, sx: { fontFamily: 'monospace' }, render: (task) => task.cron },
              {
                key: 'enabled',
                label: col('enabled'),
                ...MUST_SHOW,
                render: (task) => (
                  <Switch
                    size="small"
                    checked={task.enabled}
                    disabled={!can.quick}
                    slotProps={{ input: { 'aria-label': `${col('enabled')} ${task.code}` } }}
                    onChange={(e) => void act(() => taskApi.updateField(task.id, 'enabled', e.target.checked), 'pv.task.saved')}
                  />
                ),
              },
              { key: 'next_run_at', label: col('next_run_at'), nowrap: true, render: (task) => (task.enabled ? formatTime(task.next_run_at, locale) : '—') },
              { key: 'last_run_at', label: col('last_run_at'), nowrap: true, render: (task) => formatTime(task.last_run_at, locale), ...HIDE_FIRST },
              { key: 'last_status', label: col('last_status'), nowrap: true, render: (task) => <StatusChip status={task.last_status} />, ...MUST_SHOW },
              { key: 'last_result', label: col('last_result'), testId: 'task-result', sx: { minWidth: 200, maxWidth: 300, wordBreak: 'break-word', fontSize: 13 }, render: (task) => formatResult(task.last_result, translate), ...MUST_SHOW },
              { key: 'duration', label: col('duration'), nowrap: true, render: (task) => formatDuration(task.last_duration_ms), ...HIDE_FIRST },
              {
                key: 'actions',
                label: col('actions'),
                nowrap: true,
                ...MUST_SHOW,
                render: (task) => (
                  <>
                    {can.run && (
                      <Button
                        size="small"
                        startIcon={running.has(task.id) ? <CircularProgress size={14} /> : <PlayArrowIcon />}
                        disabled={running.has(task.id)}
                        onClick={() => void runNow(task)}
                        aria-label={`${translate('pv.task.run_now')} ${task.code}`}
                      >
                        {translate(running.has(task.id) ? 'pv.task.running' : 'pv.task.run_now')}
                      </Button>
                    )}
                    <ActionIcon show={can.info} label={translate('pv.task.history')} subject={task.code} onClick={() => setHistory(task)}>
                      <HistoryIcon fontSize="small" />
                    </ActionIcon>
                    <ActionIcon show={can.edit} label={translate('ra.action.edit')} subject={task.code} onClick={() => setDialog({ kind: 'edit', task })}>
                      <EditIcon fontSize="small" />
                    </ActionIcon>
                    <ActionIcon show={can.del} label={translate('ra.action.delete')} subject={task.code} color="error" onClick={() => setDeleting(task)}>
                      <DeleteIcon fontSize="small" />
                    </ActionIcon>
                  </>
                ),
              },
            ]}
          />
        </LoadState>
      </Card>
      {dialog && (
        <TaskDialog
          state={dialog}
          existing={tasks.map((t) => t.code)}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify('pv.task.saved', { type: 'success' });
            void reload();
          }}
        />
      )}
      {history && <RunsDrawer task={history} onClose={() => setHistory(null)} />}
      {deleting && (
        <ConfirmDelete
          text={translate('pv.task.delete_confirm', { name: deleting.name })}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const task = deleting;
            setDeleting(null);
            void act(() => taskApi.del(task.id), 'pv.task.deleted');
          }}
        />
      )}
    </Box>
  );
};

export default TaskManagement;
