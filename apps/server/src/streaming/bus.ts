/**
 * Fan-out of realtime events. The in-process implementation serves one process; the Redis one (scale-out)
 * implements the same two calls so every process sees every event.
 *
 * Channels: `user:<accountId>` (everything for one person), `public`, `public:local`, `public:remote` and
 * their `:media` twins, `hashtag:<tag>`, `hashtag:local:<tag>`, `list:<listId>`, `direct:<accountId>`.
 */
export interface StreamMessage {
  event: string;
  /** the JSON-encoded payload, exactly as sent to WebSocket clients */
  payload: string;
}

export type StreamListener = (message: StreamMessage) => void;

export interface EventBus {
  publish(channel: string, event: string, payload: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: StreamListener): () => void;
  close(): Promise<void>;
}

/**
 * Sent to every subscriber when events may have been lost (the Redis bus reconnected after an outage): a client
 * receiving it refetches what it shows.
 */
export const RESYNC_EVENT = 'resync';

export const userChannel = (accountId: string): string => `user:${accountId}`;
/** private mentions and the `conversation` events of one person */
export const directChannel = (accountId: string): string => `direct:${accountId}`;

export function encodePayload(payload: unknown): string {
  return typeof payload === 'string' ? payload : JSON.stringify(payload);
}

export class InProcessEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<StreamListener>>();

  async publish(channel: string, event: string, payload: unknown): Promise<void> {
    const listeners = this.listeners.get(channel);
    if (!listeners || listeners.size === 0) return;
    const message: StreamMessage = { event, payload: encodePayload(payload) };
    for (const listener of [...listeners]) listener(message);
  }

  subscribe(channel: string, listener: StreamListener): () => void {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(channel);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
