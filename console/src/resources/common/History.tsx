import { Fragment, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Box, Chip, Divider, Link, Stack, Typography } from '@mui/material';
import { FIELD_DISPLAY, RECORD_LINKS, displayValue, refKindOf, type FieldDisplay, type RefNames, type TimelineEntry } from '@pv/contract';
import type { HistoryEntry, PvDataProvider } from '../../providers/dataProvider.ts';
import { EmptyNote, Panel } from './layout.tsx';
import { formatDateTime, type Labels, useLang } from './format.tsx';

/** Fields never worth listing as a change. */
const HIDDEN = new Set(['id', 'version', 'created_at', 'updated_at', 'created_by', 'status_at']);

/**
 * A side list of the shown record (history, timeline, follow-ups…), fetched once the record is
 * there and refetched with the page's refresh (react-query key under the API resource).
 */
export function useRecordSideList<T>(api: string, name: string, fetch: (dataProvider: PvDataProvider, id: string | number) => Promise<T[]>) {
  const { data = [], isPending } = useRecordSideQuery(api, name, fetch);
  return { data, isPending };
}

/** The same for any answer (the history: its entries and the names they point at). */
function useRecordSideQuery<T>(api: string, name: string, fetch: (dataProvider: PvDataProvider, id: string | number) => Promise<T>) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({
    queryKey: [api, name, record?.id],
    queryFn: () => fetch(dataProvider, record!.id),
    enabled: record?.id !== undefined,
  });
}

export interface HistoryOptions {
  /** API resource (GET <api>/history); its fields' kinds are FIELD_DISPLAY[api] of the contract */
  api: string;
  /** i18n key of a field's label — the form's: name → key (the entry's action too: an upload's `name` is the file's, not the record's) */
  fieldLabel: (name: string, action?: string) => string;
  /** more fields to leave out (joined names, derived columns) */
  hidden?: readonly string[];
}

/** A logged value as a person reads it, by the field's kind (the contract's displayValue); ∅ when empty. */
const shown = (key: string, v: unknown, row: Record<string, unknown>, lang: 'zh' | 'en', display: FieldDisplay | undefined, refs: RefNames) => displayValue(key, v, lang, { display, refs, row }) ?? '∅';

/** A value that names a record with a page of its own links to it. */
const Shown = ({ field, value, row, display, refs }: { field: string; value: unknown; row: Record<string, unknown>; display: FieldDisplay | undefined; refs: RefNames }) => {
  const lang = useLang();
  const text = shown(field, value, row, lang, display, refs);
  const kind = value === null || value === undefined || value === '' ? null : refKindOf(field, row, display);
  const link = kind ? RECORD_LINKS[kind] : undefined;
  return link ? (
    <Link component={RouterLink} to={link(String(value))} underline="hover">
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
};

const Changes = ({ entry, options, refs }: { entry: HistoryEntry; options: HistoryOptions; refs: RefNames }) => {
  const translate = useTranslate();
  const lang = useLang();
  if (entry.action === 'add') return null;
  const display = FIELD_DISPLAY[options.api];
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const hidden = new Set([...HIDDEN, ...(options.hidden ?? [])]);
  const keys = Object.keys(after).filter((k) => !hidden.has(k) && shown(k, before[k], before, lang, display, refs) !== shown(k, after[k], after, lang, display, refs));
  if (keys.length === 0) return null;
  // "处理人: ∅ → 孙师傅": the catalogue's sentence with the label and both values put in (the values may be links)
  const [head, middle, tail, end] = translate('pv.history.changed', { field: '\ue000', before: '\ue001', after: '\ue002' }).split(/[\ue000-\ue002]/);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {keys.slice(0, 12).map((k) => (
        <Typography component="li" variant="caption" key={k} sx={{ display: 'list-item' }}>
          <Fragment>
            {head}
            {translate(options.fieldLabel(k, entry.action), { _: k })}
            {middle}
            <Shown field={k} value={before[k]} row={before} display={display} refs={refs} />
            {tail}
            <Shown field={k} value={after[k]} row={after} display={display} refs={refs} />
            {end}
          </Fragment>
        </Typography>
      ))}
    </Box>
  );
};

/** 变更记录: the record's system-log entries, newest first, each with the fields it changed. */
export const HistoryPanel = (options: HistoryOptions & { actionLabel?: (action: string) => string }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data: answer, isPending } = useRecordSideQuery(options.api, 'history', (dp, id) => dp.historyOf(options.api, id).then((r) => ({ list: [...r.data].reverse(), refs: r.refs })));
  const data = answer?.list ?? [];
  const refs = answer?.refs ?? {};
  const actionLabel = options.actionLabel ?? ((a: string) => translate(`pv.history.action.${a}`, { _: a }));
  return (
    <Panel title="pv.history.title">
      {!isPending && data.length === 0 && <EmptyNote text="pv.history.empty" />}
      <Stack divider={<Divider flexItem />} spacing={1} data-testid="change-history">
        {data.map((entry) => (
          <Box key={entry.id}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {actionLabel(entry.action)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('pv.history.by', { name: entry.full_name || entry.username || '', time: formatDateTime(entry.created_at, lang) })}
            </Typography>
            <Changes entry={entry} options={options} refs={refs} />
          </Box>
        ))}
      </Stack>
    </Panel>
  );
};

/**
 * 状态时间线: every lifecycle transition of the record (GET <api>/timeline), oldest first: the
 * action, from → to, who and when, and the reason when there is one.
 */
export const TimelinePanel = ({ api, states, actions, title = 'pv.history.timeline' }: { api: string; states: Labels; actions: Labels; title?: string }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useRecordSideList<TimelineEntry>(api, 'timeline', (dp, id) => dp.timelineOf(api, id).then((r) => r.data));
  return (
    <Panel title={title}>
      {!isPending && data.length === 0 && <EmptyNote text="pv.history.timeline_empty" />}
      <Stack component="ol" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="status-timeline">
        {data.map((item) => (
          <Box component="li" key={item.id} sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: '2px solid', borderColor: 'divider', ml: 1 }}>
            <Box sx={{ position: 'absolute', left: -7, top: 2, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {actions.label(item.action, lang)}
              </Typography>
              {item.to_status && item.from_status !== item.to_status && (
                <Chip size="small" variant="outlined" label={`${item.from_status ? states.label(item.from_status, lang) : '∅'} → ${states.label(item.to_status, lang)}`} />
              )}
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('pv.history.by', { name: item.full_name || item.user_name || '', time: formatDateTime(item.created_at, lang) })}
            </Typography>
            {item.reason && (
              <Typography variant="body2" color="error.main" sx={{ whiteSpace: 'pre-wrap' }}>
                {translate('pv.history.reason', { reason: item.reason })}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Panel>
  );
};

/**
 * The side column of a record with a lifecycle: its status timeline and its change history, both
 * naming the record's actions from `pv.<area>.history_action.<action>`.
 */
export const LifecycleSide = ({ area, states, actionsAt = 'history_action', ...history }: HistoryOptions & { area: string; states: Labels; actionsAt?: string }) => {
  const translate = useTranslate();
  const actions = useMemo(() => ({ label: (a: string | null | undefined) => translate(`pv.${area}.${actionsAt}.${a}`, { _: a ?? '' }) }), [translate, area, actionsAt]);
  return (
    <>
      <TimelinePanel api={history.api} states={states} actions={actions} />
      <HistoryPanel {...history} actionLabel={(a) => actions.label(a)} />
    </>
  );
};
