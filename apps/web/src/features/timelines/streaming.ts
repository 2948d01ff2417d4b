import { STREAM_CLOSE_CREDENTIALS_REVOKED } from '../../api/stream-close';

/**
 * One WebSocket for the social views (timelines, notifications), separate from the message box's: Mastodon's
 * multiplexed protocol ({ type: 'subscribe', stream, tag?, list? }), shared subscriptions counted by
 * reference, resubscribed after a reconnect (3 s, SPEC §9).
 */
export interface StreamParams {
  stream: string;
  tag?: string;
  list?: string;
}

export type StreamListener = (event: string, payload: unknown) => void;

const RECONNECT_MS = 3000;

/** The key matching the server's `stream` array: ['hashtag', 'cats'] → "hashtag:cats". */
export function streamKey(params: StreamParams): string {
  if (params.stream === 'hashtag' && params.tag) return `hashtag:${params.tag.toLowerCase()}`;
  if (params.stream === 'list' && params.list) return `list:${params.list}`;
  return params.stream;
}

export function keyOfLabel(label: unknown): string | null {
  if (!Array.isArray(label) || typeof label[0] !== 'string') return null;
  return label.length > 1 ? `${label[0]}:${String(label[1]).toLowerCase()}` : label[0];
}

export function decodePayload(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

interface Subscription {
  params: StreamParams;
  listeners: Set<StreamListener>;
  /** called each time the server is asked for the stream: what happened before may have been missed */
  onSubscribed: Set<() => void>;
}

export class TimelineStreamClient {
  private socket: WebSocket | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** the server closed the socket for revoked credentials: no more reconnecting with this token */
  private revoked = false;

  constructor(
    private readonly url: () => string,
    private readonly createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
  ) {}

  /**
   * Listens to a stream. `onSubscribed` runs whenever the server is asked for it (the socket opened, or opened
   * again after a drop): a view refetches there what it may have missed while it was not subscribed.
   */
  subscribe(params: StreamParams, listener: StreamListener, onSubscribed?: () => void): () => void {
    const key = streamKey(params);
    let subscription = this.subscriptions.get(key);
    const isNew = !subscription;
    if (!subscription) {
      subscription = { params, listeners: new Set(), onSubscribed: new Set() };
      this.subscriptions.set(key, subscription);
    }
    subscription.listeners.add(listener);
    if (onSubscribed) subscription.onSubscribed.add(onSubscribed);
    if (isNew) this.request(subscription);
    this.ensureOpen();
    return () => {
      const current = this.subscriptions.get(key);
      if (!current) return;
      current.listeners.delete(listener);
      if (onSubscribed) current.onSubscribed.delete(onSubscribed);
      if (current.listeners.size > 0) return;
      this.subscriptions.delete(key);
      this.send({ type: 'unsubscribe', ...params });
      if (this.subscriptions.size === 0) this.close();
    };
  }

  /** Asks the server for the subscription's stream, when the socket is open. */
  private request(subscription: Subscription): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.send({ type: 'subscribe', ...subscription.params });
    for (const callback of subscription.onSubscribed) callback();
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private ensureOpen(): void {
    if (this.socket || this.reconnectTimer || this.revoked) return;
    const socket = this.createSocket(this.url());
    this.socket = socket;
    socket.onopen = () => {
      for (const subscription of this.subscriptions.values()) this.request(subscription);
    };
    socket.onmessage = (message: MessageEvent) => this.dispatch(String(message.data));
    socket.onclose = (event?: CloseEvent) => {
      this.socket = null;
      // revoked credentials: the same token would be refused, so the stream stays closed
      if (event?.code === STREAM_CLOSE_CREDENTIALS_REVOKED) this.revoked = true;
      if (this.subscriptions.size === 0 || this.revoked) return;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.subscriptions.size > 0) this.ensureOpen();
      }, RECONNECT_MS);
    };
  }

  private dispatch(raw: string): void {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || !('event' in message)) return;
    const { event, payload, stream } = message as { event: unknown; payload: unknown; stream: unknown };
    if (typeof event !== 'string') return;
    const key = keyOfLabel(stream);
    const decoded = decodePayload(payload);
    const targets = key ? [this.subscriptions.get(key)] : [...this.subscriptions.values()];
    for (const subscription of targets) {
      for (const listener of subscription?.listeners ?? []) listener(event, decoded);
    }
  }

  close(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }
}

let shared: TimelineStreamClient | null = null;

/** The page's one timeline stream (created on first use; needs the web access token). */
export function timelineStream(accessToken: string): TimelineStreamClient {
  if (!shared) {
    shared = new TimelineStreamClient(() => {
      const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      return `${protocol}//${window.location.host}/api/v1/streaming/?access_token=${encodeURIComponent(accessToken)}`;
    });
  }
  return shared;
}
