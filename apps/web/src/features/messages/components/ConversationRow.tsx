import { memo, useState, type ReactNode } from 'react';
import { DropdownMenu, MenuActions } from '../../../components/DropdownMenu';
import type { Conversation } from '../model';
import { conversationMenuActions, type ConversationAction } from '../hooks/use-conversation-actions';
import { conversationTitle, previewOf } from '../rules/preview';
import { badgeText } from '../rules/unread';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { GroupAvatar } from './GroupAvatar';
import { ConversationConfirm } from './ConversationConfirm';
import { Icon } from '../../../components/Icon';
import { RelativeTime } from '../../../components/RelativeTime';
import { Msg } from '../../../platform/i18n/Msg';
import { useT } from '../../../platform/i18n/use-t';
import { EncryptionLock, isEncrypted } from '../e2ee';
import { decryptedLastMessage, usePreviewVersion } from '../e2ee/previews';

const actionLabels = {
  leave: 'messages.leave_group',
  deleteGroup: 'messages.delete_group',
  deleteChat: 'messages.delete_chat',
} as const;

/** One conversation in the list (SPEC §2 "Per conversation"). */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  currentUserId,
  onOpen,
}: {
  conversation: Conversation;
  currentUserId: string;
  onOpen: (id: string) => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState<ConversationAction | null>(null);
  const title = conversationTitle(conversation);
  usePreviewVersion();
  const encrypted = isEncrypted(conversation);
  // the server has no plaintext of an encrypted chat: the row shows what this device decrypted
  const decrypted = encrypted ? decryptedLastMessage(conversation) : null;
  const preview = previewOf(
    decrypted ? { ...conversation, last_message: decrypted } : conversation,
    currentUserId,
  );
  const undecrypted = encrypted && !decrypted && conversation.last_message !== null;
  const unread = badgeText(conversation.unread_count);
  const partner = conversation.partner;

  let prefix: ReactNode = '';
  let body: string;
  if (undecrypted) {
    if (conversation.last_message?.sender_id === currentUserId) prefix = t('messages.preview.you');
    body = t('messages.e2ee.preview');
  } else if (preview.kind === 'empty') body = t('messages.preview.empty');
  else {
    if (preview.prefix.kind === 'you') prefix = t('messages.preview.you');
    if (preview.prefix.kind === 'sender')
      prefix = <Msg id="messages.preview.sender" values={{ name: <bdi>{preview.prefix.name}</bdi> }} />;
    body = preview.kind === 'photo' ? t('messages.preview.photo') : preview.text;
  }

  return (
    <div
      className={`mbox-row ${conversation.unread_count > 0 ? 'mbox-row--unread' : ''}`}
      data-testid="conversation-row"
      data-conversation-id={conversation.id}
    >
      <Button variant="bare" className="mbox-row__main" onClick={() => onOpen(conversation.id)}>
        {conversation.is_group ? (
          <GroupAvatar people={conversation.participants.filter((p) => p.id !== currentUserId)} size={44} />
        ) : (
          <Avatar src={partner?.avatar} name={title} size={44} online={partner?.is_online === true} />
        )}
        <span className="mbox-row__text">
          <span className="mbox-row__top">
            <span className="mbox-row__name" dir="auto">
              {title}
            </span>
            {encrypted ? <EncryptionLock size={12} /> : null}
            <span className="mbox-row__time">
              <RelativeTime iso={conversation.last_message?.created_at ?? conversation.updated_at} />
            </span>
          </span>
          <span className="mbox-row__bottom">
            <span className="mbox-row__preview" data-testid="conversation-preview">
              {prefix}
              <bdi>{body}</bdi>
            </span>
            {unread ? (
              <span
                className="mbox-badge"
                data-testid="conversation-unread"
                aria-label={t('messages.unread_count', { count: conversation.unread_count })}
              >
                {unread}
              </span>
            ) : null}
          </span>
          {partner?.is_online && !conversation.is_group ? (
            <span className="mbox-visually-hidden">{t('messages.online')}</span>
          ) : null}
        </span>
      </Button>
      <span className="mbox-row__menu">
        <DropdownMenu
          label={t('messages.conversation_menu')}
          buttonClassName="icon-button icon-button--round"
          icon={<Icon name="moreHoriz" size={20} />}
        >
          <MenuActions
            actions={conversationMenuActions(conversation).map((action) => ({
              label: t(actionLabels[action]),
              danger: true,
              onSelect: () => setConfirming(action),
            }))}
          />
        </DropdownMenu>
      </span>
      {confirming ? (
        <ConversationConfirm
          action={confirming}
          conversation={conversation}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
});
