import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationPage, Message } from '../model';
import { conversationMessagesOptions } from './queries';
import {
  CHAT_WINDOW_PAGES,
  holdsNewest,
  newerPageParam,
  newestPageOnly,
  olderPageParam,
  type ChatPages,
} from './window';

const PAGE = 50;
const TOTAL = 1000;

/** A conversation of messages 1…1000 (ids zero-padded so they sort as the server's do), served as it pages. */
function serve(url: string): ConversationPage {
  const query = new URL(url, 'http://x').searchParams;
  const maxId = query.get('max_id');
  const minId = query.get('min_id');
  const ids = Array.from({ length: TOTAL }, (_, i) => i + 1);
  let page: number[];
  let hasMore: boolean;
  if (minId && !maxId) {
    const newer = ids.filter((id) => id > Number(minId));
    page = newer.slice(0, PAGE);
    hasMore = newer.length > PAGE;
  } else {
    const older = ids.filter((id) => !maxId || id < Number(maxId));
    page = older.slice(-PAGE);
    hasMore = older.length > PAGE;
  }
  const messages = page.map((id) => ({ id: String(id).padStart(5, '0') }) as Message);
  return { conversation: { id: 'c1' }, messages, has_more: hasMore } as ConversationPage;
}

const ids = (data: ChatPages | undefined) =>
  (data?.pages ?? []).map((page) => [page.messages[0]?.id, page.messages.at(-1)?.id].map(Number));

afterEach(() => vi.unstubAllGlobals());

describe('the chat history window', () => {
  it('keeps at most CHAT_WINDOW_PAGES pages: going back drops the newest, coming down again drops the oldest', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify(serve(url)), { status: 200 }))),
    );
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver(client, conversationMessagesOptions('c1'));
    const unsubscribe = observer.subscribe(() => undefined);
    const data = (): ChatPages => {
      const held = client.getQueryData<ChatPages>(['messages', 'conversation', 'c1']);
      if (!held) throw new Error('no data');
      return held;
    };
    await observer.refetch();
    expect(ids(data())).toEqual([[951, 1000]]);
    expect(holdsNewest(data())).toBe(true);

    for (let i = 0; i < 8; i += 1) await observer.fetchNextPage();
    expect(data().pages).toHaveLength(CHAT_WINDOW_PAGES);
    // the 5th to 9th pages back: messages 551…800, newest page first
    expect(ids(data())).toEqual([
      [751, 800],
      [701, 750],
      [651, 700],
      [601, 650],
      [551, 600],
    ]);
    expect(holdsNewest(data())).toBe(false);
    expect(observer.getCurrentResult().hasPreviousPage).toBe(true);

    await observer.fetchPreviousPage();
    expect(ids(data())[0]).toEqual([801, 850]);
    expect(ids(data()).at(-1)).toEqual([601, 650]);
    for (let i = 0; i < 3; i += 1) await observer.fetchPreviousPage();
    expect(data().pages).toHaveLength(CHAT_WINDOW_PAGES);
    expect(ids(data())[0]).toEqual([951, 1000]);
    expect(holdsNewest(data())).toBe(true);
    expect(observer.getCurrentResult().hasPreviousPage).toBe(false);
    // and going back from there still finds the older pages
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    unsubscribe();
  });

  it('names the pages next to the window', () => {
    const page = (first: number, last: number, hasMore: boolean) =>
      ({
        messages: [{ id: String(first) }, { id: String(last) }],
        has_more: hasMore,
      }) as unknown as ConversationPage;
    expect(olderPageParam(page(10, 20, true), undefined)).toEqual({ max_id: '10' });
    expect(olderPageParam(page(10, 20, false), { max_id: '21' })).toBeUndefined();
    // a page read forward says nothing about older ones, but its min_id was one
    expect(olderPageParam(page(10, 20, false), { min_id: '9' })).toEqual({ max_id: '10' });
    expect(newerPageParam(page(10, 20, true), undefined)).toBeUndefined();
    expect(newerPageParam(page(10, 20, false), { max_id: '21' })).toEqual({ min_id: '20' });
    expect(newerPageParam(page(10, 20, true), { min_id: '9' })).toEqual({ min_id: '20' });
    expect(newerPageParam(page(10, 20, false), { min_id: '9' })).toBeUndefined();
  });

  it('keeps the newest page of a closed chat, or nothing when the window had moved away', () => {
    const page = { messages: [{ id: '1' }], has_more: true } as unknown as ConversationPage;
    expect(newestPageOnly({ pages: [page, page, page], pageParams: [undefined, { max_id: '1' }, { max_id: '0' }] }))
      .toEqual({ pages: [page], pageParams: [undefined] });
    expect(newestPageOnly({ pages: [page], pageParams: [{ max_id: '5' }] })).toBeUndefined();
    expect(newestPageOnly(undefined)).toBeUndefined();
  });
});
