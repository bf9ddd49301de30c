import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNotify, type TranslateFunction } from 'react-admin';
import { Box } from '@mui/material';
import { NOTIFY_DEFAULT_LIMIT, paths, type MessageLevel, type MyMessage, type NotifyResult } from '@pv/contract';
import { client } from '../../../providers/client.ts';
import { realtime } from '../../../providers/realtime.ts';
import { useLang } from '../../common/format.tsx';

/** Shared pieces of the bell and the message centre: the live unread count, the bell's feed, read/clear calls. */

/** The unread count pushed by the server (or learned from the last API reply); 0 before anything is known. */
export function useUnread(): number {
  return useSyncExternalStore(realtime.subscribeState, realtime.getUnread) ?? 0;
}

export function useRealtimeStatus() {
  return useSyncExternalStore(realtime.subscribeState, realtime.getStatus);
}

/** Runs `listener` on every server frame while mounted (and keeps the tab's socket open meanwhile). */
export function useRealtimeFrames(listener: Parameters<typeof realtime.subscribe>[0]) {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => realtime.subscribe((frame) => ref.current(frame)), []);
}

const LEVEL_RANK: Record<MessageLevel, number> = { info: 0, warning: 1, urgent: 2 };

/** The toast of pushed messages: the most pressing one's title and how many arrived while it was shown. */
export interface MessageToast {
  title: string;
  level: MessageLevel;
  count: number;
}

/**
 * The bell's feed: the latest messages not cleared, reloaded on mount and whenever the server
 * says the count changed; a pushed message goes on top at once (and, when asked, into `toast`:
 * messages that arrive while it shows add up in it rather than queue one toast each).
 */
export function useNotifyFeed({ toast: withToast }: { toast: boolean }) {
  const [toast, setToast] = useState<MessageToast | null>(null);
  const unread = useUnread();
  // system messages come in the reader's language: a language switch reads them again
  const lang = useLang();
  const [list, setList] = useState<MyMessage[]>([]);
  // only the latest request may set the state: a reply that left the server before a push must not undo it
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const reply = await client.post<NotifyResult>(paths.message('get_notify'), { limit: NOTIFY_DEFAULT_LIMIT }, { silent: true });
      if (mine !== seq.current) return;
      realtime.setUnread(reply.data.unread);
      setList(reply.data.list);
    } catch {
      // signed out or offline: the session handling elsewhere deals with it
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload, lang]);
  useRealtimeFrames((frame) => {
    if (frame.type === 'message') {
      setList((prev) => [frame.message, ...prev.filter((m) => m.id !== frame.message.id)].slice(0, NOTIFY_DEFAULT_LIMIT));
      const { title, level } = frame.message;
      // the toast names the most pressing of the messages it counts (the latest of those)
      if (withToast) setToast((shown) => (shown && LEVEL_RANK[shown.level] > LEVEL_RANK[level] ? { ...shown, count: shown.count + 1 } : { title, level, count: (shown?.count ?? 0) + 1 }));
      // and supersede any reply still on its way
      void reload();
    } else if (frame.type === 'unread' || frame.type === 'ready') {
      void reload();
    }
  });
  const closeToast = useCallback(() => setToast(null), []);
  return { unread, list, reload, toast, closeToast };
}

/** Mark read (get_notify with ids) and clear all (clear_all_meg); both update the shared count, then `after`. */
export function useMessageActions(after: () => unknown) {
  const notify = useNotify();
  const markRead = useCallback(
    async (ids: number[]) => {
      try {
        const reply = await client.post<NotifyResult>(paths.message('get_notify'), { ids, limit: 1 });
        realtime.setUnread(reply.data.unread);
      } finally {
        await after();
      }
    },
    [after],
  );
  const clearAll = useCallback(async () => {
    try {
      await client.get(paths.message('clear_all_meg'));
      realtime.setUnread(0);
      notify('pv.message.cleared', { type: 'success' });
    } finally {
      await after();
    }
  }, [after, notify]);
  return { markRead, clearAll };
}

/** A message's link: an in-app path opens in the console, an http(s) address in a new tab. */
export function openMessageLink(link: string | null, navigate: (to: string) => void) {
  if (!link) return;
  if (/^https?:\/\//i.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
  else navigate(link);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today: HH:mm; this year: MM-DD HH:mm; else YYYY-MM-DD HH:mm. */
export function formatTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (d.toDateString() === now.toDateString()) return time;
  const day = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return d.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${d.getFullYear()}-${day} ${time}`;
}

export const LEVEL_COLORS: Record<MessageLevel, 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', urgent: 'error' };

/** A dot before a message: its level's colour when unread, grey when read. */
export const LevelDot = ({ level, read }: { level: MessageLevel; read: boolean }) => (
  <Box
    component="span"
    sx={{ mt: 1, width: 8, height: 8, flex: 'none', borderRadius: '50%', bgcolor: (theme) => (read ? theme.palette.action.disabled : theme.palette[LEVEL_COLORS[level] ?? 'info'].main) }}
  />
);

/** Translated type / level labels. */
export const typeLabel = (translate: TranslateFunction, type: string) => translate(`pv.message.type.${type}`, { _: type });
export const levelLabel = (translate: TranslateFunction, level: string) => translate(`pv.message.level.${level}`, { _: level });
