import { Suspense, lazy, useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { WorkflowInstanceState, WorkflowNodeKind, WorkflowOutcome, WorkflowResult, type WorkflowGraph } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useHasPermission } from '../common/actions.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { Panel } from '../common/layout.tsx';
import { downloadFile } from '../customer/excel/download.ts';
import { TaskButtons } from './Tasks.tsx';

const InstanceDiagram = lazy(() => import('./InstanceDiagram.tsx'));

interface InstanceDetail {
  id: number;
  version: number;
  name: string;
  key: string;
  state: string;
  result: string | null;
  current_node: string | null;
  version_no: number;
  error: string | null;
  /** manual | event | request: a gated action's request waits for this process's approval */
  trigger: string;
  request_text: string | null;
  started_by_name: string | null;
  graph: WorkflowGraph;
  tasks: Array<{ id: number; node_id: string; node_kind: 'user' | 'click' | 'time'; node_name: string | null; state: string; assignees: number[]; assignee_names: string[]; due_at: string | null; wake_at: string | null }>;
  documents: Array<{ id: number; name: string; size: number; content_type?: string }>;
  history: Array<{ id: number; action: string; node_id: string | null; node_kind: string | null; user_name: string | null; comment: string | null; data: HistoryData | null; created_at: string }>;
}

/** What the engine keeps beside a history line: a failure's message in both languages, a reassignment's new assignee. */
interface HistoryData {
  message?: Record<'zh' | 'en', string>;
  to_name?: string | null;
}

/** A history line's comment in the reader's language: a failure's reason, a reassignment's new assignee and reason. */
const historyNote = (h: InstanceDetail['history'][number], lang: 'zh' | 'en', translate: (k: string, o?: Record<string, unknown>) => string) => {
  const comment = h.action === 'fail' && h.data?.message ? h.data.message[lang] : h.comment;
  const to = h.action === 'reassign' && h.data?.to_name ? translate('pv.workflow.instance.reassigned_to', { who: h.data.to_name }) : '';
  return [to, comment].filter(Boolean).join(lang === 'zh' ? '，' : ', ');
};

const STATE_COLOR = { running: 'info', completed: 'success', cancelled: 'default', failed: 'error' } as const;
const actionLabel = (a: string, lang: 'zh' | 'en', translate: (k: string, o?: Record<string, unknown>) => string) =>
  a in WorkflowOutcome.labels ? WorkflowOutcome.label(a, lang) : translate(`pv.workflow.history.${a}`, { _: a });

