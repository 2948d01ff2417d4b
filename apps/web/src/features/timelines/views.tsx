import { NavLink } from 'react-router';
import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { RequireSignIn } from '../../components/RequireSignIn';
import { EmptyState } from '../../components/States';
import { SignInLink } from '../auth/SignUpButton';
import { FILTER_SCOPES } from '../filters/filter-rules';
import { Timeline, type TimelineProps } from './Timeline';

/** A timeline only a signed-in user has; signed-out visitors are asked to sign in. */
function SignedInTimeline(props: TimelineProps) {
  return (
    <RequireSignIn icon={props.icon} title={props.title}>
      <Timeline {...props} />
    </RequireSignIn>
  );
}

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

type LiveFeed = 'community' | 'remote' | 'public';

function LiveFeedTabs() {
  const t = useT();
  const tab = (to: string, label: string) => (
    <NavLink to={to} end className={({ isActive }) => (isActive ? 'tab tab--active' : 'tab')}>
      {label}
    </NavLink>
  );
  return (
    <nav className="tabs" aria-label={t('column.live_feeds')}>
      {tab('/public/local', t('live_feeds.local'))}
      {tab('/public/remote', t('live_feeds.remote'))}
      {tab('/public', t('live_feeds.all'))}
    </nav>
  );
}

function LiveFeedTimeline({ feed, tabs }: { feed: LiveFeed; tabs: boolean }) {
  const t = useT();
  const { identity, server } = useInitialState();
  const title = t(
    feed === 'community' ? 'column.community' : feed === 'remote' ? 'column.remote' : 'column.public',
  );
  if (!identity.signedIn && !server.publicTimelinesVisible) {
    return (
      <Column label={title}>
        <ColumnHeader icon="public" title={title} />
        <ColumnBody padded>
          <EmptyState icon="lock">
            <p>
              <Msg id="live_feeds.visitors_disabled" />
            </p>
            <SignInLink />
          </EmptyState>
        </ColumnBody>
      </Column>
    );
  }
  const query = feed === 'community' ? { local: true } : feed === 'remote' ? { remote: true } : undefined;
  return (
    <Timeline
      timelineId={feed}
      path="/api/v1/timelines/public"
      filterScope={FILTER_SCOPES.public}
      stream={{
        stream: feed === 'community' ? 'public:local' : feed === 'remote' ? 'public:remote' : 'public',
      }}
      query={query}
      icon={feed === 'community' ? 'people' : 'public'}
      title={title}
      prepend={tabs ? <LiveFeedTabs /> : undefined}
      empty={
        <Msg
          id={feed === 'community' ? 'empty.community' : feed === 'remote' ? 'empty.remote' : 'empty.public'}
        />
      }
    />
  );
}

export const CommunityView = () => <LiveFeedTimeline feed="community" tabs />;
export const RemoteView = () => <LiveFeedTimeline feed="remote" tabs />;
export const FederatedView = () => <LiveFeedTimeline feed="public" tabs />;

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

export function PinnedView() {
  const t = useT();
  const { identity } = useInitialState();
  return (
    <SignedInTimeline
      timelineId="pinned"
      path={`/api/v1/accounts/${identity.accountId ?? ''}/statuses`}
      query={{ pinned: true }}
      icon="pin"
      title={t('column.pinned')}
      showBack
      empty={<Msg id="empty.pinned" />}
    />
  );
}

/* Pinned multi-column versions (SPEC §2 "Layout"): the same views, parameters from the column setting. */
export const HomeColumn = (_: PinnedColumnProps) => <HomeView />;
export const CommunityColumn = (_: PinnedColumnProps) => <LiveFeedTimeline feed="community" tabs={false} />;
export const RemoteColumn = (_: PinnedColumnProps) => <LiveFeedTimeline feed="remote" tabs={false} />;
export const FederatedColumn = (_: PinnedColumnProps) => <LiveFeedTimeline feed="public" tabs={false} />;
export const FavouritesColumn = (_: PinnedColumnProps) => <FavouritesView />;
export const BookmarksColumn = (_: PinnedColumnProps) => <BookmarksView />;
