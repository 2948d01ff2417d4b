import type { Account } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import type { MessageId } from '../../platform/i18n/messages';
import { AccountRow } from '../../components/AccountRow';
import { Button } from '../../components/Button';
import { Column, ColumnHeader } from '../../components/Column';
import type { IconName } from '../../components/icons';
import { PagedList } from '../../components/PagedList';
import { accountRelationships } from './api';
import { relationshipKeys, type RelationshipList } from './query-keys';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage } from '../../components/States';

export function SignedInColumn({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  return (
    <RequireSignIn icon={icon} title={title}>
      <Column label={title}>
        <ColumnHeader icon={icon} title={title} showBack />
        {children}
      </Column>
    </RequireSignIn>
  );
}

/** One call per row action, then the list (and anything depending on it) is reloaded. */
function useRowAction(listKey: readonly unknown[], also?: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: listKey });
      if (also) await client.invalidateQueries({ queryKey: also });
    },
  });
}

export function AccountActionList({
  listKey,
  path,
  empty,
  actions,
  also,
  onDone,
}: {
  listKey: RelationshipList;
  path: string;
  empty: MessageId;
  also?: readonly unknown[];
  /** after a row's action succeeded */
  onDone?: (account: Account) => void;
  actions: (account: Account, run: (call: () => Promise<unknown>) => void, busy: boolean) => ReactNode;
}) {
  const action = useRowAction(relationshipKeys.list(listKey), also);
  return (
    <>
      {action.isError && <ErrorMessage error={action.error} />}
      <PagedList<Account>
        queryKey={relationshipKeys.list(listKey)}
        path={path}
        itemKey={(account) => account.id}
        renderItem={(account) => (
          <AccountRow
            account={account}
            actions={actions(
              account,
              (call) => action.mutate(call, { onSuccess: () => onDone?.(account) }),
              action.isPending,
            )}
          />
        )}
        empty={<Msg id={empty} />}
      />
    </>
  );
}

/** Blocks and mutes: accounts listed with the one button that undoes the relationship. */
export function UndoAccountList({
  icon,
  title,
  listKey,
  empty,
  undo,
  label,
  onUndone,
}: {
  icon: IconName;
  title: MessageId;
  listKey: 'blocks' | 'mutes';
  empty: MessageId;
  undo: 'unblock' | 'unmute';
  label: MessageId;
  onUndone?: (account: Account) => void;
}) {
  const t = useT();
  return (
    <SignedInColumn icon={icon} title={t(title)}>
      <AccountActionList
        listKey={listKey}
        path={`/api/v1/${listKey}`}
        empty={empty}
        onDone={onUndone}
        actions={(account, run, busy) => (
          <Button
            variant="secondary"
            busy={busy}
            onClick={() => run(() => accountRelationships.undo(account.id, undo))}
          >
            <Msg id={label} />
          </Button>
        )}
      />
    </SignedInColumn>
  );
}

/** Domain blocks and followed tags: one line per item and a button that removes it. */
export function RemovableItemList<Item>({
  icon,
  title,
  listKey,
  path,
  empty,
  itemKey,
  renderLabel,
  removal,
  removeLabel,
}: {
  icon: IconName;
  title: MessageId;
  listKey: RelationshipList;
  path: string;
  empty: MessageId;
  itemKey: (item: Item) => string;
  renderLabel: (item: Item) => ReactNode;
  removal: (item: Item) => Promise<unknown>;
  removeLabel: MessageId;
}) {
  const t = useT();
  const action = useRowAction(relationshipKeys.list(listKey));
  return (
    <SignedInColumn icon={icon} title={t(title)}>
      {action.isError && <ErrorMessage error={action.error} />}
      <PagedList<Item>
        queryKey={relationshipKeys.list(listKey)}
        path={path}
        itemKey={itemKey}
        renderItem={(item) => (
          <div className="account-row">
            {renderLabel(item)}
            <div className="account-row__actions">
              <Button
                variant="secondary"
                busy={action.isPending}
                onClick={() => action.mutate(() => removal(item))}
              >
                <Msg id={removeLabel} />
              </Button>
            </div>
          </div>
        )}
        empty={<Msg id={empty} />}
      />
    </SignedInColumn>
  );
}
