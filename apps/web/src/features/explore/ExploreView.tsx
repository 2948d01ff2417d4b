import './explore.css';
import type { Account, Status, Tag, TrendsLink } from '@palchat/api';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import { PagedList } from '../../components/PagedList';
import { StatusCard } from '../../components/StatusCard';
import { NotFoundView } from '../errors';
import { SearchBox, SearchResults } from '../search';
import { historyUsage } from '../timelines';
import { linkHost } from '../../components/link-host';
import { exploreKeys } from './query-keys';

const TABS = ['posts', 'tags', 'people', 'links'] as const;
type Tab = (typeof TABS)[number];

function uses(history: { uses: string }[]): number {
  return history.slice(0, 2).reduce((sum, day) => sum + Number(day.uses || 0), 0);
}

function TrendingTags() {
  const t = useT();
  return (
    <PagedList<Tag>
      queryKey={exploreKeys.tags}
      path="/api/v1/trends/tags"
      itemKey={(tag) => tag.name}
      renderItem={(tag) => (
        <NavLink to={`/tags/${encodeURIComponent(tag.name)}`} className="trend-row">
          <span className="trend-row__main">
            <strong>#{tag.name}</strong>
            <small>{t('explore.tag_uses', { count: uses(tag.history) })}</small>
          </span>
          <Icon name="trendingUp" size={20} />
        </NavLink>
      )}
      empty={<Msg id="empty.trends" />}
    />
  );
}

function TrendingLinks() {
  const t = useT();
  return (
    <PagedList<TrendsLink>
      queryKey={exploreKeys.links}
      path="/api/v1/trends/links"
      itemKey={(link) => link.url}
      renderItem={(link) => (
        <article className="trend-link">
          {link.image && (
            <a href={link.url} target="_blank" rel="noopener noreferrer" tabIndex={-1} aria-hidden="true">
              <img src={link.image} alt="" loading="lazy" />
            </a>
          )}
          <span>
            <small className="trend-link__provider">{link.provider_name || linkHost(link.url)}</small>
            <a href={link.url} target="_blank" rel="noopener noreferrer" className="trend-link__title">
              <strong>{link.title || link.url}</strong>
            </a>
            {link.description && <small>{link.description}</small>}
            <Link to={`/links/${encodeURIComponent(link.url)}`} className="trend-link__more">
              {t('explore.link_more', { count: historyUsage(link.history)?.participants ?? 0 })}
            </Link>
          </span>
        </article>
      )}
      empty={<Msg id="empty.trends" />}
    />
  );
}

export function ExploreView() {
  const t = useT();
  const { tab = 'posts' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  if (!(TABS as readonly string[]).includes(tab)) return <NotFoundView />;
  const current = tab as Tab;
  const tabLink = (to: Tab, label: string) => (
    <NavLink
      to={to === 'posts' ? '/explore' : `/explore/${to}`}
      end
      className={({ isActive }) => (isActive ? 'tab tab--active' : 'tab')}
    >
      {label}
    </NavLink>
  );
  return (
    <Column label={t('column.explore')}>
      <ColumnHeader icon="explore" title={t('column.explore')} />
      <SearchBox
        value={q}
        onSearch={(next) => void navigate(next ? `/search?q=${encodeURIComponent(next)}` : '/explore')}
      />
      {q ? (
        <SearchResults q={q} />
      ) : (
        <>
          <nav className="tabs" aria-label={t('column.explore')}>
            {tabLink('posts', t('explore.posts'))}
            {tabLink('tags', t('explore.hashtags'))}
            {tabLink('people', t('explore.people'))}
            {tabLink('links', t('explore.news'))}
          </nav>
          {current === 'posts' && (
            <PagedList<Status>
              queryKey={exploreKeys.statuses}
              path="/api/v1/trends/statuses"
              itemKey={(status) => status.id}
              renderItem={(status) => <StatusCard status={status} />}
              empty={<Msg id="empty.trends" />}
            />
          )}
          {current === 'tags' && <TrendingTags />}
          {current === 'people' && (
            <PagedList<Account>
              queryKey={exploreKeys.people}
              path="/api/v1/directory"
              query={{ order: 'active', local: true }}
              itemKey={(account) => account.id}
              renderItem={(account) => <AccountRow account={account} />}
              empty={<Msg id="empty.directory" />}
            />
          )}
          {current === 'links' && <TrendingLinks />}
        </>
      )}
    </Column>
  );
}
