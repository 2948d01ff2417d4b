import type { Account, List } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLists } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useImmediateValue } from '../../platform/use-immediate-value';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { listKeys, listMembers } from '../lists';
import { accounts } from './api';
import { accountKeys } from './query-keys';

/** Adds `account` to the viewer's lists or removes it, one checkbox per list (Mastodon's list adder). */
export default function ListMembershipModal({ account, onClose }: { account: Account; onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const lists = useLists();
  const membershipKey = accountKeys.lists(account.id);
  const memberOf = useQuery({
    queryKey: membershipKey,
    queryFn: ({ signal }) => accounts.lists(account.id, signal),
  });
  const change = useMutation({
    mutationFn: ({ listId, add }: { listId: string; add: boolean }) =>
      add ? listMembers.add(listId, account.id) : listMembers.remove(listId, account.id),
    onSuccess: (_, { listId }) => {
      void client.invalidateQueries({ queryKey: membershipKey });
      void client.invalidateQueries({ queryKey: listKeys.members(listId) });
    },
  });
  const member = new Set((memberOf.data ?? []).map((list) => list.id));
  const sorted = [...(lists.data ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <Modal
      title={t('account.lists_title', { name: `@${account.acct}` })}
      onClose={onClose}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {lists.isPending || memberOf.isPending ? (
        <LoadingIndicator />
      ) : lists.isError || memberOf.isError ? (
        <ErrorMessage error={lists.error ?? memberOf.error} />
      ) : sorted.length === 0 ? (
        <EmptyState icon="list">
          <Msg id="empty.lists" />{' '}
          <Link to="/lists/new" onClick={onClose}>
            <Msg id="lists.new" />
          </Link>
        </EmptyState>
      ) : (
        <ul className="plain-list list-membership">
          {sorted.map((list) => (
            <MembershipCheckbox
              key={list.id}
              list={list}
              member={member.has(list.id)}
              disabled={change.isPending || memberOf.isFetching}
              onChange={(add, onError) => change.mutate({ listId: list.id, add }, { onError })}
            />
          ))}
        </ul>
      )}
      {change.isError && <ErrorMessage error={change.error} />}
    </Modal>
  );
}

/** One list's checkbox: ticks at once, and springs back when the change fails. */
function MembershipCheckbox(props: {
  list: List;
  member: boolean;
  disabled: boolean;
  onChange: (add: boolean, onError: () => void) => void;
}) {
  const [checked, setChecked] = useImmediateValue(props.member);
  return (
    <li>
      <label className="checkbox-field list-membership__item">
        <input
          type="checkbox"
          checked={checked}
          disabled={props.disabled}
          onChange={(event) => {
            const add = event.target.checked;
            setChecked(add);
            props.onChange(add, () => setChecked(!add));
          }}
        />
        <span>{props.list.title}</span>
      </label>
    </li>
  );
}
