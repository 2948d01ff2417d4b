import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { Suspense, useMemo, useRef, type ReactNode } from 'react';
import type { StateSnapshot, VirtuosoHandle } from 'react-virtuoso';
import { api, type Page, type QueryValue } from '../api/client';
import { useScrollParent } from '../platform/layout-context';
import { PlainList, plainListSnapshot } from './PlainList';
import { EmptyState, ErrorMessage, LoadingIndicator } from './States';
import type { IconName } from './icons';
import { listPosition } from './list-position';
import { holdsNewestPage, nextPageParam, previousPageParam } from './paging';
import { useListPosition } from './use-list-position';
import { useRowsHeldWhileSettling } from './use-rows-held-while-settling';
import { useVirtualList } from './use-virtual-list';

/**
 * Keep memory bounded: at most this many pages stay in the cache for a list. Scrolling further down drops the
 * newest page; scrolling back up fetches it again through the first held page's `prev` link (min_id), and
 * VirtualList's firstItemIndex keeps the rows on screen still while pages come and go above them.
 */
const MAX_PAGES = 10;

/** Fetches one page: the list's path (first page, `url` null) or a `Link` URL it answered. */
export type PageFetcher<T> = (url: string | null, signal: AbortSignal) => Promise<Page<T>>;

interface PagedListProps<T, R = T> {
  queryKey: QueryKey;
  path: string;
  query?: Record<string, QueryValue>;
  /** for lists that are not a plain JSON array paged by `Link` (e.g. one type of search results) */
  fetchPage?: PageFetcher<T>;
  bearer?: boolean;
  enabled?: boolean;
  /** how long loaded pages count as current (a streamed timeline's: for as long as its stream keeps them so) */
  staleTime?: number;
  itemKey: (item: R) => string;
  /** items to leave out (e.g. oneself in suggestions) */
  filter?: (item: T) => boolean;
  /** turns the loaded items into the rows shown (e.g. grouped notifications) */
  transform?: (items: T[]) => R[];
  renderItem: (item: R) => ReactNode;
  empty: ReactNode;
  emptyIcon?: IconName;
  /** rendered above the items (inside the scroller) */
  header?: ReactNode;
}

/**
 * A server list followed page by page through `Link: <…>; rel="next"`: the first page renders its rows directly,
 * and the list is virtualized with react-virtuoso once it grows. Back (or Forward) to it shows it where the
 * reader left it, in either form (use-list-position.ts).
 */
export function PagedList<T, R = T>(props: PagedListProps<T, R>) {
  const { queryKey, path, query, bearer, enabled = true, fetchPage, staleTime = 0 } = props;
  const result = useInfiniteQuery({
    queryKey,
    enabled,
    staleTime,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<Page<T>> =>
      fetchPage
        ? fetchPage(pageParam, signal)
        : api.page<T>(pageParam ?? path, pageParam ? { signal, bearer } : { query, signal, bearer }),
    getNextPageParam: nextPageParam,
    getPreviousPageParam: (first, _all, firstParam) => previousPageParam(first, firstParam),
    maxPages: MAX_PAGES,
  });
  const scrollParent = useScrollParent();
  const plainListRef = useRef<HTMLDivElement>(null);
  const { handover: virtual, grow } = useVirtualList(plainListRef, scrollParent);
  const { filter, transform } = props;
  const items = useMemo((): R[] => {
    const all = result.data?.pages.flatMap((page) => page.items) ?? [];
    const kept = filter ? all.filter(filter) : all;
    return transform ? transform(kept) : (kept as unknown as R[]);
  }, [result.data, filter, transform]);
  const { itemKey } = props;
  const keys = useMemo(() => items.map(itemKey), [items, itemKey]);
  const virtuosoRef = useRef<VirtuosoHandle>(null);
  const virtuosoState = () => {
    let state: StateSnapshot | undefined;
    virtuosoRef.current?.getState((current) => (state = current));
    return state;
  };
  const restored = useListPosition(JSON.stringify(queryKey), keys, scrollParent, () => {
    const snapshot = virtual
      ? virtuosoState()
      : plainListRef.current && plainListSnapshot(plainListRef.current, scrollParent);
    return snapshot ? listPosition(snapshot, shownKeys) : undefined;
  });
  // coming back virtualized: new rows wait for the restored position to settle; not at the plain list's
  // handover, where the reader is scrolling toward the next page, which must not wait
  const restoredVirtual = virtual && !virtual.snapshot ? (restored ?? undefined) : undefined;
  const shown = useRowsHeldWhileSettling(items, restoredVirtual, virtuosoState);
  const shownKeys = useMemo(() => shown.map(itemKey), [shown, itemKey]);

  if (result.isPending && enabled) return <LoadingIndicator />;
  if (result.isError) return <ErrorMessage error={result.error} onRetry={() => void result.refetch()} />;
  if (items.length === 0)
    return (
      <>
        {props.header}
        <EmptyState icon={props.emptyIcon}>{props.empty}</EmptyState>
      </>
    );
  const listProps = {
    items: shown,
    scrollParent,
    itemKey: props.itemKey,
    renderItem: props.renderItem,
    header: result.isFetchingPreviousPage ? (
      <>
        {props.header}
        <LoadingIndicator inline />
      </>
    ) : (
      props.header
    ),
    footer: result.isFetchingNextPage ? <LoadingIndicator inline /> : null,
    onEndReached: () => {
      if (result.hasNextPage && !result.isFetchingNextPage) void result.fetchNextPage();
    },
  };
  return (
    <Suspense fallback={<LoadingIndicator />}>
      {virtual ? (
        <virtual.VirtualList<R>
          {...listProps}
          headLoaded={result.data ? holdsNewestPage(result.data) : true}
          onStartReached={() => {
            if (result.hasPreviousPage && !result.isFetchingPreviousPage) void result.fetchPreviousPage();
          }}
          restoreStateFrom={virtual.snapshot ?? restored ?? undefined}
          handleRef={virtuosoRef}
        />
      ) : (
        <PlainList<R>
          {...listProps}
          listRef={plainListRef}
          restoreStateFrom={restored}
          onEndReached={() => {
            if (result.hasNextPage) grow();
            listProps.onEndReached();
          }}
        />
      )}
    </Suspense>
  );
}
