import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messagingApi } from '../api';
import { useMembershipChanges } from '../e2ee/use-encrypted-chat';
import { messageKeys } from '../query-keys';
import { useAction } from '../hooks/use-action';
import type { Conversation, Participant } from '../model';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Button, IconButton } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { AlertDialog } from './AlertDialog';
import { PeopleList } from './PeopleList';
import { useT } from '../../../platform/i18n/use-t';

/** Group admins add, remove and hand over (SPEC §6); everyone else gets 'Access Denied'. */
export function ParticipantsModal({
  conversation,
  currentUserId,
  onClose,
}: {
  conversation: Conversation;
  currentUserId: string;
  onClose: () => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const run = useAction();
  const membership = useMembershipChanges(conversation);
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Participant[]>([]);
  const [asking, setAsking] = useState<{ action: 'remove' | 'makeOwner'; person: Participant } | null>(null);

  if (!conversation.current_user_is_admin) {
    return (
      <AlertDialog
        title={t('messages.participants.access_denied')}
        text={t('messages.participants.only_admins')}
        onClose={onClose}
      />
    );
  }

  const refresh = () => {
    void client.invalidateQueries({ queryKey: messageKeys.conversations() });
    void client.invalidateQueries({ queryKey: messageKeys.conversation(conversation.id) });
  };

  const remove = async (person: Participant) => {
    if (
      await run(() => membership.remove([person.id]), {
        failure: 'messages.error.remove_participant',
      })
    )
      refresh();
  };

  const makeOwner = async (person: Participant) => {
    const ok = await run(() => messagingApi.transferOwnership(conversation.id, person.id), {
      failure: 'messages.error.transfer',
      success: 'messages.participants.transferred',
    });
    if (ok) {
      refresh();
      onClose();
    }
  };

  const add = async () => {
    const ids = picked.map((p) => p.id);
    const ok = await run(() => membership.add(ids), {
      failure: 'messages.error.add_participants',
      success: 'messages.participants.added',
    });
    if (ok) {
      setPicked([]);
      setAdding(false);
      refresh();
    }
  };

  const pickedIds = new Set(picked.map((p) => p.id));

  return (
    <Modal title={t('messages.participants.title')} onClose={onClose} className="mbox-dialog">
      <ul className="mbox-participants" data-testid="participants">
        {conversation.participants.map((person) => {
          const self = person.id === currentUserId;
          const name = person.display_name || person.username;
          // someone on another server: their full handle; a group stays with an admin of its own server
          const remote = person.acct.includes('@');
          return (
            <li
              key={person.id}
              className="mbox-participant"
              data-testid="participant"
              data-username={person.username}
            >
              <Avatar src={person.avatar} name={name} size={36} online={person.is_online} />
              <span className="mbox-person__text">
                <span className="mbox-person__name">
                  {name} {self ? <span className="mbox-muted">{t('messages.participants.you')}</span> : null}
                </span>
                <span className="mbox-person__acct">
                  {remote ? `@${person.acct} · ` : ''}
                  {t(
                    person.id === conversation.creator_id
                      ? 'messages.participants.creator'
                      : 'messages.participants.member',
                  )}
                </span>
              </span>
              {!self ? (
                <span className="mbox-participant__actions">
                  {!remote ? (
                    <Button
                      variant="ghost"
                      size="small"
                      onClick={() => setAsking({ action: 'makeOwner', person })}
                    >
                      {t('messages.participants.make_owner')}
                    </Button>
                  ) : null}
                  <IconButton
                    shape="round"
                    size="small"
                    icon="delete"
                    className="mbox-participant__remove"
                    label={t('messages.participants.remove')}
                    onClick={() => setAsking({ action: 'remove', person })}
                  />
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {adding ? (
        <div className="mbox-participants__add">
          <input
            dir="auto"
            type="search"
            className="mbox-input"
            value={search}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('messages.search_people')}
            aria-label={t('messages.search_people')}
          />
          <div className="mbox-participants__people">
            <PeopleList
              search={search}
              exclude={conversation.participants.map((p) => p.id)}
              selected={pickedIds}
              onPick={(person) =>
                setPicked((list) =>
                  list.some((p) => p.id === person.id)
                    ? list.filter((p) => p.id !== person.id)
                    : [...list, person],
                )
              }
            />
          </div>
          <div className="mbox-modal__actions">
            <Button variant="ghost" onClick={() => setAdding(false)}>
              {t('messages.cancel')}
            </Button>
            <Button disabled={picked.length === 0} onClick={() => void add()}>
              {t('messages.participants.add')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" block onClick={() => setAdding(true)}>
          {t('messages.group.add_people')}
        </Button>
      )}
      {asking ? (
        <ParticipantConfirm
          {...asking}
          onClose={() => setAsking(null)}
          onConfirm={() =>
            void (asking.action === 'remove' ? remove(asking.person) : makeOwner(asking.person))
          }
        />
      ) : null}
    </Modal>
  );
}

const participantConfirmTexts = {
  remove: {
    title: 'messages.participants.remove_title',
    text: 'messages.participants.remove_text',
    confirm: 'messages.participants.remove',
  },
  makeOwner: {
    title: 'messages.participants.make_owner_title',
    text: 'messages.participants.make_owner_text',
    confirm: 'messages.participants.make_owner',
  },
} as const;

/** Asks before removing someone or handing the group over, naming them and saying what follows. */
function ParticipantConfirm({
  action,
  person,
  onClose,
  onConfirm,
}: {
  action: 'remove' | 'makeOwner';
  person: Participant;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const texts = participantConfirmTexts[action];
  const name = person.display_name || person.username;
  return (
    <ConfirmDialog
      title={t(texts.title, { name })}
      confirmLabel={t(texts.confirm)}
      cancelLabel={t('messages.cancel')}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {t(texts.text, { name })}
    </ConfirmDialog>
  );
}
