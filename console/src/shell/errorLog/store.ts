import { useSyncExternalStore } from 'react';

/**
 * The error log (SPEC.md §3 "Error log entry", §4, §8): uncaught errors and unhandled promise
 * rejections in the console, each with the route URL it happened on, the message and the stack.
 * Kept in memory for the page's life; 暂不显示 clears it.
 */
export interface ErrorLogEntry {
  id: number;
  /** the console route (hash) the error happened on */
  url: string;
  message: string;
  stack: string;
  time: number;
}

/** at most this many entries are kept (the newest) */
export const ERROR_LOG_MAX = 100;

let entries: ErrorLogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const currentUrl = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '') || '/');

/** An error-ish value → message and stack. */
export function describeError(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  if (reason && typeof reason === 'object' && 'message' in reason && typeof (reason as { message: unknown }).message === 'string') {
    const r = reason as { message: string; stack?: unknown };
    return { message: r.message, stack: typeof r.stack === 'string' ? r.stack : '' };
  }
  if (typeof reason === 'string') return { message: reason, stack: '' };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

export const errorLog = {
  get: (): ErrorLogEntry[] => entries,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(reason: unknown, url = currentUrl()) {
    const { message, stack } = describeError(reason);
    entries = [...entries, { id: nextId++, url, message, stack, time: Date.now() }].slice(-ERROR_LOG_MAX);
    emit();
  },
  clear() {
    entries = [];
    emit();
  },
};

export function useErrorLog(): ErrorLogEntry[] {
  return useSyncExternalStore(errorLog.subscribe, errorLog.get, errorLog.get);
}

let installed = false;

/** Starts capturing window errors and unhandled rejections (main.tsx, when appConfig.errorLog). */
export function installErrorCapture(target: Window = window) {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    // resource load errors (img, script) carry no error object and no message
    if (!event.error && !event.message) return;
    // the browser's note that a ResizeObserver callback changed layout and the rest waits a frame (two React
    // Flow canvases opening in a dialog do it): nothing failed, and the spec says so — not an error to show
    if (!event.error && event.message.startsWith('ResizeObserver loop')) return;
    errorLog.add(event.error ?? { message: event.message, stack: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '' });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    errorLog.add(event.reason);
  });
}

/** Search-engine links for a message (the dialog's 查找方案). */
export const searchLinks = (message: string) => ({
  baidu: `https://www.baidu.com/s?wd=${encodeURIComponent(message)}`,
  bing: `https://www.bing.com/search?q=${encodeURIComponent(message)}`,
});
