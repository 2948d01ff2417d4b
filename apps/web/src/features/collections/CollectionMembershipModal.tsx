import type { Account } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { collectionItems } from './api';
import { collectionKeys } from './query-keys';
import { useAccountCollections } from './use-collections';

/** "Add to collection…" of a profile's menu: one button per collection of the viewer's that lacks the account. */
export default function CollectionMembershipModal({
  account,
  onClose,
}: {
  account: Account;
  onClose: () => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const { identity } = useInitialState();
  const own = useAccountCollections(identity.accountId ?? undefined);
  const add = useMutation({
    mutationFn: (collectionId: string) => collectionItems.add(collectionId, account.id),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
  const collections = own.data ?? [];
  return (
    <Modal
      title={t('collections.add_to_title', { name: `@${account.acct}` })}
      onClose={onClose}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {own.isPending ? (
        <LoadingIndicator />
      ) : own.isError ? (
        <ErrorMessage error={own.error} />
      ) : collections.length === 0 ? (
        <EmptyState icon="list">
          <Link to="/collections/new" onClick={onClose}>
            <Msg id="collections.new" />
          </Link>
        </EmptyState>
      ) : (
        <ul className="plain-list">
          {collections.map((collection) => {
            const member = collection.items.some((item) => item.account_id === account.id);
            return (
              <li key={collection.id} className="list-link">
                <span>{collection.name}</span>
                {member ? (
                  <Msg id="collections.already_in" />
                ) : (
                  <Button
                    busy={add.isPending && add.variables === collection.id}
                    onClick={() => add.mutate(collection.id)}
                  >
                    <Msg id="collections.add_account" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {add.isError && <ErrorMessage error={add.error} />}
    </Modal>
  );
}
