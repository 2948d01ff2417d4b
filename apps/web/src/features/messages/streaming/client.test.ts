import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamingClient, streamingUrl } from './client';

class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

describe('StreamingClient', () => {
  let sockets: FakeSocket[];
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    sockets = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const make = (expanded: { value: boolean }, onEvent = vi.fn()) =>
    new StreamingClient({
      url: 'ws://x/api/v1/streaming/?access_token=t',
      onEvent,
      shouldReconnect: () => expanded.value,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });

  it('subscribes to the user stream on open and parses events', () => {
    const onEvent = vi.fn();
    const client = make({ value: true }, onEvent);
    client.connect();
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([JSON.stringify({ type: 'subscribe', stream: 'user' })]);
    sockets[0]?.onmessage?.({ data: JSON.stringify({ event: 'typing_stop', payload: '{"user_id":"2"}' }) });
    expect(onEvent).toHaveBeenCalledWith({ event: 'typing_stop', payload: { user_id: '2' } });
    client.close();
  });

  it('does not reconnect after a close for revoked credentials', () => {
    const client = make({ value: true });
    client.connect();
    sockets[0]?.open();
    sockets[0]?.onclose?.({ code: 4001 });
    vi.advanceTimersByTime(10_000);
    client.ensureConnected();
    expect(sockets).toHaveLength(1);
  });

  it('reconnects 3000 ms after a close only while expanded, never after close()', () => {
    const expanded = { value: true };
    const client = make(expanded);
    client.connect();
    sockets[0]?.onclose?.();
    vi.advanceTimersByTime(2999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    expanded.value = false;
    sockets[1]?.onclose?.();
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
    client.ensureConnected();
    expect(sockets).toHaveLength(3);

    client.close();
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(3);
  });

  it('builds the URL from the page location', () => {
    expect(streamingUrl('a b', { protocol: 'https:', host: 'example.test' })).toBe(
      'wss://example.test/api/v1/streaming/?access_token=a%20b',
    );
  });
});
