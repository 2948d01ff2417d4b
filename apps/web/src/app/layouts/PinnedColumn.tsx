import type { Column as ColumnSetting, ColumnType } from '@palchat/api';
// eslint-disable-next-line no-restricted-imports -- the timelines render with the first-screen catalogue
import { lazy, memo, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { LoadingIndicator } from '../../components/States';
import { Drawer } from './Drawer';
import { PinnedColumnContext, type PinnedColumnProps } from '../../platform/pinned-column-context';

type ColumnView = LazyExoticComponent<ComponentType<PinnedColumnProps>>;

const timelines = () => import('../../features/timelines/first-screen-views');
const fromTimelines = (name: string): ColumnView =>
  lazy(async () => ({
    default: (await timelines())[name as 'HomeColumn'] as ComponentType<PinnedColumnProps>,
  }));

/** Every column type of SPEC §2 "Layout" (compose is the drawer) rendered with its real view. */
const COLUMN_VIEWS: Record<Exclude<ColumnType, 'compose'>, ColumnView> = {
  home: fromTimelines('HomeColumn'),
  public: fromTimelines('FederatedColumn'),
  community: fromTimelines('CommunityColumn'),
  remote: fromTimelines('RemoteColumn'),
  hashtag: lazyWithMessages(async () => ({
    default: (await import('../../features/timelines/HashtagView')).HashtagColumn,
  })),
  direct: lazyWithMessages(async () => ({
    default: (await import('../../features/timelines/ConversationsView')).DirectTimeline,
  })),
  favourites: fromTimelines('FavouritesColumn'),
  bookmarks: fromTimelines('BookmarksColumn'),
  notifications: lazyWithMessages(async () => ({
    default: (await import('../../features/notifications/route-views')).NotificationsColumn,
  })),
  list: lazyWithMessages(async () => ({
    default: (await import('../../features/lists/route-views')).ListColumn,
  })),
  directory: lazyWithMessages(async () => ({
    default: (await import('../../features/directory/DirectoryView')).DirectoryColumn,
  })),
};

/**
 * A pinned column. When the route names it, it is the selected one: scrolled into view, focused and marked, so
 * that a link to it (the drawer's bell, the navigation) leads to the column already on screen.
 */
export const PinnedColumn = memo(function PinnedColumn({
  column,
  selected = false,
}: {
  column: ColumnSetting;
  selected?: boolean;
}) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!selected || !slot.current) return;
    slot.current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    slot.current.focus({ preventScroll: true });
  }, [selected]);
  if (column.id === 'compose')
    return (
      <PinnedColumnContext.Provider value={column}>
        <Drawer />
      </PinnedColumnContext.Provider>
    );
  const View = COLUMN_VIEWS[column.id];
  return (
    <div
      ref={slot}
      className={selected ? 'column-slot column-slot--selected' : 'column-slot'}
      data-column={column.id}
      tabIndex={selected ? -1 : undefined}
      aria-current={selected ? 'location' : undefined}
    >
      <PinnedColumnContext.Provider value={column}>
        <Suspense fallback={<LoadingIndicator />}>
          <View params={column.params} />
        </Suspense>
      </PinnedColumnContext.Provider>
    </div>
  );
});
