import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { FILTER_SCOPES } from '../filters';
import { SignedInTimeline } from './SignedInTimeline';

export function FavouritesView() {
  const t = useT();
  return (
    <SignedInTimeline
      timelineId="favourites"
      path="/api/v1/favourites"
      filterScope={FILTER_SCOPES.saved}
      icon="star"
      title={t('column.favourites')}
      empty={<Msg id="empty.favourites" />}
    />
  );
}

export const FavouritesColumn = (_: PinnedColumnProps) => <FavouritesView />;
