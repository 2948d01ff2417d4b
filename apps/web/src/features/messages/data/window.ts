import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationPage } from '../model';

/**
 * The window of a chat's history held in memory: at most CHAT_WINDOW_PAGES pages of 50 messages around the
 * view. Scrolling up past it drops the newest page (max_id loads the older one); scrolling back down loads the
 * newer pages again with min_id and drops the oldest (TanStack Query's maxPages does the dropping).
 */
export const CHAT_WINDOW_PAGES = 5;

/** How a page was asked for: the newest (undefined), older than max_id, or newer than min_id. */
export type ChatPageParam = { max_id: string } | { min_id: string } | undefined;

export type ChatPages = InfiniteData<ConversationPage, ChatPageParam>;

/**
 * Older messages below the last page held. has_more tells it for a page read going back (newest or max_id);
 * a page read going forward (min_id) always has older ones: the message its min_id named.
 */
export function olderPageParam(last: ConversationPage, lastParam: ChatPageParam): ChatPageParam {
  const oldest = last.messages[0]?.id;
  if (!oldest) return undefined;
  const fetchedForward = lastParam !== undefined && 'min_id' in lastParam;
  return fetchedForward || last.has_more ? { max_id: oldest } : undefined;
}

/**
 * Newer messages above the first page held: none when it is the newest page; after a min_id page only while
 * the server said more follow; a max_id page is first only because newer pages were dropped.
 */
export function newerPageParam(first: ConversationPage, firstParam: ChatPageParam): ChatPageParam {
  const newest = first.messages.at(-1)?.id;
  if (firstParam === undefined || !newest) return undefined;
  if ('min_id' in firstParam && !first.has_more) return undefined;
  return { min_id: newest };
}

/** Whether the held pages end at the conversation's newest message (where new messages are appended). */
export function holdsNewest(data: ChatPages): boolean {
  const first = data.pages[0];
  return first !== undefined && newerPageParam(first, data.pageParams[0]) === undefined;
}

/**
 * What a closed chat keeps for its next opening, which starts at the newest message: the newest page alone, or
 * nothing (undefined: read it again) when the window had moved away from it.
 */
export function newestPageOnly(data: ChatPages | undefined): ChatPages | undefined {
  if (!data || !holdsNewest(data)) return undefined;
  const first = data.pages[0];
  if (!first) return undefined;
  // a min_id page that reached the end may be short: start again from the newest page proper
  if (data.pageParams[0] !== undefined) return undefined;
  return { pages: [first], pageParams: [undefined] };
}
