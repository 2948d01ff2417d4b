import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { FILTER_SCOPES } from '../filters';
import { SignedInTimeline } from './SignedInTimeline';

export function HomeView() {
  const t = useT();
  return (
    <SignedInTimeline
      timelineId="home"
      path="/api/v1/timelines/home"
      filterScope={FILTER_SCOPES.home}
      stream={{ stream: 'user' }}
      icon="home"
      title={t('column.home')}
      empty={<Msg id="empty.home" />}
    />
  );
}

/* Pinned multi-column versions (SPEC §2 "Layout"): the same views, parameters from the column setting. */
export const HomeColumn = (_: PinnedColumnProps) => <HomeView />;
