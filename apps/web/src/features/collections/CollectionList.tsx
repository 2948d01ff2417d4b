import './collections.css';
import type { Account } from '@palchat/api';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { ButtonLink } from '../../components/Button';
import { PREVIEW_AVATARS, useAccountCollections, usePreviewAccounts } from './use-collections';

/**
 * The profile's collections on its Featured view: name, description, how many accounts and a few avatars; the
 * curator also gets "New collection".
 */
export function CollectionList({ account, own }: { account: Account; own: boolean }) {
  const collections = useAccountCollections(account.id);
  const list = collections.data ?? [];
  const previews = usePreviewAccounts(list);
  const byId = new Map((previews.data ?? []).map((each) => [each.id, each]));
  if (collections.isPending) return <LoadingIndicator />;
  if (collections.isError) return <ErrorMessage error={collections.error} />;
  if (list.length === 0 && !own) return null;
  return (
    <section className="collection-list">
      <h3 className="section-title">
        <Msg id="collections.title" />
      </h3>
      {list.map((collection) => (
        <Link key={collection.id} className="collection-card" to={`/collections/${collection.id}`}>
          <span className="collection-card__name">
            <Icon name="list" size={18} /> {collection.name}
          </span>
          {collection.description && (
            <span className="collection-card__description">{collection.description}</span>
          )}
          <span className="collection-card__meta">
            <span className="collection-card__avatars">
              {collection.items.slice(0, PREVIEW_AVATARS).flatMap((item) => {
                const featured = item.account_id ? byId.get(item.account_id) : undefined;
                return featured
                  ? [<Avatar key={item.id} src={featured.avatar} size={24} alt={featured.acct} />]
                  : [];
              })}
            </span>
            <Msg id="collections.count" values={{ count: collection.item_count }} />
          </span>
        </Link>
      ))}
      {own && (
        <ButtonLink to="/collections/new" variant="secondary">
          <Icon name="add" size={18} />
          <Msg id="collections.new" />
        </ButtonLink>
      )}
    </section>
  );
}
