import type { ClientStreamMessage } from '@palchat/api';
import { STREAM_CLOSE_CREDENTIALS_REVOKED } from './stream-close';

/**
 * The tab's one WebSocket, shared by the social views (timelines, notifications) and the message box: Mastodon's
 * multiplexed protocol ({ type: 'subscribe', stream, tag?, list? }), subscriptions counted by reference (two
 * listeners of the user stream ask the server for it once), all asked again after a reconnect (3 s, SPEC §4, §9).
 */
export interface StreamParams {
  stream: string;
  tag?: string;
  list?: string;
}

export type StreamListener = (event: string, payload: unknown) => void;

export interface SubscribeOptions {
  /** runs each time the server is asked for the stream (the socket opened, or opened again after a drop) */
  onSubscribed?: () => void;
  /**
   * Runs when the server is asked for the stream again after the socket dropped: the listener reads again what
   * may have arrived meanwhile. Not the first time: what the page loaded as it started is still current then
   * (Mastodon's web app refreshes only after a reconnect), and reading it again would spend the API allowance.
   */
  onReconnected?: () => void;
  /**
   * Asked when the socket closed: whether this listener wants it opened again (the box only while expanded,
   * SPEC §4). Without it a listener always does. The socket reopens when any listener wants it.
   */
  wantsReconnect?: () => boolean;
  /**
   * Runs when the server says events of the stream were lost (`resync`: its event bus was away): the listener
   * reads again what it shows. Without it, the catch-up of a reconnect runs (onReconnected, else onSubscribed).
   */
  onResync?: () => void;
}

/** The server's word that events may have been lost; never handed to listeners as an event. */
export const RESYNC_EVENT = 'resync';

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
  if (typeof payload !== 'string' || payload === '') return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

export function streamingUrl(
  accessToken: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/v1/streaming/?access_token=${encodeURIComponent(accessToken)}`;
}

interface Listener {
  receive: StreamListener;
  options: SubscribeOptions;
  /** the server has been asked for the stream for this listener before */
  subscribed: boolean;
}

interface Subscription {
  params: StreamParams;
  listeners: Set<Listener>;
}

/** The server was asked for the listener's stream: onSubscribed each time, onReconnected from the second. */
function notifySubscribed(listener: Listener): void {
  listener.options.onSubscribed?.();
  if (listener.subscribed) listener.options.onReconnected?.();
  listener.subscribed = true;
}

export class StreamingConnection {
  private socket: WebSocket | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** the server closed the socket for revoked credentials: no more reconnecting with this token */
  private revoked = false;

  constructor(
    private readonly url: () => string,
    private readonly createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
  ) {}

  /** Listens to a stream; the returned function stops listening (and closes the socket after the last one). */
  subscribe(params: StreamParams, receive: StreamListener, options: SubscribeOptions = {}): () => void {
    const key = streamKey(params);
    let subscription = this.subscriptions.get(key);
    const isNew = !subscription;
    if (!subscription) {
      subscription = { params, listeners: new Set() };
      this.subscriptions.set(key, subscription);
    }
    const listener: Listener = { receive, options, subscribed: false };
    subscription.listeners.add(listener);
    if (isNew) this.request(subscription);
    else if (this.isOpen()) notifySubscribed(listener);
    this.ensureOpen();
    return () => {
      const current = this.subscriptions.get(key);
      if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
      this.subscriptions.delete(key);
      this.send({ type: 'unsubscribe', ...params });
      if (this.subscriptions.size === 0) this.close();
    };
  }

  /** Sends a client frame (active_status, typing) when the socket is open; dropped otherwise. */
  send(message: ClientStreamMessage): void {
    if (this.isOpen()) this.socket?.send(JSON.stringify(message));
  }

  /** Opens the socket now if someone listens and it is neither open nor waiting to reconnect. */
  ensureOpen(): void {
    if (this.socket || this.reconnectTimer || this.revoked || this.subscriptions.size === 0) return;
    const socket = this.createSocket(this.url());
    this.socket = socket;
    socket.onopen = () => {
      for (const subscription of this.subscriptions.values()) this.request(subscription);
    };
    socket.onmessage = (message: MessageEvent) => this.dispatch(message.data);
    socket.onerror = (error) => console.error('Streaming WebSocket error', error);
    socket.onclose = (event?: CloseEvent) => {
      if (this.socket === socket) this.socket = null;
      // revoked credentials: the same token would be refused, so the stream stays closed
      if (event?.code === STREAM_CLOSE_CREDENTIALS_REVOKED) this.revoked = true;
      if (this.revoked || !this.wantsReconnect()) return;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.wantsReconnect()) this.ensureOpen();
      }, RECONNECT_MS);
    };
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

  private isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private wantsReconnect(): boolean {
    for (const subscription of this.subscriptions.values()) {
      for (const listener of subscription.listeners) {
        if (listener.options.wantsReconnect?.() ?? true) return true;
      }
    }
    return false;
  }

  /** Asks the server for the subscription's stream, when the socket is open. */
  private request(subscription: Subscription): void {
    if (!this.isOpen()) return;
    this.send({ type: 'subscribe', ...subscription.params });
    for (const listener of subscription.listeners) notifySubscribed(listener);
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
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
      for (const listener of subscription?.listeners ?? []) {
        try {
          if (event === RESYNC_EVENT) {
            const { onResync, onReconnected, onSubscribed } = listener.options;
            (onResync ?? onReconnected ?? onSubscribed)?.();
          } else listener.receive(event, decoded);
        } catch (error) {
          console.error('Streaming: a listener failed', error);
        }
      }
    }
  }
}

let shared: { token: string; connection: StreamingConnection } | null = null;

/** The tab's one streaming connection (created on first use; needs the web access token). */
export function sharedStream(accessToken: string): StreamingConnection {
  if (shared?.token !== accessToken) {
    shared?.connection.close();
    shared = { token: accessToken, connection: new StreamingConnection(() => streamingUrl(accessToken)) };
  }
  return shared.connection;
}
