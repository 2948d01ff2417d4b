import WebSocket from 'ws';
import type { TestAccount } from './factories.js';

export interface StreamEntry {
  stream: string[];
  event: string;
  payload: string;
}

export interface StreamClient {
  received: StreamEntry[];
  subscribe(stream: string, extra?: Record<string, string>): void;
  /** the first (already received or future) event matching, parsed; rejects after timeoutMs */
  next(event: string, match?: (payload: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** true when no matching event arrived within `ms` */
  quiet(event: string, match: (payload: unknown) => boolean, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Objects arrive JSON-encoded; a `delete` payload is the bare status id. */
const parse = (payload: string): unknown => {
  if (!payload.startsWith('{') && !payload.startsWith('[')) return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
};

/** A `ws` client of /api/v1/streaming for `who`, open and ready. */
export async function openStream(base: string, who: TestAccount): Promise<StreamClient> {
  const socket = new WebSocket(`${base}/api/v1/streaming?access_token=${encodeURIComponent(who.token)}`);
  const received: StreamEntry[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data, isBinary) => {
    // a browser hands a binary frame to the page as a Blob, which the client does not read: events come as text
    if (isBinary) return;
    const entry = JSON.parse(String(data)) as StreamEntry;
    if (entry.event) received.push(entry);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const find = (event: string, match?: (payload: unknown) => boolean) =>
    received.find((entry) => entry.event === event && (!match || match(parse(entry.payload))));
  return {
    received,
    subscribe(stream, extra = {}) {
      socket.send(JSON.stringify({ type: 'subscribe', stream, ...extra }));
    },
    async next(event, match, timeoutMs = 4000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(event, match);
        if (found) return parse(found.payload);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${event} event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    async quiet(event, match, ms = 300) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return !find(event, match);
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
}

/** Subscribing is asynchronous on the server: give it a moment before causing events. */
export const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));
