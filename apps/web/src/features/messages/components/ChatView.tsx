import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DropdownMenu, MenuActions, type MenuAction } from '../../../components/DropdownMenu';
import { messagingApi } from '../api';
import { flattenPages } from '../data/cache';
import { newestPageOnly, type ChatPages } from '../data/window';
import { messageKeys } from '../query-keys';
import {
  useActiveStatus,
  useBlockStatus,
  useConversationMessages,
  useConversationSettings,
  usePreferences,
} from '../data/queries';
import { useAction } from '../hooks/use-action';
import { useChatActions, useMediaUpload } from '../hooks/use-chat-actions';
import { useFirstMessages } from '../hooks/use-first-messages';
import type { ConversationAction } from '../hooks/use-conversation-actions';
import type { BlockStatus, Conversation, Message, Participant } from '../model';
import { conversationTitle } from '../rules/preview';
import { placeMessage } from '../rules/grouping';
import { blockRefusal } from '../rules/validation';
import { isRemovedFromGroup } from '../rules/errors';
import { useDock } from '../state/dock-context';
import { conversationDraftKey, newChatDraftKey } from '../state/drafts';
import { useStream } from '../streaming/stream-context';
import { Avatar } from '../../../components/Avatar';
import { GroupAvatar } from './GroupAvatar';
import { Composer } from './Composer';
import { ConversationConfirm } from './ConversationConfirm';
import { ConversationSearchModal } from './ConversationSearchModal';
import { Icon } from '../../../components/Icon';
import { MessageItem } from './MessageItem';
import { MessageList, type MessageListHandle } from './MessageList';
import { ParticipantsModal } from './ParticipantsModal';
import { RenameModal } from './RenameModal';
import { recentForReport, ReportModal } from './ReportModal';
import { ScreenHeader } from './ScreenHeader';
import { SettingsModal } from './SettingsModal';
import { TypingIndicator } from './TypingIndicator';
import { useT } from '../../../platform/i18n/use-t';
import { EncryptionLock, isEncrypted } from '../e2ee';
import { PlainReason } from '../e2ee/PlainReason';
import { useEncryption } from '../e2ee/provider';
import { withSystemTexts } from '../e2ee/system-rows';
import { SafetyNumberDialog, VerificationBadge } from '../e2ee/verification';
import {
  useEncryptedChatActions,
  useEncryptedReceipts,
  useEncryptedUpload,
} from '../e2ee/use-encrypted-chat';
import { useEligibility } from '../e2ee/eligibility';

type OpenModal =
  | { kind: 'settings' }
  | { kind: 'participants' }
  | { kind: 'rename' }
  | { kind: 'report' }
  | { kind: 'search' }
  | { kind: 'verify' }
  | { kind: 'confirm'; action: ConversationAction }
  | { kind: 'block'; partner: Participant }
  | { kind: 'deleteForEveryone'; message: Message }
  | null;

/** The chat screen: header and menu, block banner, messages, typing indicator and the composer. */
export function ChatView() {
  const dock = useDock();
  const conversationId = dock.conversationId;
  const query = useConversationMessages(conversationId);
  const t = useT();

  if (!conversationId) {
    return dock.recipient ? <NewChat recipient={dock.recipient} /> : null;
  }
  if (query.isPending) {
    return (
      <div className="mbox-screen">
        <ScreenHeader title={null} onBack={dock.showList} />
        <p className="mbox-state" role="status">
          {t('messages.loading')}
        </p>
      </div>
    );
  }
  const conversation = query.data?.pages[0]?.conversation;
  // the group's admin removed the viewer: what was read stays, read-only, under the notice
  const removed = isRemovedFromGroup(query.error);
  if (conversation && (removed || !query.isError)) {
    return <OpenChat key={conversationId} conversation={conversation} removed={removed} />;
  }
  if (removed) {
    return (
      <div className="mbox-screen" data-testid="chat-view">
        <ScreenHeader title={null} onBack={dock.showList} />
        <RemovedNotice />
      </div>
    );
  }
  return (
    <div className="mbox-screen">
      <ScreenHeader title={null} onBack={dock.showList} />
      <div className="mbox-state mbox-state--error" role="alert">
        <p>{query.error?.message}</p>
        <Button variant="ghost" onClick={() => void query.refetch()}>
          {t('messages.retry')}
        </Button>
      </div>
    </div>
  );
}

