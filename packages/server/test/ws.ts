import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '@pv/contract';

/** A test client of the push channel (GET /api/system/ws): the frames received, and a wait for the next matching one. */
export interface Socket {
  ws: WebSocket;
  frames: ServerFrame[];
  closed: Promise<number>;
  next(pred: (f: ServerFrame) => boolean, ms?: number): Promise<ServerFrame>;
}

export async function connect(app: FastifyInstance, query = ''): Promise<Socket> {
  const frames: ServerFrame[] = [];
  const waiters: Array<{ pred: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];
  let resolveClosed!: (code: number) => void;
  const closed = new Promise<number>((r) => (resolveClosed = r));
  const ws = await app.injectWS(`/api/system/ws${query}`, {}, {
    onInit(socket) {
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as ServerFrame;
        frames.push(frame);
        for (const w of [...waiters]) {
          if (w.pred(frame)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(frame);
          }
        }
      });
      socket.on('close', (code) => resolveClosed(code));
    },
  });
  return {
    ws,
    frames,
    closed,
    next(pred, ms = 5000) {
      const seen = frames.find(pred);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame; got ${JSON.stringify(frames)}`)), ms);
        waiters.push({
          pred,
          resolve: (f) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(f), 1);
            resolve(f);
          },
        });
      });
    },
  };
}
