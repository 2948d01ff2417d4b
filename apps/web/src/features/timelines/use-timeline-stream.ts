import type { Status } from '@palchat/api';
import { useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, type Page, type QueryValue } from '../../api/client';
import { holdsNewestPage } from '../../components/paging';
import { useInitialState } from '../../platform/initial-state-context';
import { removeCachedStatus, replaceCachedStatus } from '../../api/status-cache';
import { addPending, dropPending, pendingStore, takePending } from './pending-store';
import { isShownAlready } from './shown-already';
import { sharedStream, type StreamParams } from '../../api/streaming';

function isStatus(value: unknown): value is Status {
  return (
    typeof value === 'object' && value !== null && 'id' in value && 'account' in value && 'content' in value
  );
}

/** A streamed boost carries the boosted status without the viewer's flags: reuse the cached copy. */
function withCachedReblog(client: QueryClient, queryKey: QueryKey, status: Status): Status {
  if (!status.reblog) return status;
  const data = client.getQueryData<InfiniteData<Page<Status>>>(queryKey);
  const innerId = status.reblog.id;
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      const cached = item.id === innerId ? item : item.reblog?.id === innerId ? item.reblog : null;
      if (cached) return { ...status, reblog: cached };
    }
  }
  return status;
}

/** What the timeline holds or waits to show ("N new posts"). */
function* heldStatuses(client: QueryClient, queryKey: QueryKey, timelineId: string): Generator<Status> {
  const data = client.getQueryData<InfiniteData<Page<Status>>>(queryKey);
  for (const page of data?.pages ?? []) yield* page.items;
  yield* pendingStore.get().get(timelineId) ?? [];
}

/**
 * Puts statuses on top of the timeline's first page (newest first), skipping ones already there. When the
 * newest page was dropped (a long scroll), they come back with it when the reader scrolls up.
 */
export function prependStatuses(client: QueryClient, queryKey: QueryKey, statuses: readonly Status[]): void {
  if (statuses.length === 0) return;
  client.setQueryData<InfiniteData<Page<Status>>>(queryKey, (data) => {
    if (!data || !holdsNewestPage(data)) return data;
    const known = new Set(data.pages.flatMap((page) => page.items.map((status) => status.id)));
    const fresh = statuses.filter((status) => !known.has(status.id));
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, items: [...fresh, ...first.items] }, ...rest] };
  });
}

/** "N new posts": on top of the newest page, or the timeline starts again from the newest when it was dropped. */
export function showPending(client: QueryClient, timelineId: string, queryKey: QueryKey): void {
  const pending = takePending(timelineId);
  const data = client.getQueryData<InfiniteData<Page<Status>>>(queryKey);
  if (data && !holdsNewestPage(data)) void client.resetQueries({ queryKey, exact: true });
  else prependStatuses(client, queryKey, pending);
}

/** How many statuses a reconnected timeline asks for, at most, of what was posted while it was away. */
const CATCH_UP_LIMIT = 40;

/** Where a timeline's pages come from, for the catch-up after a reconnect. */
export interface TimelineSource {
  path: string;
  query?: Record<string, QueryValue>;
}

/**
 * Once the stream listens (the socket opened, or opened again after a drop): what was posted since the newest
 * status the timeline holds, received as if it had been streamed. Nothing to do while the first page loads, or
 * when the newest page was dropped (it comes back when the reader scrolls up).
 */
export async function catchUp(
  client: QueryClient,
  queryKey: QueryKey,
  source: TimelineSource,
  receive: (status: Status) => void,
): Promise<void> {
  const data = client.getQueryData<InfiniteData<Page<Status>>>(queryKey);
  const newest = data && holdsNewestPage(data) ? data.pages[0]?.items[0]?.id : undefined;
  if (!newest) return;
  const page = await api.page<Status>(source.path, {
    query: { ...source.query, since_id: newest, limit: CATCH_UP_LIMIT },
  });
  // oldest first, as they would have streamed
  for (const status of [...page.items].reverse()) receive(status);
}

/**
 * Streaming for one timeline: new statuses wait behind "N new posts" (one's own show at once); once the stream
 * listens (a reconnect, or the timeline shown again), what was posted meanwhile joins them. Answers whether the
 * timeline is streamed (signed in, with a stream).
 */
export function useTimelineStream(
  timelineId: string,
  queryKey: QueryKey,
  stream: StreamParams | undefined,
  source: TimelineSource,
): boolean {
  const client = useQueryClient();
  const { identity, accessToken } = useInitialState();
  const key = JSON.stringify(queryKey);
  const streamJson = stream ? JSON.stringify(stream) : null;
  const sourceJson = JSON.stringify(source);
  useEffect(() => {
    if (!streamJson || !identity.signedIn || !accessToken) return;
    const params = JSON.parse(streamJson) as StreamParams;
    const parsedKey = JSON.parse(key) as QueryKey;
    const parsedSource = JSON.parse(sourceJson) as TimelineSource;
    const receive = (status: Status) => {
      if (isShownAlready(status, heldStatuses(client, parsedKey, timelineId))) return;
      if (status.account.id === identity.accountId)
        prependStatuses(client, parsedKey, [withCachedReblog(client, parsedKey, status)]);
      else addPending(timelineId, status);
    };
    return sharedStream(accessToken).subscribe(
      params,
      (event, payload) => {
        if (event === 'update' && isStatus(payload)) {
          receive(payload);
        } else if (event === 'delete' && typeof payload === 'string') {
          dropPending(payload);
          removeCachedStatus(client, payload);
        } else if (event === 'status.update' && isStatus(payload)) {
          replaceCachedStatus(client, payload);
        }
      },
      { onSubscribed: () => void catchUp(client, parsedKey, parsedSource, receive).catch(() => undefined) },
    );
  }, [client, key, streamJson, sourceJson, timelineId, identity.signedIn, identity.accountId, accessToken]);
  return Boolean(streamJson && identity.signedIn && accessToken);
}
