import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import { maskMiddle, regionName, type TimelineEntry } from '@pv/contract';
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
  const record = useRecordContext();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: [api, name, record?.id],
    queryFn: () => fetch(dataProvider, record!.id),
    enabled: record?.id !== undefined,
  });
  return { data, isPending };
}

export interface HistoryOptions {
  /** API resource (GET <api>/history) */
  api: string;
  /** i18n key of a field's label: name → key (the entry's action too: an upload's `name` is the file's, not the record's) */
  fieldLabel: (name: string, action?: string) => string;
  /** enum fields shown by label */
  labelled?: Record<string, Labels>;
  /** more fields to leave out (joined names, derived columns) */
  hidden?: readonly string[];
}

/** A logged value as a person reads it: enum labels, region names, 是/否, cards masked, local times. */
function useFormatValue(labelled: Record<string, Labels>) {
  const translate = useTranslate();
  const lang = useLang();
  return (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '∅';
    if (typeof v === 'boolean') return translate(v ? 'ra.boolean.true' : 'ra.boolean.false');
    if (key in labelled) return labelled[key]!.label(String(v), lang);
    if (key === 'province_code' || key === 'city_code' || key === 'district_code') return regionName(String(v), lang);
    if (key === 'bank_card' || key === 'id_card' || key === 'bank_account') return maskMiddle(String(v));
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return key.endsWith('_at') && v.endsWith('T00:00:00.000Z') ? v.slice(0, 10) : formatDateTime(v, lang);
    // a list of names (the agents linked to a partner): as a person writes it
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.length ? v.join(lang === 'zh' ? '、' : ', ') : '∅';
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };
}

const Changes = ({ entry, options }: { entry: HistoryEntry; options: HistoryOptions }) => {
  const translate = useTranslate();
  const format = useFormatValue(options.labelled ?? {});
  if (entry.action === 'add') return null;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const hidden = new Set([...HIDDEN, ...(options.hidden ?? [])]);
  const keys = Object.keys(after).filter((k) => !hidden.has(k) && format(k, before[k]) !== format(k, after[k]));
  if (keys.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {keys.slice(0, 12).map((k) => (
        <Typography component="li" variant="caption" key={k} sx={{ display: 'list-item' }}>
          {translate('pv.history.changed', { field: translate(options.fieldLabel(k, entry.action), { _: k }), before: format(k, before[k]), after: format(k, after[k]) })}
        </Typography>
      ))}
    </Box>
  );
};

/** 变更记录: the record's system-log entries, newest first, each with the fields it changed. */
export const HistoryPanel = (options: HistoryOptions & { actionLabel?: (action: string) => string }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useRecordSideList(options.api, 'history', (dp, id) => dp.historyOf(options.api, id).then((r) => [...r.data].reverse()));
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
            <Changes entry={entry} options={options} />
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
