import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { preloadableLazy } from '../app/preloadable-lazy';
import type { VirtualListProps } from './VirtualList';
import { api, type Page, type QueryValue } from '../api/client';
import { useScrollParent } from '../app/layout-context';
import { EmptyState, ErrorMessage, LoadingIndicator } from './States';
import type { IconName } from './icons';

// Loaded while the first page is on its way, so that the answer renders at once instead of suspending.
const VirtualListModule = preloadableLazy(() => import('./VirtualList'));
const VirtualList = VirtualListModule as unknown as <T>(props: VirtualListProps<T>) => ReactNode;

/** Keep memory bounded: at most this many pages stay in the cache for a list. */
const MAX_PAGES = 10;

interface PagedListProps<T, R = T> {
  queryKey: QueryKey;
  path: string;
  query?: Record<string, QueryValue>;
  bearer?: boolean;
  enabled?: boolean;
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

/** A server list followed page by page through `Link: <…>; rel="next"`, virtualized with react-virtuoso. */
export function PagedList<T, R = T>(props: PagedListProps<T, R>) {
  const { queryKey, path, query, bearer, enabled = true } = props;
  const result = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<Page<T>> =>
      pageParam ? api.page<T>(pageParam, { signal, bearer }) : api.page<T>(path, { query, signal, bearer }),
    getNextPageParam: (last) => (last.items.length > 0 ? last.next : null),
    maxPages: MAX_PAGES,
  });
  useEffect(() => {
    if (enabled) void VirtualListModule.preload();
  }, [enabled]);
  const scrollParent = useScrollParent();
  const { filter, transform } = props;
  const items = useMemo((): R[] => {
    const all = result.data?.pages.flatMap((page) => page.items) ?? [];
    const kept = filter ? all.filter(filter) : all;
    return transform ? transform(kept) : (kept as unknown as R[]);
  }, [result.data, filter, transform]);

  if (result.isPending && enabled) return <LoadingIndicator />;
  if (result.isError) return <ErrorMessage error={result.error} onRetry={() => void result.refetch()} />;
  if (items.length === 0)
    return (
      <>
        {props.header}
        <EmptyState icon={props.emptyIcon}>{props.empty}</EmptyState>
      </>
    );
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <VirtualList<R>
        items={items}
        scrollParent={scrollParent}
        itemKey={props.itemKey}
        renderItem={props.renderItem}
        header={props.header}
        footer={result.isFetchingNextPage ? <LoadingIndicator inline /> : null}
        onEndReached={() => {
          if (result.hasNextPage && !result.isFetchingNextPage) void result.fetchNextPage();
        }}
      />
    </Suspense>
  );
}
