import type { DirectConversation } from '@palchat/api';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  CONVERSATIONS_KEY,
  isConversation,
  receiveConversation,
  replaceConversation,
  upsertConversation,
  type ConversationPages,
} from './conversations';

const conversation = (id: string, unread = false) =>
  ({ id, unread, accounts: [], last_status: null }) as DirectConversation;

const pages = (...ids: string[][]): ConversationPages => ({
  pageParams: ids.map((_, index) => (index === 0 ? null : `page-${index}`)),
  pages: ids.map((items) => ({ items: items.map((id) => conversation(id)), next: null, prev: null })),
});

const ids = (data: ConversationPages | undefined) =>
  data?.pages.map((page) => page.items.map((item) => item.id));

describe('conversation list updates', () => {
  it('puts a new conversation on top', () => {
    expect(ids(upsertConversation(pages(['2', '1']), conversation('3', true)))).toEqual([['3', '2', '1']]);
  });

  it('moves an updated conversation to the top, replacing its older copy on any page', () => {
    const next = upsertConversation(pages(['3', '2'], ['1']), conversation('1', true));
    expect(ids(next)).toEqual([['1', '3', '2'], []]);
    expect(next?.pages[0]?.items[0]?.unread).toBe(true);
  });

  it('replaces in place when marked read, and leaves an unloaded list alone', () => {
    const data = pages(['3', '2']);
    data.pages[0]!.items[1] = conversation('2', true);
    const next = replaceConversation(data, conversation('2', false));
    expect(ids(next)).toEqual([['3', '2']]);
    expect(next?.pages[0]?.items[1]?.unread).toBe(false);
    expect(upsertConversation(undefined, conversation('1'))).toBeUndefined();
  });

  it('recognizes a conversation payload', () => {
    expect(isConversation(conversation('1'))).toBe(true);
    expect(isConversation({ id: '1' })).toBe(false);
    expect(isConversation('1')).toBe(false);
  });
});

describe('a streamed conversation', () => {
  it('joins the cached list on top', () => {
    const client = new QueryClient();
    client.setQueryData(CONVERSATIONS_KEY, pages(['1']));
    receiveConversation(client, conversation('2', true));
    expect(ids(client.getQueryData(CONVERSATIONS_KEY))).toEqual([['2', '1']]);
  });

  it('makes a first page still on its way load again: it may have been read before the conversation', async () => {
    const client = new QueryClient();
    const answers = [
      new Promise<never>(() => undefined),
      Promise.resolve(pages(['2'])).then((data) => data.pages[0]),
    ];
    const fetchPage = vi.fn(() => answers.shift() ?? Promise.reject(new Error('one read too many')));
    // the list on screen observes the query, as PagedList does
    const observer = new InfiniteQueryObserver(client, {
      queryKey: CONVERSATIONS_KEY,
      queryFn: fetchPage,
      initialPageParam: null,
      getNextPageParam: () => null,
    });
    const stop = observer.subscribe(() => undefined);
    receiveConversation(client, conversation('2', true));
    await vi.waitFor(() => expect(ids(client.getQueryData(CONVERSATIONS_KEY))).toEqual([['2']]));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    stop();
  });
});
