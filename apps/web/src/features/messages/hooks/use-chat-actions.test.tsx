import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../model';
import { DockProvider } from '../state/dock-context';
import { ToastProvider } from '../../../platform/toasts';
import { useChatActions } from './use-chat-actions';
import english from '../../../locales/en.json';

type Send = ReturnType<typeof useChatActions>['send'];

function renderChat(): { send: Send } {
  const chat: { send?: Send } = {};
  function Probe() {
    chat.send = useChatActions('c1').send;
    return null;
  }
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient()}>
        <DockProvider currentUserId="me">
          <ToastProvider>
            <Probe />
          </ToastProvider>
        </DockProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return chat as { send: Send };
}

const sent = (id: string): Message =>
  ({ id, conversation_id: 'c1', content: 'hello', sender_id: 'me', reactions: [] }) as unknown as Message;

function keysSent(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(
    ([, init]) =>
      (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'] ?? '',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('sending a message', () => {
  it('sends it again with the same Idempotency-Key when the first attempt failed, a new one for the next', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response(JSON.stringify(sent('m1')), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const chat = renderChat();

    let outcome: boolean | undefined;
    await act(async () => {
      outcome = await chat.send('hello', [], null);
    });
    expect(outcome).toBe(false);
    await act(async () => {
      outcome = await chat.send('hello', [], null);
    });
    expect(outcome).toBe(true);
    await act(async () => {
      await chat.send('another one', [], null);
    });

    const [first, retry, next] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
  });

  it('sends a message written while the previous one is on its way only once that one has its answer', async () => {
    let answerFirst = (_response: Response) => undefined as void;
    const fetchMock = vi
      .fn()
      .mockReturnValueOnce(new Promise<Response>((resolve) => (answerFirst = resolve)))
      .mockResolvedValue(new Response(JSON.stringify(sent('m2')), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const chat = renderChat();

    let first: Promise<boolean> | undefined;
    let second: Promise<boolean> | undefined;
    await act(async () => {
      first = chat.send('first', [], null);
      second = chat.send('second', [], null);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      answerFirst(new Response(JSON.stringify(sent('m1')), { status: 201 }));
      expect(await first).toBe(true);
      expect(await second).toBe(true);
    });
    const contents = fetchMock.mock.calls.map(
      ([, init]) => (JSON.parse(String((init as RequestInit).body)) as { content: string }).content,
    );
    expect(contents).toEqual(['first', 'second']);
  });
});
