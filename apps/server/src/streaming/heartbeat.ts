/**
 * How often an idle stream shows it is alive, as Mastodon's streaming server does: every WebSocket is pinged
 * every 30 s (one that has not answered the previous ping by then is terminated), and every event stream gets a
 * `:thump` comment every 15 s, so that a client or proxy giving up on a response silent for 20 s keeps it.
 */
export const DEFAULT_PING_MS = 30_000;

export interface Heartbeats {
  /** WebSocket ping interval */
  pingMs: number;
  /** event-stream `:thump` interval: half the ping's, Mastodon's 15 s by default */
  thumpMs: number;
}

export function heartbeatsOf(pingMs: number): Heartbeats {
  return { pingMs, thumpMs: Math.max(1, Math.round(pingMs / 2)) };
}

/** STREAMING_HEARTBEAT_MS sets the ping interval (the `:thump` follows it), else Mastodon's. */
export function heartbeatsFromEnv(env: NodeJS.ProcessEnv = process.env): Heartbeats {
  const parsed = Number.parseInt(env.STREAMING_HEARTBEAT_MS ?? '', 10);
  return heartbeatsOf(Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_PING_MS);
}
