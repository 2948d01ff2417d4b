/** One server-sent event as a plain HTTP client reads it. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface EventStreamClient {
  status: number;
  headers: Headers;
  events: ServerSentEvent[];
  /** comment lines (`:)`, `:thump`), without their colon */
  comments: string[];
  /** the first (already received or future) event matching; rejects after timeoutMs */
  next(event: string, match?: (data: string) => boolean, timeoutMs?: number): Promise<ServerSentEvent>;
  /** resolves once the comments include `comment` */
  comment(comment: string, timeoutMs?: number): Promise<void>;
  /** resolves when the server ends the response */
  ended: Promise<void>;
  close(): void;
}

/** Reads `url` with fetch, splitting the body into events and comments as the EventSource spec says. */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  let pending: ServerSentEvent = { event: 'message', data: '' };
  let hasData = false;
  const readLine = (line: string) => {
    if (line === '') {
      if (hasData) events.push(pending);
      pending = { event: 'message', data: '' };
      hasData = false;
    } else if (line.startsWith(':')) {
      comments.push(line.slice(1));
    } else {
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') pending.event = value;
      if (field === 'data') {
        pending.data = hasData ? `${pending.data}\n${value}` : value;
        hasData = true;
      }
    }
  };
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) !== -1) {
          readLine(buffer.slice(0, newline).replace(/\r$/, ''));
          buffer = buffer.slice(newline + 1);
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
    wake();
  })();
  let finished = false;
  void ended.then(() => {
    finished = true;
  });

  const waitFor = async <T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0 || finished) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    next: (event, match, timeoutMs = 4000) =>
      waitFor(
        () => events.find((entry) => entry.event === event && (!match || match(entry.data))),
        `${event} event`,
        timeoutMs,
      ),
    comment: async (comment, timeoutMs = 4000) => {
      await waitFor(() => (comments.includes(comment) ? true : undefined), `:${comment}`, timeoutMs);
    },
    ended,
    close: () => abort.abort(),
  };
}
