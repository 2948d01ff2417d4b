import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { messagingApi } from '../api/endpoints';
import { messageKeys } from '../data/keys';
import { useAction } from '../hooks/use-action';
import { m } from '../messages';
import type { Conversation, Participant } from '../model';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Icon } from '../../../components/Icon';
import { AlertDialog, Modal } from './Modal';
import { PeopleList } from './PeopleList';

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
  const intl = useIntl();
  const client = useQueryClient();
  const run = useAction();
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Participant[]>([]);
  const [asking, setAsking] = useState<{ action: 'remove' | 'makeOwner'; person: Participant } | null>(null);

  if (!conversation.current_user_is_admin) {
    return (
      <AlertDialog
        title={intl.formatMessage(m.accessDenied)}
        text={intl.formatMessage(m.onlyAdmins)}
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
      await run(() => messagingApi.removeParticipants(conversation.id, [person.id]), {
        failure: m.failedRemoveParticipant,
      })
    )
      refresh();
  };

  const makeOwner = async (person: Participant) => {
    const ok = await run(() => messagingApi.transferOwnership(conversation.id, person.id), {
      failure: m.failedTransferOwnership,
      success: m.ownershipTransferred,
    });
    if (ok) {
      refresh();
      onClose();
    }
  };

  const add = async () => {
    const ids = picked.map((p) => p.id);
    const ok = await run(() => messagingApi.addParticipants(conversation.id, ids), {
      failure: m.failedAddParticipants,
      success: m.participantsAdded,
    });
    if (ok) {
      setPicked([]);
      setAdding(false);
      refresh();
    }
  };

  const pickedIds = new Set(picked.map((p) => p.id));

  return (
    <Modal title={intl.formatMessage(m.participantsTitle)} onClose={onClose}>
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
                  {name} {self ? <span className="mbox-muted">{intl.formatMessage(m.you)}</span> : null}
                </span>
                <span className="mbox-person__acct">
                  {remote ? `@${person.acct} · ` : ''}
                  {intl.formatMessage(person.id === conversation.creator_id ? m.creator : m.member)}
                </span>
              </span>
              {!self ? (
                <span className="mbox-participant__actions">
                  {!remote ? (
                    <button
                      type="button"
                      className="mbox-button mbox-button--small mbox-button--ghost"
                      onClick={() => setAsking({ action: 'makeOwner', person })}
                    >
                      {intl.formatMessage(m.makeOwner)}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="mbox-icon-button mbox-icon-button--small mbox-participant__remove"
                    aria-label={intl.formatMessage(m.remove)}
                    title={intl.formatMessage(m.remove)}
                    onClick={() => setAsking({ action: 'remove', person })}
                  >
                    <Icon name="delete" size={16} />
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {adding ? (
        <div className="mbox-participants__add">
          <input
            type="search"
            className="mbox-input"
            value={search}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
            placeholder={intl.formatMessage(m.searchPeople)}
            aria-label={intl.formatMessage(m.searchPeople)}
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
            <button type="button" className="mbox-button mbox-button--ghost" onClick={() => setAdding(false)}>
              {intl.formatMessage(m.cancel)}
            </button>
            <button
              type="button"
              className="mbox-button mbox-button--primary"
              disabled={picked.length === 0}
              onClick={() => void add()}
            >
              {intl.formatMessage(m.add)}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="mbox-button mbox-button--ghost mbox-button--block"
          onClick={() => setAdding(true)}
        >
          {intl.formatMessage(m.addPeople)}
        </button>
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
  remove: { title: m.removeTitle, text: m.removeText, confirm: m.remove },
  makeOwner: { title: m.makeOwnerTitle, text: m.makeOwnerText, confirm: m.makeOwner },
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
  const intl = useIntl();
  const texts = participantConfirmTexts[action];
  const name = person.display_name || person.username;
  return (
    <ConfirmDialog
      title={intl.formatMessage(texts.title, { name })}
      confirmLabel={intl.formatMessage(texts.confirm)}
      cancelLabel={intl.formatMessage(m.cancel)}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {intl.formatMessage(texts.text, { name })}
    </ConfirmDialog>
  );
}
