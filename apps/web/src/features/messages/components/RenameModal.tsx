import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { messagingApi } from '../api/endpoints';
import { patchConversation } from '../data/cache';
import { messageKeys } from '../data/keys';
import { useAction } from '../hooks/use-action';
import { m } from '../messages';
import type { Conversation } from '../model';
import { isValidGroupName } from '../rules/validation';
import { Modal } from './Modal';

export function RenameModal({ conversation, onClose }: { conversation: Conversation; onClose: () => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const run = useAction();
  const [name, setName] = useState(conversation.name ?? '');
  const valid = isValidGroupName(name);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const trimmed = name.trim();
    const ok = await run(() => messagingApi.rename(conversation.id, trimmed), {
      failure: m.failedUpdateGroupName,
      success: m.groupRenamed,
    });
    if (!ok) return;
    patchConversation(client, conversation.id, { name: trimmed });
    void client.invalidateQueries({ queryKey: messageKeys.conversation(conversation.id) });
    onClose();
  };

  return (
    <Modal title={intl.formatMessage(m.renameTitle)} onClose={onClose}>
      <form className="mbox-form" onSubmit={(event) => void save(event)}>
        <input
          type="text"
          className="mbox-input"
          data-autofocus
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          aria-label={intl.formatMessage(m.groupName)}
          placeholder={intl.formatMessage(m.groupName)}
        />
        <div className="mbox-modal__actions">
          <button type="button" className="mbox-button mbox-button--ghost" onClick={onClose}>
            {intl.formatMessage(m.cancel)}
          </button>
          <button type="submit" className="mbox-button mbox-button--primary" disabled={!valid}>
            {intl.formatMessage(m.save)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
