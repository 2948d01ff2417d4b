import { NavLink } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { EmptyState } from '../../components/States';
import { SignInLink } from '../auth';
import { FILTER_SCOPES } from '../filters';
import { Timeline } from './Timeline';

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

export function LiveFeedTimeline({ feed, tabs }: { feed: LiveFeed; tabs: boolean }) {
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
