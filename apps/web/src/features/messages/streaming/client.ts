import type { ClientStreamMessage, ServerStreamMessage } from '@palchat/api';
import { STREAM_CLOSE_CREDENTIALS_REVOKED } from '../../../api/stream-close';
import { RECONNECT_MS } from '../rules/constants';

export interface StreamEvent {
  event: string;
  payload: unknown;
}

export interface StreamingClientOptions {
  url: string;
  onEvent: (event: StreamEvent) => void;
  onOpen?: () => void;
  /** asked on every close: reconnect only while the box is expanded (SPEC §4 "WebSocket") */
  shouldReconnect: () => boolean;
  createSocket?: (url: string) => WebSocket;
}

export function streamingUrl(
  accessToken: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/v1/streaming/?access_token=${encodeURIComponent(accessToken)}`;
}

/**
 * The box's WebSocket: subscribes to the user stream on open, reconnects 3000 ms after a close while the box
 * wants it, and logs errors only.
 */
export class StreamingClient {
  private socket: WebSocket | null = null;
  private reconnectTimer: number | null = null;
  private closedByUs = false;

  constructor(private readonly options: StreamingClientOptions) {}

  connect(): void {
    this.closedByUs = false;
    this.clearReconnect();
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.send({ type: 'subscribe', stream: 'user' });
      this.options.onOpen?.();
    };
    socket.onmessage = (message: MessageEvent) => this.receive(message.data);
    socket.onerror = (error) => console.error('Message box WebSocket error', error);
    socket.onclose = (event?: CloseEvent) => {
      if (this.socket === socket) this.socket = null;
      // revoked credentials: the same token would be refused, so the socket stays closed
      if (event?.code === STREAM_CLOSE_CREDENTIALS_REVOKED) this.closedByUs = true;
      if (!this.closedByUs) this.scheduleReconnect();
    };
  }

  /** A reconnect skipped while minimised happens when the box expands again. */
  ensureConnected(): void {
    if (!this.socket && this.reconnectTimer === null && !this.closedByUs) this.connect();
  }

  send(message: ClientStreamMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.closedByUs = true;
    this.clearReconnect();
    this.socket?.close();
    this.socket = null;
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    this.reconnectTimer = window.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.options.shouldReconnect()) this.connect();
    }, RECONNECT_MS);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) window.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    try {
      const message = JSON.parse(data) as Partial<ServerStreamMessage>;
      if (typeof message.event !== 'string') return;
      const payload: unknown =
        typeof message.payload === 'string' && message.payload !== ''
          ? JSON.parse(message.payload)
          : message.payload;
      this.options.onEvent({ event: message.event, payload });
    } catch (error) {
      console.error('Message box: unreadable stream message', error);
    }
  }
}
