import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { FILTER_SCOPES } from '../filters';
import { SignedInTimeline } from './SignedInTimeline';

export function BookmarksView() {
  const t = useT();
  return (
    <SignedInTimeline
      timelineId="bookmarks"
      path="/api/v1/bookmarks"
      filterScope={FILTER_SCOPES.saved}
      icon="bookmark"
      title={t('column.bookmarks')}
      empty={<Msg id="empty.bookmarks" />}
    />
  );
}

export const BookmarksColumn = (_: PinnedColumnProps) => <BookmarksView />;
