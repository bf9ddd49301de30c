import { isEmbedded, type Queryable } from './client.ts';

/**
 * People's requests come first on the embedded database. PGlite answers one statement at a time, in
 * order of arrival, so a long read made of many statements — an export's 500 keyset batches — puts
 * one of its batches in front of every statement of every request that arrives meanwhile: a list page
 * (two statements) waited two batches, an edit (six) six. Such a read gives way instead: before each
 * batch it waits until no request is being answered (or GIVE_WAY_MS has passed, so a busy office
 * still gets its export). PostgreSQL serves the pool's connections side by side: nothing to give way to.
 */

/** The longest a long read waits for the others before its next batch (ms). */
export const GIVE_WAY_MS = 50;

const inForeground = new WeakSet<object>();
let active = 0;
let waiting: Array<() => void> = [];

/** A request (its node request object) is being answered: long reads give way to it. */
export function enterForeground(request: object): void {
  if (inForeground.has(request)) return;
  inForeground.add(request);
  active++;
}

/** The request was answered, or it is itself a long read (an export streaming its rows). */
export function leaveForeground(request: object): void {
  if (!inForeground.delete(request)) return;
  active--;
  if (active > 0) return;
  const woken = waiting;
  waiting = [];
  for (const wake of woken) wake();
}

/** Requests being answered now (that have not left the foreground). */
export const foregroundRequests = () => active;

/** On PGlite: waits until no request is being answered, at most `maxMs`. Elsewhere returns at once. */
export function giveWay(db: Queryable, maxMs = GIVE_WAY_MS): Promise<void> {
  if (!isEmbedded(db) || active === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiting = waiting.filter((w) => w !== wake);
      resolve();
    };
    const timer = setTimeout(wake, maxMs);
    waiting.push(wake);
  });
}