/** In place of the composer of a group the viewer was removed from. */
function RemovedNotice() {
  const t = useT();
  return (
    <p className="mbox-removed-notice" role="status" data-testid="removed-notice">
      {t('messages.removed_from_group')}
    </p>
  );
}

/** A chat with someone before any message exists: the first send creates it with recipient_id. */
function NewChat({ recipient }: { recipient: Participant }) {
  const dock = useDock();
  const t = useT();
  const plainUpload = useMediaUpload();
  const encryptedUpload = useEncryptedUpload();
  const eligibility = useEligibility(useMemo(() => [recipient], [recipient]));
  const { ensure } = useEncryption();
  // the MLS code loads while the first message is written
  useEffect(() => {
    if (eligibility.encrypted) ensure().catch(() => undefined);
  }, [eligibility.encrypted, ensure]);
  const upload = eligibility.encrypted ? encryptedUpload : plainUpload;
  const first = useFirstMessages(recipient, eligibility);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const name = recipient.display_name || recipient.username;
  const messages = first.entries.map((entry) => entry.message);
  return (
    <div className="mbox-screen mbox-chat" data-testid="chat-view">
      <ScreenHeader
        onBack={dock.showList}
        title={
          <span className="mbox-chat__identity">
            <Avatar src={recipient.avatar} name={name} size={32} online={recipient.is_online} />
            <span className="mbox-chat__name">{name}</span>
            {eligibility.encrypted ? <EncryptionLock /> : null}
          </span>
        }
      />
      {first.entries.length === 0 ? (
        <EmptyChat encrypted={eligibility.encrypted} />
      ) : (
        <div className="mbox-messages mbox-scroll mbox-messages__first">
          {first.entries.map((entry, index) => (
            <div key={entry.message.local_key}>
              <MessageItem
                message={entry.message}
                placement={placeMessage(messages[index - 1], entry.message, messages[index + 1])}
                currentUserId={dock.currentUserId}
                isGroup={false}
                showReceipts={!entry.failed}
                highlighted={false}
                onReply={setReplyTo}
                onReact={() => undefined}
                onDelete={() => undefined}
              />
              {entry.failed ? (
                <p className="mbox-message-failed" role="alert" data-testid="message-failed">
                  {t('messages.not_sent')}
                  <Button variant="ghost" size="small" onClick={() => first.retry(entry)}>
                    {t('messages.retry')}
                  </Button>
                </p>
              ) : null}
            </div>
          ))}
        </div>
      )}
      <PlainReason because={eligibility.because} />
      <Composer
        blocked={false}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSend={(text, media) => first.send(text, media, replyTo)}
        upload={upload}
        onTyping={() => undefined}
        draftKey={newChatDraftKey(recipient.id)}
      />
    </div>
  );
}

function EmptyChat({ encrypted }: { encrypted: boolean }) {
  const t = useT();
  return (
    <div className="mbox-chat-empty" data-testid="chat-empty">
      <span className="mbox-chat-empty__wave" aria-hidden="true">
        👋
      </span>
      <p className="mbox-chat-empty__title">{t('messages.chat.say_hello')}</p>
      <p className="mbox-chat-empty__note" data-testid="chat-privacy-note">
        {t(encrypted ? 'messages.e2ee.empty_note' : 'messages.chat.privacy_note')}
      </p>
    </div>
  );
}

