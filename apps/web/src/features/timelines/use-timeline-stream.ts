import type { Status } from '@palchat/api';
import { useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Page } from '../../api/client';
import { holdsNewestPage } from '../../components/paging';
import { useInitialState } from '../../app/initial-state-context';
import { removeCachedStatus, replaceCachedStatus } from '../status/status-cache';
import { addPending, dropPending, takePending } from './pending-store';
import { timelineStream, type StreamParams } from './streaming';

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

function cachedIds(client: QueryClient, queryKey: QueryKey): Set<string> {
  const data = client.getQueryData<InfiniteData<Page<Status>>>(queryKey);
  return new Set(data?.pages.flatMap((page) => page.items.map((status) => status.id)) ?? []);
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

/** Streaming for one timeline: new statuses wait behind "N new posts" (one's own show at once). */
export function useTimelineStream(
  timelineId: string,
  queryKey: QueryKey,
  stream: StreamParams | undefined,
): void {
  const client = useQueryClient();
  const { identity, accessToken } = useInitialState();
  const key = JSON.stringify(queryKey);
  const streamJson = stream ? JSON.stringify(stream) : null;
  useEffect(() => {
    if (!streamJson || !identity.signedIn || !accessToken) return;
    const params = JSON.parse(streamJson) as StreamParams;
    const parsedKey = JSON.parse(key) as QueryKey;
    return timelineStream(accessToken).subscribe(params, (event, payload) => {
      if (event === 'update' && isStatus(payload)) {
        if (cachedIds(client, parsedKey).has(payload.id)) return;
        if (payload.account.id === identity.accountId)
          prependStatuses(client, parsedKey, [withCachedReblog(client, parsedKey, payload)]);
        else addPending(timelineId, payload);
      } else if (event === 'delete' && typeof payload === 'string') {
        dropPending(payload);
        removeCachedStatus(client, payload);
      } else if (event === 'status.update' && isStatus(payload)) {
        replaceCachedStatus(client, payload);
      }
    });
  }, [client, key, streamJson, timelineId, identity.signedIn, identity.accountId, accessToken]);
}
