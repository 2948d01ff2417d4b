import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messagingApi } from '../api';
import { patchConversation } from '../data/cache';
import { messageKeys } from '../query-keys';
import { useAction } from '../hooks/use-action';
import type { Conversation } from '../model';
import { isValidGroupName } from '../rules/validation';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { useT } from '../../../platform/i18n/use-t';

export function RenameModal({ conversation, onClose }: { conversation: Conversation; onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const run = useAction();
  const [name, setName] = useState(conversation.name ?? '');
  const valid = isValidGroupName(name);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const trimmed = name.trim();
    const ok = await run(() => messagingApi.rename(conversation.id, trimmed), {
      failure: 'messages.error.rename',
      success: 'messages.rename.done',
    });
    if (!ok) return;
    patchConversation(client, conversation.id, { name: trimmed });
    void client.invalidateQueries({ queryKey: messageKeys.conversation(conversation.id) });
    onClose();
  };

  return (
    <Modal title={t('messages.rename.title')} onClose={onClose} className="mbox-dialog">
      <form className="mbox-form" onSubmit={(event) => void save(event)}>
        <input
          dir="auto"
          type="text"
          className="mbox-input"
          data-autofocus
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          aria-label={t('messages.group.name')}
          placeholder={t('messages.group.name')}
        />
        <div className="mbox-modal__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('messages.cancel')}
          </Button>
          <Button type="submit" disabled={!valid}>
            {t('messages.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
