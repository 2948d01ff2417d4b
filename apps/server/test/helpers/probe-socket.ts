import WebSocket from 'ws';

export interface ProbeEntry {
  stream: string[];
  event: string;
  payload: string;
}

export interface ProbeClose {
  code: number;
  reason: string;
  /** Date.now() when the close arrived */
  at: number;
}

/** A raw `ws` client of /api/v1/streaming that records every event and how the socket closed. */
export interface ProbeSocket {
  socket: WebSocket;
  received: ProbeEntry[];
  closed: Promise<ProbeClose>;
  send(message: Record<string, unknown>): void;
  /** true once an event of that name arrived, false when none came within `ms` */
  waitFor(event: string, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface ProbeOptions {
  headers?: Record<string, string>;
  protocols?: string[];
}

export function streamingUrl(wsBase: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${wsBase}/api/v1/streaming${search ? `?${search}` : ''}`;
}

export async function openProbe(url: string, options: ProbeOptions = {}): Promise<ProbeSocket> {
  const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers ?? {} });
  const received: ProbeEntry[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const entry = JSON.parse(String(data)) as ProbeEntry;
    if (entry.event) received.push(entry);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<ProbeClose>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      reject(new Error(`handshake refused with ${response.statusCode}`));
    });
  });
  return {
    socket,
    received,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    async waitFor(event, ms = 2000) {
      const deadline = Date.now() + ms;
      while (!received.some((entry) => entry.event === event)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return true;
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** The HTTP answer to a handshake the server refuses before the upgrade. */
export function refusedHandshake(
  url: string,
  options: ProbeOptions = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers ?? {} });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the handshake was accepted'));
    });
    socket.once('unexpected-response', (request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          // not JSON: the test shows the text
        }
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    socket.once('error', (error) => reject(error));
  });
}