function OpenChat({ conversation, removed }: { conversation: Conversation; removed: boolean }) {
  const t = useT();
  const dock = useDock();
  const client = useQueryClient();
  const navigate = useNavigate();
  const stream = useStream();
  const run = useAction();
  const query = useConversationMessages(conversation.id);
  const preferences = usePreferences();
  const settings = useConversationSettings(conversation.id);
  const isDirect = !conversation.is_group;
  const partner = conversation.partner;
  const blockStatus = useBlockStatus(conversation.id, isDirect);
  const active = useActiveStatus(isDirect ? (partner?.id ?? null) : null, conversation.id);
  const encrypted = isEncrypted(conversation);
  const encryption = useEncryption();
  const plainActions = useChatActions(conversation.id);
  const encryptedActions = useEncryptedChatActions(conversation);
  const actions = encrypted ? encryptedActions : plainActions;
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);
  const list = useRef<MessageListHandle>(null);

  const messages = useMemo(() => withSystemTexts(flattenPages(query.data), t), [query.data, t]);
  const refusal = blockRefusal(blockStatus.data);
  const effective = settings.data?.effective_settings ?? preferences.data;
  const typingEnabled = effective?.typing_indicator_enabled ?? true;
  const receiptsEnabled = effective?.read_receipts_enabled ?? true;
  const title = conversationTitle(conversation);
  // this device was removed (Devices): its encrypted chats are read-only notices
  const deviceRemoved = encrypted && encryption.removed;
  useEncryptedReceipts(conversation, messages, encrypted && receiptsEnabled, !removed && !deviceRemoved);

  // opening the chat marks it read
  const { markRead } = stream;
  useEffect(() => {
    if (!removed) markRead(conversation.id);
  }, [conversation.id, markRead, removed]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = query;
  const loadNewer = useCallback(() => {
    if (hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
  }, [hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage]);
  const jumpToNewest = useCallback(() => {
    void client.resetQueries({ queryKey: messageKeys.conversation(conversation.id), exact: true });
  }, [client, conversation.id]);

  // a closed chat keeps only its newest page: it opens there next time, and the history read is let go
  useEffect(
    () => () => {
      const key = messageKeys.conversation(conversation.id);
      const data = client.getQueryData<ChatPages>(key);
      if (!data) return;
      const kept = newestPageOnly(data);
      if (kept) client.setQueryData<ChatPages>(key, kept);
      else client.removeQueries({ queryKey: key, exact: true });
    },
    [client, conversation.id],
  );

  const setBlocked = async (block: boolean) => {
    const ok = await run(
      () => (block ? messagingApi.block(conversation.id) : messagingApi.unblock(conversation.id)),
      {
        failure: block ? 'messages.error.block' : 'messages.error.unblock',
        success: block ? 'messages.chat.user_blocked' : 'messages.chat.user_unblocked',
      },
    );
    if (!ok) return;
    client.setQueryData<BlockStatus>(messageKeys.blockStatus(conversation.id), (status) => ({
      is_blocked_by_them: status?.is_blocked_by_them ?? false,
      is_blocked_by_me: block,
    }));
    void client.invalidateQueries({ queryKey: messageKeys.blockStatus(conversation.id) });
  };

  const viewProfile = (username: string) => void navigate(`/@${username}`);

  const menu: MenuAction[] = [];
  if (isDirect && partner)
    menu.push({ label: t('messages.chat.view_profile'), onSelect: () => viewProfile(partner.username) });
  menu.push({
    label: t('messages.chat.conversation_settings'),
    onSelect: () => setModal({ kind: 'settings' }),
  });
  menu.push({
    label: t('messages.chat.search'),
    onSelect: () => setModal({ kind: 'search' }),
  });
  if (encrypted && !deviceRemoved)
    menu.push({ label: t('messages.verification.menu'), onSelect: () => setModal({ kind: 'verify' }) });
  if (isDirect && partner) {
    menu.push({ label: t('messages.group.add_people'), onSelect: () => dock.showGroupCreation(partner) });
    menu.push(
      blockStatus.data?.is_blocked_by_me
        ? { label: t('messages.chat.unblock'), onSelect: () => void setBlocked(false) }
        : {
            label: t('messages.chat.block'),
            onSelect: () => setModal({ kind: 'block', partner }),
            danger: true,
          },
    );
  } else {
    menu.push({
      label: t('messages.chat.manage_participants'),
      onSelect: () => setModal({ kind: 'participants' }),
    });
    if (conversation.current_user_is_admin)
      menu.push({ label: t('messages.chat.rename'), onSelect: () => setModal({ kind: 'rename' }) });
  }
  menu.push({
    label: t('messages.chat.report'),
    onSelect: () => setModal({ kind: 'report' }),
    danger: true,
  });
  if (isDirect)
    menu.push({
      label: t('messages.delete_chat'),
      onSelect: () => setModal({ kind: 'confirm', action: 'deleteChat' }),
      danger: true,
    });
  else {
    menu.push({
      label: t('messages.leave_group'),
      onSelect: () => setModal({ kind: 'confirm', action: 'leave' }),
      danger: true,
    });
    if (conversation.current_user_is_admin)
      menu.push({
        label: t('messages.delete_group'),
        onSelect: () => setModal({ kind: 'confirm', action: 'deleteGroup' }),
        danger: true,
      });
  }

  const others = conversation.participants.filter((p) => p.id !== dock.currentUserId);
  const subtitle = isDirect
    ? active.data?.is_active || partner?.is_online
      ? t('messages.active_now')
      : partner
        ? `@${partner.acct || partner.username}`
        : ''
    : t('messages.members', { count: conversation.participants.length });

  const identity = (
    <span className="mbox-chat__identity">
      {isDirect ? (
        <Avatar
          src={partner?.avatar}
          name={title}
          size={32}
          online={active.data?.is_active ?? partner?.is_online}
        />
      ) : (
        <GroupAvatar people={others} size={32} />
      )}
      <span className="mbox-chat__titles">
        <span className="mbox-chat__name-line">
          <span className="mbox-chat__name" data-testid="chat-title" dir="auto">
            {title}
          </span>
          {encrypted ? <EncryptionLock /> : null}
          {encrypted && !deviceRemoved ? (
            <VerificationBadge conversationId={conversation.id} currentUserId={dock.currentUserId} compact />
          ) : null}
        </span>
        <span className="mbox-chat__subtitle">
          <bdi>{subtitle}</bdi>
        </span>
      </span>
    </span>
  );

  return (
    <div className="mbox-screen mbox-chat" data-testid="chat-view" data-conversation-id={conversation.id}>
      <ScreenHeader
        onBack={dock.showList}
        title={
          isDirect && partner ? (
            <Button
              variant="bare"
              className="mbox-chat__profile-link"
              onClick={() => viewProfile(partner.username)}
            >
              {identity}
            </Button>
          ) : (
            identity
          )
        }
      >
        {removed ? null : (
          <DropdownMenu
            label={t('messages.chat.settings')}
            buttonClassName="icon-button icon-button--round"
            icon={<Icon name="moreHoriz" size={20} />}
          >
            <MenuActions actions={menu} />
          </DropdownMenu>
        )}
      </ScreenHeader>
      {refusal ? (
        <div className="mbox-block-banner" role="alert" data-testid="block-banner">
          <Icon name="warning" size={16} />
          <span>
            {t(refusal === 'blocked_by_me' ? 'messages.blocked_by_me' : 'messages.blocked_by_them')}
          </span>
          {refusal === 'blocked_by_me' ? (
            <Button variant="ghost" size="small" onClick={() => void setBlocked(false)}>
              {t('messages.chat.unblock')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {messages.length === 0 ? (
        <EmptyChat encrypted={encrypted} />
      ) : (
        <MessageList
          ref={list}
          messages={messages}
          currentUserId={dock.currentUserId}
          isGroup={conversation.is_group}
          showReceipts={receiptsEnabled}
          hasOlder={hasNextPage}
          loadingOlder={isFetchingNextPage}
          onLoadOlder={loadOlder}
          hasNewer={hasPreviousPage}
          loadingNewer={isFetchingPreviousPage}
          onLoadNewer={loadNewer}
          onJumpToNewest={jumpToNewest}
          highlightMessageId={dock.highlightMessageId}
          onHighlightDone={dock.clearHighlight}
          onReply={setReplyTo}
          onReact={actions.react}
          onDelete={actions.remove}
          onDeleteForEveryone={
            encrypted ? (message) => setModal({ kind: 'deleteForEveryone', message }) : undefined
          }
        />
      )}
      {!encrypted ? <PlainReason conversationId={conversation.id} /> : null}
      {typingEnabled && !removed ? (
        <TypingIndicator conversationId={conversation.id} currentUserId={dock.currentUserId} />
      ) : null}
      {removed ? (
        <RemovedNotice />
      ) : deviceRemoved ? (
        <p className="mbox-removed-notice" role="status" data-testid="device-removed-notice">
          {t('messages.e2ee.device_removed_here')}
        </p>
      ) : (
        <Composer
          blocked={refusal !== null}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSend={async (text, media) => {
            const reply = replyTo;
            setReplyTo(null);
            const ok = await actions.send(text, media, reply);
            if (!ok) setReplyTo(reply);
            requestAnimationFrame(() => list.current?.scrollToBottom());
            return ok;
          }}
          upload={actions.upload}
          onTyping={(typing) => {
            if (!typingEnabled) return;
            if (encrypted) encryptedActions.typing(typing);
            else stream.sendTyping(conversation.id, typing);
          }}
          draftKey={conversationDraftKey(conversation.id)}
        />
      )}
      {modal?.kind === 'settings' ? (
        <SettingsModal conversationId={conversation.id} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'participants' ? (
        <ParticipantsModal
          conversation={conversation}
          currentUserId={dock.currentUserId}
          onClose={() => setModal(null)}
        />
      ) : null}
      {modal?.kind === 'rename' ? (
        <RenameModal conversation={conversation} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'report' ? (
        <ReportModal
          conversationId={conversation.id}
          onClose={() => setModal(null)}
          revealable={encrypted ? recentForReport(messages) : undefined}
        />
      ) : null}
      {modal?.kind === 'verify' ? (
        <SafetyNumberDialog
          conversation={conversation}
          currentUserId={dock.currentUserId}
          onClose={() => setModal(null)}
        />
      ) : null}
      {modal?.kind === 'search' ? (
        <ConversationSearchModal
          conversationId={conversation.id}
          onClose={() => setModal(null)}
          onOpen={(result) => {
            setModal(null);
            dock.openChat(result.conversation_id, result.id);
          }}
        />
      ) : null}
      {modal?.kind === 'block' ? (
        <ConfirmDialog
          title={t('messages.chat.block_title', {
            name: modal.partner.display_name || modal.partner.username,
          })}
          confirmLabel={t('messages.chat.block_confirm')}
          cancelLabel={t('messages.cancel')}
          onClose={() => setModal(null)}
          onConfirm={() => void setBlocked(true)}
        >
          {t('messages.chat.block_text')}
        </ConfirmDialog>
      ) : null}
      {modal?.kind === 'deleteForEveryone' ? (
        <ConfirmDialog
          title={t('messages.e2ee.delete_for_everyone_title')}
          confirmLabel={t('messages.e2ee.delete_for_everyone')}
          cancelLabel={t('messages.cancel')}
          onClose={() => setModal(null)}
          onConfirm={() => encryptedActions.removeForEveryone(modal.message)}
        >
          {t('messages.e2ee.delete_for_everyone_text')}
        </ConfirmDialog>
      ) : null}
      {modal?.kind === 'confirm' ? (
        <ConversationConfirm
          action={modal.action}
          conversation={conversation}
          onClose={() => setModal(null)}
        />
      ) : null}
    </div>
  );
}
