import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message, Participant } from '../model';
import { receiptState } from '../rules/receipts';
import { DockProvider, useDock } from '../state/dock-context';
import { ToastProvider } from '../../../platform/toasts';
import { useFirstMessages } from './use-first-messages';
import english from '../../../locales/en.json';

type Probe = ReturnType<typeof useFirstMessages> & { conversationId: string | null };

const recipient = { id: 'u2', username: 'ben', display_name: 'Ben', avatar: '' } as Participant;

function renderNewChat(): { current: () => Probe } {
  let latest: Probe | undefined;
  function ProbeView() {
    const dock = useDock();
    latest = {
      ...useFirstMessages(recipient, { known: true, encrypted: false, because: null }),
      conversationId: dock.conversationId,
    };
    return null;
  }
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DockProvider currentUserId="me">
          <ToastProvider>
            <ProbeView />
          </ToastProvider>
        </DockProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return { current: () => latest as Probe };
}

const stored = {
  id: 'm1',
  conversation_id: 'c9',
  content: 'hello',
  sender: { id: 'me', username: 'me', display_name: '', avatar: '' },
  sender_id: 'me',
  read_by: [],
  reactions: [],
  media_attachments: [],
} as unknown as Message;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('the first message to someone', () => {
  it('shows at once as sent, stays with a retry after a failure, and the retry reuses its Idempotency-Key', async () => {
    let answerSend: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url.endsWith('/api/v1/friend_messages')) {
        if (fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').length === 1)
          return new Promise<Response>((resolve) => (answerSend = resolve));
        return Promise.resolve(json(stored, 201));
      }
      if (url.includes('/conversations/c9'))
        return Promise.resolve(json({ conversation: { id: 'c9' }, messages: [stored], has_more: false }));
      return Promise.resolve(json([]));
    });
    vi.stubGlobal('fetch', fetchMock);
    const chat = renderNewChat();

    await act(async () => {
      expect(await chat.current().send('hello', [], null)).toBe(true);
    });
    // before the server answered: in the chat, as sent
    const [shown] = chat.current().entries;
    expect(shown?.message.content).toBe('hello');
    expect(shown && receiptState(shown.message, 'me')).toBe('sent');
    expect(shown?.failed).toBe(false);

    await act(async () => answerSend(json({ error: 'Service unavailable' }, 503)));
    await waitFor(() => expect(chat.current().entries[0]?.failed).toBe(true));
    expect(chat.current().conversationId).toBeNull();

    const failed = chat.current().entries[0];
    if (!failed) throw new Error('the failed message is gone');
    act(() => chat.current().retry(failed));
    await waitFor(() => expect(chat.current().conversationId).toBe('c9'));

    const sends = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    const keys = sends.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(sends[1]?.[1]?.body))).toMatchObject({ recipient_id: 'u2', content: 'hello' });
  });
});