/** 取消 (with a reason) and 重试 (a failed step) by permission; the server checks the state and the version read. */
const InstanceActions = ({ instance, onDone }: { instance: Pick<InstanceDetail, 'id' | 'version' | 'state'>; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PvDataProvider>();
  const mayCancel = useHasPermission('workflow_instance:cancel');
  const mayRetry = useHasPermission('workflow_instance:retry');
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const act = async (op: 'cancel' | 'retry', body: Record<string, unknown>) => {
    try {
      await dataProvider.act('workflow_instance', op, { id: instance.id, version: instance.version, ...body });
      notify(`pv.workflow.instance.${op}_done`, { type: 'success' });
      setAsking(false);
      setReason('');
      onDone();
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };
  const live = instance.state === 'running' || instance.state === 'failed';
  return (
    <>
      {mayRetry && instance.state === 'failed' && (
        <Button size="small" onClick={() => void act('retry', {})} data-testid="wf-retry">
          {translate('pv.workflow.instance.retry')}
        </Button>
      )}
      {mayCancel && live && (
        <Button size="small" color="error" onClick={() => setAsking(true)} data-testid="wf-cancel">
          {translate('pv.workflow.instance.cancel')}
        </Button>
      )}
      {asking && (
        <Dialog open onClose={() => setAsking(false)} maxWidth="xs" fullWidth>
          <DialogTitle>{translate('pv.workflow.instance.cancel')}</DialogTitle>
          <DialogContent>
            <TextField autoFocus fullWidth required multiline minRows={2} sx={{ mt: 1 }} label={translate('pv.workflow.instance.reason')} value={reason} onChange={(e) => setReason(e.target.value)} inputProps={{ maxLength: 500, 'data-testid': 'wf-cancel-reason' }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" color="error" disabled={!reason.trim()} onClick={() => void act('cancel', { reason: reason.trim() })} data-testid="wf-cancel-confirm">
              {translate('ra.action.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};

interface UserOption {
  id: number;
  username: string;
  full_name: string | null;
}

/** 转办: the open task to another active user (searched by name); needs workflow_instance:reassign (and user:index to search). */
const ReassignButton = ({ taskId, onDone }: { taskId: number; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PvDataProvider>();
  const mayReassign = useHasPermission('workflow_instance:reassign');
  const maySearch = useHasPermission('user:index');
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [user, setUser] = useState<UserOption | null>(null);
  const [reason, setReason] = useState('');
  const options = useQuery({
    queryKey: ['user', 'pick', q],
    enabled: open && maySearch,
    queryFn: () => dataProvider.read<{ list: UserOption[] }>('user', 'index', { q, status: 'enabled', limit: 20 }).then((r) => r.data.list),
  });
  if (!mayReassign || !maySearch) return null;
  const submit = async () => {
    if (!user) return;
    try {
      await dataProvider.act('workflow_instance', 'reassign', { task_id: taskId, user_id: user.id, ...(reason.trim() ? { comment: reason.trim() } : {}) });
      notify('pv.workflow.instance.reassign_done', { type: 'success' });
      setOpen(false);
      setUser(null);
      setReason('');
      onDone();
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="wf-reassign">
        {translate('pv.workflow.instance.reassign')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
          <DialogTitle>{translate('pv.workflow.instance.reassign')}</DialogTitle>
          <DialogContent>
            <Autocomplete
              sx={{ mt: 1 }}
              options={options.data ?? []}
              value={user}
              onChange={(_e, v) => setUser(v)}
              onInputChange={(_e, v) => setQ(v)}
              filterOptions={(x) => x}
              getOptionLabel={(o) => `${o.full_name || o.username} (${o.username})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => <TextField {...params} label={translate('pv.workflow.instance.to_user')} inputProps={{ ...params.inputProps, 'data-testid': 'wf-reassign-user' }} />}
            />
            <TextField fullWidth multiline minRows={2} sx={{ mt: 2 }} label={translate('pv.workflow.instance.reassign_reason')} value={reason} onChange={(e) => setReason(e.target.value)} inputProps={{ maxLength: 500, 'data-testid': 'wf-reassign-reason' }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" disabled={!user} onClick={() => void submit()} data-testid="wf-reassign-confirm">
              {translate('ra.action.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};

/**
 * 流程 on a record's page: its latest instance on the diagram (the current node highlighted), the
 * open task's buttons for its assignee, the documents, the history beside it; 发起流程 for a
 * published process of the record type.
 */
export const WorkflowInstancePanel = ({ recordType, recordId }: { recordType: string; recordId: number }) => {
  const translate = useTranslate();
  const lang = useLang();
  const notify = useNotify();
  const dataProvider = useDataProvider<PvDataProvider>();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const mayList = useHasPermission('workflow_instance:index');
  const mayStart = useHasPermission('workflow_instance:start');
  const mayDefs = useHasPermission('workflow:index');
  const [key, setKey] = useState('');
  const list = useQuery({
    queryKey: ['workflow_instance', 'of', recordType, recordId],
    enabled: mayList,
    queryFn: () => dataProvider.read<{ list: Array<{ id: number }> }>('workflow_instance', 'index', { record_type: recordType, record_id: recordId, sort: 'id', order: 'DESC', limit: 5 }).then((r) => r.data.list),
  });
  const latest = list.data?.[0]?.id;
  const detail = useQuery({ queryKey: ['workflow_instance', 'detail', latest], enabled: !!latest, queryFn: () => dataProvider.read<InstanceDetail>('workflow_instance', 'get_info', { id: latest }).then((r) => r.data) });
  const defs = useQuery({
    queryKey: ['workflow', 'published', recordType],
    enabled: mayStart && mayDefs,
    queryFn: () => dataProvider.read<{ list: Array<{ key: string; name: string }> }>('workflow', 'index', { record_type: recordType, status: 'published', limit: 100 }).then((r) => r.data.list),
  });
  // a step can change the record itself (an end node's write-back: status, timeline, history, its own buttons): the page's queries are read again, not only the panel's
  const refresh = () => void queryClient.invalidateQueries();
  if (!mayList) return null;
  const start = async () => {
    try {
      await dataProvider.act('workflow_instance', 'start', { key, record_id: recordId });
      notify('pv.workflow.instance.started', { type: 'success' });
      setKey('');
      refresh();
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };
  // a download node's document: a PDF or an xlsx workbook
  const download = async (doc: { id: number; name: string }) => {
    try {
      await downloadFile('workflow_instance', 'document', { id: doc.id }, doc.name, undefined, ['application/pdf', 'spreadsheetml']);
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };
  const d = detail.data;
  const myId = identity?.id != null ? Number(identity.id) : null;
  const open = d?.state === 'running' ? d.tasks.find((x) => x.state === 'open' && x.node_kind !== 'time') : undefined;
  const timer = d?.state === 'running' ? d.tasks.find((x) => x.state === 'open' && x.node_kind === 'time') : undefined;
  const failedAt = d?.state === 'failed' && d.current_node ? (d.graph.nodes.find((n) => n.id === d.current_node)?.name ?? d.current_node) : null;
  return (
    <Panel
      title="pv.workflow.instance.title"
      testId="workflow-instance"
      actions={
        mayStart && defs.data?.length ? (
          <Stack direction="row" spacing={1}>
            <TextField size="small" select value={key} onChange={(e) => setKey(e.target.value)} sx={{ minWidth: 180 }} label={translate('pv.workflow.instance.process')} SelectProps={{ inputProps: { 'data-testid': 'wf-start-key' } }}>
              {defs.data.map((x) => (
                <MenuItem key={x.key} value={x.key}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
            <Button size="small" variant="outlined" disabled={!key} onClick={() => void start()} data-testid="wf-start" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {translate('pv.workflow.instance.start')}
            </Button>
          </Stack>
        ) : undefined
      }
    >
      {!d ? (
        <Typography variant="body2" color="text.secondary">
          {translate('pv.workflow.instance.none')}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
            <Typography variant="subtitle2">
              {d.name} · {translate('pv.workflow.version_n', { n: d.version_no })}
            </Typography>
            <Chip size="small" color={STATE_COLOR[d.state as keyof typeof STATE_COLOR] ?? 'default'} label={WorkflowInstanceState.label(d.state, lang)} data-testid="wf-instance-state" />
            {d.result && <Chip size="small" variant="outlined" label={WorkflowResult.label(d.result, lang)} data-testid="wf-instance-result" />}
            <Box sx={{ flex: 1 }} />
            <InstanceActions instance={d} onDone={refresh} />
          </Stack>
          {d.trigger === 'request' && d.request_text && (
            <Alert severity={d.state === 'running' || d.state === 'failed' ? 'warning' : 'info'} data-testid="wf-request">
              {translate(d.state === 'running' || d.state === 'failed' ? 'pv.workflow.instance.request_pending' : 'pv.workflow.instance.request_done', { request: d.request_text, who: d.started_by_name ?? '-' })}
            </Alert>
          )}
          {d.error && d.state === 'failed' && (
            <Alert severity="error" data-testid="wf-instance-error">
              {failedAt && <strong>
                  {translate('pv.workflow.instance.failed_at', { node: failedAt })}
                  {lang === 'zh' ? '：' : ': '}
                </strong>}
              {d.error}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 2 }}>
            <Suspense fallback={<Box sx={{ height: 320 }} />}>
              <InstanceDiagram graph={d.graph} current={d.state === 'running' || d.state === 'failed' ? d.current_node : null} done={new Set(d.history.map((h) => h.node_id ?? ''))} failed={d.state === 'failed'} />
            </Suspense>
            <Box>
              {open && (
                <Box sx={{ mb: 1.5 }}>
                  <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="wf-waiting">
                    {translate('pv.workflow.instance.waiting', { node: open.node_name ?? open.node_id, who: open.assignee_names.join('、') })}
                    {open.due_at && (
                      <Typography component="span" variant="caption" color={new Date(open.due_at) < new Date() ? 'error' : 'text.secondary'} sx={{ display: 'block' }} data-testid="wf-due">
                        {translate('pv.workflow.instance.due', { at: formatDateTime(open.due_at, lang) })}
                        {new Date(open.due_at) < new Date() ? ` · ${translate('pv.workflow.instance.overdue')}` : ''}
                      </Typography>
                    )}
                  </Typography>
                  <ReassignButton taskId={open.id} onDone={refresh} />
                  {myId != null && open.assignees.includes(myId) && <TaskButtons task={{ id: open.id, node_kind: open.node_kind as 'user' | 'click', button: (d.graph.nodes.find((n) => n.id === open.node_id)?.data as { button?: string } | undefined)?.button ?? null }} onDone={refresh} />}
                </Box>
              )}
              {timer?.wake_at && (
                <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="wf-timer">
                  {translate('pv.workflow.instance.timer', { node: timer.node_name ?? timer.node_id, at: formatDateTime(timer.wake_at, lang) })}
                  {new Date(timer.wake_at) <= new Date() && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {translate('pv.workflow.instance.timer_due')}
                    </Typography>
                  )}
                </Typography>
              )}
              {d.documents.map((doc) => (
                <Link key={doc.id} component="button" variant="body2" onClick={() => void download(doc)} sx={{ display: 'block', mb: 0.5 }} data-testid={`wf-doc-${doc.id}`} data-type={doc.content_type === 'application/pdf' ? 'pdf' : 'xlsx'}>
                  ⤓ {doc.name}
                </Link>
              ))}
              <List dense disablePadding data-testid="wf-history">
                {d.history.map((h) => (
                  <ListItem key={h.id} disableGutters>
                    <ListItemText
                      primary={`${actionLabel(h.action, lang, translate)}${h.node_kind ? ` · ${d.graph.nodes.find((n) => n.id === h.node_id)?.name ?? WorkflowNodeKind.label(h.node_kind, lang)}` : ''}${h.user_name ? ` · ${h.user_name}` : ''}`}
                      secondary={`${formatDateTime(h.created_at, lang)}${historyNote(h, lang, translate) ? ` — ${historyNote(h, lang, translate)}` : ''}`}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          </Box>
        </Stack>
      )}
    </Panel>
  );
};

/** The panel for the record of the surrounding record context (detail pages built on RecordDetailPage). */
export const RecordWorkflowPanel = ({ recordType }: { recordType: string }) => {
  const record = useRecordContext();
  return record ? <WorkflowInstancePanel recordType={recordType} recordId={Number(record.id)} /> : null;
};
