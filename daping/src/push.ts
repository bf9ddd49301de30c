import { backoffDelay, parseServerFrame, websocketUrl } from '@pv/client';
import { WS_CLOSE } from '@pv/contract';

/** after a refusal (4402: revoked display token or session gone), look for a different token this often */
const REFUSED_RETRY_MS = 30_000;

/**
 * The statistics push: a websocket to /api/system/ws?topics=stats on which the server sends
 * {type:'stats'} when something the statistics read was written (at most one every 2 s). Each
 * one calls `onChange` (the screen refreshes at once instead of at the next poll). Reconnects with
 * backoff; the poll goes on regardless, so a lost socket only delays updates until the next poll.
 * The token goes in the first frame, not the URL (so it never lands in a server log). Returns stop.
 */
export function connectStatsPush(opts: { getToken: () => string | null; onChange: () => void; onOpen?: (open: boolean) => void }): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  let refused: string | null = null;

  const schedule = (ms: number) => {
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(open, ms);
  };

  function open() {
    const token = opts.getToken();
    if (stopped || typeof WebSocket === 'undefined') return;
    if (!token || token === refused) return schedule(REFUSED_RETRY_MS);
    const ws = new WebSocket(`${websocketUrl('', window.location)}?topics=stats`);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (event) => {
      const frame = parseServerFrame(event.data);
      if (frame?.type === 'ready') {
        attempt = 0;
        refused = null;
        opts.onOpen?.(true);
      } else if (frame?.type === 'stats') opts.onChange();
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      opts.onOpen?.(false);
      if (event.code === WS_CLOSE.invalid) refused = token;
      // 4405 (a session's access token expired): the next poll refreshes it; try again soon with the new one
      schedule(event.code === WS_CLOSE.expired ? 5_000 : backoffDelay(attempt++));
    };
  }

  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    const s = socket;
    socket = null;
    if (s && s.readyState <= 1) s.close(1000, 'bye');
  };
}
