import './collections.css';
import type { CollectionWithAccounts } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Button } from '../../components/Button';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { ColumnSearch } from '../../components/ColumnSearch';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { FollowButton, accounts } from '../account';
import { collectionItems, collections } from './api';
import { collectionKeys } from './query-keys';
import { useCollection } from './use-collections';

/** `/collections/:id`: a collection's accounts, with follow buttons; its curator adds, removes and deletes. */
export function CollectionView() {
  const t = useT();
  const { id = '' } = useParams();
  const { identity } = useInitialState();
  const collection = useCollection(id);
  const data = collection.data;
  const own = identity.signedIn && data?.collection.account_id === identity.accountId;
  const title = data?.collection.name ?? t('collections.title');
  return (
    <Column label={title}>
      <ColumnHeader icon="list" title={title} showBack />
      <ColumnBody padded>
        {collection.isPending ? (
          <LoadingIndicator />
        ) : collection.isError ? (
          <ErrorMessage error={collection.error} onRetry={() => void collection.refetch()} />
        ) : (
          <CollectionBody data={collection.data} own={own} />
        )}
      </ColumnBody>
    </Column>
  );
}

function CollectionBody({ data, own }: { data: CollectionWithAccounts; own: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { collection, accounts } = data;
  const [curator, ...featured] = accounts;
  const itemOf = new Map(collection.items.map((item) => [item.account_id, item.id]));
  const [asking, setAsking] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: collectionKeys.all });
  const removeItem = useMutation({
    mutationFn: (itemId: string) => collectionItems.remove(collection.id, itemId),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => collections.remove(collection.id),
    onSuccess: async () => {
      await refresh();
      await navigate(curator ? `/@${curator.acct}/featured` : '/home');
    },
  });
  return (
    <div className="collection-page">
      {collection.description && <p className="collection-page__description">{collection.description}</p>}
      {curator && (
        <p>
          <Msg
            id="collections.curated_by"
            values={{
              name: (
                <Link to={`/@${curator.acct}`} data-hover-card-account={curator.id}>
                  @{curator.acct}
                </Link>
              ),
            }}
          />
        </p>
      )}
      {featured.length === 0 ? (
        <EmptyState icon="people">
          <Msg id="collections.empty" />
        </EmptyState>
      ) : (
        featured.map((account) => {
          const itemId = itemOf.get(account.id);
          return (
            <AccountRow
              key={account.id}
              account={account}
              actions={
                own && itemId ? (
                  <Button
                    variant="secondary"
                    busy={removeItem.isPending && removeItem.variables === itemId}
                    onClick={() => removeItem.mutate(itemId)}
                  >
                    <Msg id="collections.remove_account" />
                  </Button>
                ) : (
                  <FollowButton accountId={account.id} locked={account.locked} />
                )
              }
            />
          );
        })
      )}
      {removeItem.isError && <ErrorMessage error={removeItem.error} />}
      {own && (
        <>
          <AddAccounts collectionId={collection.id} featured={new Set(featured.map((each) => each.id))} />
          {remove.isError && <ErrorMessage error={remove.error} />}
          <div className="form__actions">
            <Button variant="danger" busy={remove.isPending} onClick={() => setAsking(true)}>
              <Msg id="collections.delete" />
            </Button>
          </div>
          {asking && (
            <ConfirmDialog
              title={t('collections.delete_confirm_title')}
              confirmLabel={t('collections.delete')}
              onClose={() => setAsking(false)}
              onConfirm={() => remove.mutate()}
            >
              {t('collections.delete_confirm', { name: collection.name })}
            </ConfirmDialog>
          )}
        </>
      )}
    </div>
  );
}

/** The curator's search for accounts to add (those who allow it). */
function AddAccounts({ collectionId, featured }: { collectionId: string; featured: ReadonlySet<string> }) {
  const t = useT();
  const client = useQueryClient();
  const [query, setQuery] = useState('');
  const search = useQuery({
    queryKey: collectionKeys.accountSearch(query),
    queryFn: ({ signal }) => accounts.search(query, { limit: 10 }, signal),
    enabled: query.trim().length > 0,
  });
  const add = useMutation({
    mutationFn: (accountId: string) => collectionItems.add(collectionId, accountId),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
  const candidates = (search.data ?? []).filter((account) => !featured.has(account.id));
  return (
    <section className="collection-page__add">
      <h3 className="section-title">
        <Msg id="collections.add_accounts" />
      </h3>
      <ColumnSearch label={t('collections.search_people')} value={query} onChange={setQuery} />
      {add.isError && <ErrorMessage error={add.error} />}
      {query.trim() &&
        (search.isPending ? (
          <LoadingIndicator />
        ) : search.isError ? (
          <ErrorMessage error={search.error} />
        ) : (
          candidates.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              actions={
                <Button
                  busy={add.isPending && add.variables === account.id}
                  onClick={() => add.mutate(account.id)}
                >
                  <Msg id="collections.add_account" />
                </Button>
              }
            />
          ))
        ))}
    </section>
  );
}
