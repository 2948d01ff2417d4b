import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyOfLabel, StreamingConnection, streamingUrl, streamKey } from './streaming';

class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('the shared streaming connection', () => {
  let sockets: FakeSocket[];
  let client: StreamingConnection;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', { OPEN: 1 });
    sockets = [];
    client = new StreamingConnection(
      () => 'ws://x/api/v1/streaming/?access_token=t',
      () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    );
  });
  afterEach(() => {
    client.close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('names streams as the server labels them', () => {
    expect(streamKey({ stream: 'hashtag', tag: 'Cats' })).toBe('hashtag:cats');
    expect(streamKey({ stream: 'list', list: '7' })).toBe('list:7');
    expect(keyOfLabel(['hashtag', 'cats'])).toBe('hashtag:cats');
    expect(keyOfLabel(['public:local'])).toBe('public:local');
  });

  it('tells a view each time its stream is subscribed: on open and after a reconnect', () => {
    const subscribed = vi.fn();
    client.subscribe({ stream: 'direct' }, vi.fn(), { onSubscribed: subscribed });
    expect(subscribed).not.toHaveBeenCalled();
    sockets[0]?.open();
    expect(subscribed).toHaveBeenCalledTimes(1);
    sockets[0]?.onclose?.();
    vi.advanceTimersByTime(3000);
    sockets[1]?.open();
    expect(subscribed).toHaveBeenCalledTimes(2);
    expect(sockets[1]?.sent).toEqual([{ type: 'subscribe', stream: 'direct' }]);
  });

  it('asks a listener to catch up only when its stream is subscribed again (a reconnect, a resync)', () => {
    const subscribed = vi.fn();
    const reconnected = vi.fn();
    client.subscribe({ stream: 'user' }, vi.fn(), { onSubscribed: subscribed, onReconnected: reconnected });
    sockets[0]?.open();
    // the first subscription: what the page just loaded is current
    expect([subscribed.mock.calls.length, reconnected.mock.calls.length]).toEqual([1, 0]);
    const joined = vi.fn();
    client.subscribe({ stream: 'user' }, vi.fn(), { onReconnected: joined });
    expect(joined).not.toHaveBeenCalled();
    sockets[0]?.onclose?.();
    vi.advanceTimersByTime(3000);
    sockets[1]?.open();
    expect([subscribed.mock.calls.length, reconnected.mock.calls.length, joined.mock.calls.length]).toEqual([
      2, 1, 1,
    ]);
    sockets[1]?.receive({ stream: ['user'], event: 'resync', payload: '{}' });
    expect([subscribed.mock.calls.length, reconnected.mock.calls.length]).toEqual([2, 2]);
  });

  it('catches a stream up when the server says events were lost (resync), not as an event', () => {
    const timeline = vi.fn();
    const timelineCaughtUp = vi.fn();
    const box = vi.fn();
    const boxResynced = vi.fn();
    client.subscribe({ stream: 'public' }, timeline, { onSubscribed: timelineCaughtUp });
    client.subscribe({ stream: 'user' }, box, { onResync: boxResynced });
    sockets[0]?.open();
    expect(timelineCaughtUp).toHaveBeenCalledTimes(1);
    sockets[0]?.receive({ stream: ['public'], event: 'resync', payload: '{}' });
    sockets[0]?.receive({ stream: ['user'], event: 'resync', payload: '{}' });
    expect(timelineCaughtUp).toHaveBeenCalledTimes(2);
    expect(boxResynced).toHaveBeenCalledTimes(1);
    expect(timeline).not.toHaveBeenCalled();
    expect(box).not.toHaveBeenCalled();
  });

  it('shares one socket, subscribes on open and routes events by stream', () => {
    const home = vi.fn();
    const tag = vi.fn();
    client.subscribe({ stream: 'user' }, home);
    client.subscribe({ stream: 'hashtag', tag: 'cats' }, tag);
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { type: 'subscribe', stream: 'user' },
      { type: 'subscribe', stream: 'hashtag', tag: 'cats' },
    ]);
    sockets[0]?.receive({ stream: ['hashtag', 'cats'], event: 'update', payload: '{"id":"1"}' });
    expect(tag).toHaveBeenCalledWith('update', { id: '1' });
    expect(home).not.toHaveBeenCalled();
  });

  it('reconnects after 3 s and subscribes again', () => {
    client.subscribe({ stream: 'public' }, vi.fn());
    sockets[0]?.open();
    sockets[0]?.onclose?.();
    vi.advanceTimersByTime(2999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([{ type: 'subscribe', stream: 'public' }]);
  });

  it('stays closed when the server closes it for revoked credentials', () => {
    client.subscribe({ stream: 'public' }, vi.fn());
    sockets[0]?.open();
    sockets[0]?.onclose?.({ code: 4001 });
    vi.advanceTimersByTime(10_000);
    client.subscribe({ stream: 'user' }, vi.fn());
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('asks the server once for a stream two listeners share, and unsubscribes after the last one', () => {
    const timeline = vi.fn();
    const box = vi.fn();
    const stopTimeline = client.subscribe({ stream: 'user' }, timeline);
    sockets[0]?.open();
    const stopBox = client.subscribe({ stream: 'user' }, box);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', stream: 'user' }]);
    sockets[0]?.receive({ stream: ['user'], event: 'friend_message', payload: '{"id":"9"}' });
    expect(timeline).toHaveBeenCalledWith('friend_message', { id: '9' });
    expect(box).toHaveBeenCalledWith('friend_message', { id: '9' });
    stopTimeline();
    expect(sockets[0]?.sent).toHaveLength(1);
    stopBox();
    expect(sockets[0]?.sent).toEqual([
      { type: 'subscribe', stream: 'user' },
      { type: 'unsubscribe', stream: 'user' },
    ]);
    expect(sockets[0]?.readyState).toBe(3);
  });

  it('tells a listener joining a live stream that it is subscribed, and sends client frames on the socket', () => {
    client.subscribe({ stream: 'user' }, vi.fn());
    sockets[0]?.open();
    const joined = vi.fn();
    client.subscribe({ stream: 'user' }, vi.fn(), { onSubscribed: joined });
    expect(joined).toHaveBeenCalledTimes(1);
    client.send({ type: 'typing_start', stream: 'user', conversation_id: '5' });
    expect(sockets[0]?.sent).toContainEqual({ type: 'typing_start', stream: 'user', conversation_id: '5' });
  });

  it('reopens after a close only while a listener wants it (the minimised box does not)', () => {
    const expanded = { value: false };
    client.subscribe({ stream: 'user' }, vi.fn(), { wantsReconnect: () => expanded.value });
    sockets[0]?.open();
    sockets[0]?.onclose?.();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expanded.value = true;
    client.ensureOpen();
    expect(sockets).toHaveLength(2);
    sockets[1]?.onclose?.();
    vi.advanceTimersByTime(3000);
    expect(sockets).toHaveLength(3);
  });

  it('reopens for the social views even while the box does not want it', () => {
    client.subscribe({ stream: 'user' }, vi.fn(), { wantsReconnect: () => false });
    client.subscribe({ stream: 'public' }, vi.fn());
    sockets[0]?.open();
    sockets[0]?.onclose?.();
    vi.advanceTimersByTime(3000);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([
      { type: 'subscribe', stream: 'user' },
      { type: 'subscribe', stream: 'public' },
    ]);
  });

  it('builds the URL from the page location', () => {
    expect(streamingUrl('a b', { protocol: 'https:', host: 'example.test' })).toBe(
      'wss://example.test/api/v1/streaming/?access_token=a%20b',
    );
  });
});
