import { describe, expect, it } from 'vitest';
import { heartbeatsFromEnv, heartbeatsOf } from './heartbeat.js';

describe('stream heartbeats', () => {
  it("are Mastodon's by default: a WebSocket ping every 30 s, an event-stream :thump every 15 s", () => {
    expect(heartbeatsFromEnv({})).toEqual({ pingMs: 30_000, thumpMs: 15_000 });
    expect(heartbeatsFromEnv({ STREAMING_HEARTBEAT_MS: 'soon' })).toEqual({
      pingMs: 30_000,
      thumpMs: 15_000,
    });
    expect(heartbeatsFromEnv({ STREAMING_HEARTBEAT_MS: '0' })).toEqual({ pingMs: 30_000, thumpMs: 15_000 });
  });

  it('keeps the :thump at half the ping interval when STREAMING_HEARTBEAT_MS sets it', () => {
    expect(heartbeatsFromEnv({ STREAMING_HEARTBEAT_MS: '2000' })).toEqual({ pingMs: 2000, thumpMs: 1000 });
    expect(heartbeatsOf(1)).toEqual({ pingMs: 1, thumpMs: 1 });
  });
});
