import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DropdownMenu, MenuActions, type MenuAction } from '../../../components/DropdownMenu';
import { messagingApi } from '../api/endpoints';
import { flattenPages } from '../data/cache';
import { newestPageOnly, type ChatPages } from '../data/window';
import { messageKeys } from '../data/keys';
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
import { m } from '../messages';
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
import { ReportModal } from './ReportModal';
import { ScreenHeader } from './ScreenHeader';
import { SettingsModal } from './SettingsModal';
import { TypingIndicator } from './TypingIndicator';

type OpenModal =
  | { kind: 'settings' }
  | { kind: 'participants' }
  | { kind: 'rename' }
  | { kind: 'report' }
  | { kind: 'search' }
  | { kind: 'confirm'; action: ConversationAction }
  | { kind: 'block'; partner: Participant }
  | null;

/** The chat screen: header and menu, block banner, messages, typing indicator and the composer. */
export function ChatView() {
  const dock = useDock();
  const conversationId = dock.conversationId;
  const query = useConversationMessages(conversationId);
  const intl = useIntl();

  if (!conversationId) {
    return dock.recipient ? <NewChat recipient={dock.recipient} /> : null;
  }
  if (query.isPending) {
    return (
      <div className="mbox-screen">
        <ScreenHeader title={null} onBack={dock.showList} />
        <p className="mbox-state" role="status">
          {intl.formatMessage(m.loading)}
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
        <button type="button" className="mbox-button mbox-button--ghost" onClick={() => void query.refetch()}>
          {intl.formatMessage(m.retry)}
        </button>
      </div>
    </div>
  );
}

/** In place of the composer of a group the viewer was removed from. */
function RemovedNotice() {
  const intl = useIntl();
  return (
    <p className="mbox-removed-notice" role="status" data-testid="removed-notice">
      {intl.formatMessage(m.removedFromGroup)}
    </p>
  );
}

/** A chat with someone before any message exists: the first send creates it with recipient_id. */
function NewChat({ recipient }: { recipient: Participant }) {
  const dock = useDock();
  const intl = useIntl();
  const upload = useMediaUpload();
  const first = useFirstMessages(recipient);
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
          </span>
        }
      />
      {first.entries.length === 0 ? (
        <EmptyChat />
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
                  {intl.formatMessage(m.notSent)}
                  <button
                    type="button"
                    className="mbox-button mbox-button--small mbox-button--ghost"
                    onClick={() => first.retry(entry)}
                  >
                    {intl.formatMessage(m.retry)}
                  </button>
                </p>
              ) : null}
            </div>
          ))}
        </div>
      )}
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

function EmptyChat() {
  const intl = useIntl();
  return (
    <div className="mbox-chat-empty" data-testid="chat-empty">
      <span className="mbox-chat-empty__wave" aria-hidden="true">
        👋
      </span>
      <p className="mbox-chat-empty__title">{intl.formatMessage(m.sayHello)}</p>
      <p className="mbox-chat-empty__note">{intl.formatMessage(m.privacyNote)}</p>
    </div>
  );
}

function OpenChat({ conversation, removed }: { conversation: Conversation; removed: boolean }) {
  const intl = useIntl();
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
  const actions = useChatActions(conversation.id);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);
  const list = useRef<MessageListHandle>(null);

  const messages = useMemo(() => flattenPages(query.data), [query.data]);
  const refusal = blockRefusal(blockStatus.data);
  const effective = settings.data?.effective_settings ?? preferences.data;
  const typingEnabled = effective?.typing_indicator_enabled ?? true;
  const receiptsEnabled = effective?.read_receipts_enabled ?? true;
  const title = conversationTitle(conversation);

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
        failure: block ? m.failedBlockUser : m.failedUnblockUser,
        success: block ? m.userBlocked : m.userUnblocked,
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
    menu.push({ label: intl.formatMessage(m.viewProfile), onSelect: () => viewProfile(partner.username) });
  menu.push({
    label: intl.formatMessage(m.conversationSettings),
    onSelect: () => setModal({ kind: 'settings' }),
  });
  menu.push({
    label: intl.formatMessage(m.searchConversation),
    onSelect: () => setModal({ kind: 'search' }),
  });
  if (isDirect && partner) {
    menu.push({ label: intl.formatMessage(m.addPeople), onSelect: () => dock.showGroupCreation(partner) });
    menu.push(
      blockStatus.data?.is_blocked_by_me
        ? { label: intl.formatMessage(m.unblockUser), onSelect: () => void setBlocked(false) }
        : {
            label: intl.formatMessage(m.blockUser),
            onSelect: () => setModal({ kind: 'block', partner }),
            danger: true,
          },
    );
  } else {
    menu.push({
      label: intl.formatMessage(m.manageParticipants),
      onSelect: () => setModal({ kind: 'participants' }),
    });
    if (conversation.current_user_is_admin)
      menu.push({ label: intl.formatMessage(m.renameGroup), onSelect: () => setModal({ kind: 'rename' }) });
  }
  menu.push({
    label: intl.formatMessage(m.report),
    onSelect: () => setModal({ kind: 'report' }),
    danger: true,
  });
  if (isDirect)
    menu.push({
      label: intl.formatMessage(m.deleteChat),
      onSelect: () => setModal({ kind: 'confirm', action: 'deleteChat' }),
      danger: true,
    });
  else {
    menu.push({
      label: intl.formatMessage(m.leaveGroup),
      onSelect: () => setModal({ kind: 'confirm', action: 'leave' }),
      danger: true,
    });
    if (conversation.current_user_is_admin)
      menu.push({
        label: intl.formatMessage(m.deleteGroup),
        onSelect: () => setModal({ kind: 'confirm', action: 'deleteGroup' }),
        danger: true,
      });
  }

  const others = conversation.participants.filter((p) => p.id !== dock.currentUserId);
  const subtitle = isDirect
    ? active.data?.is_active || partner?.is_online
      ? intl.formatMessage(m.activeNow)
      : partner
        ? `@${partner.acct || partner.username}`
        : ''
    : intl.formatMessage(m.members, { count: conversation.participants.length });

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
        <span className="mbox-chat__name" data-testid="chat-title">
          {title}
        </span>
        <span className="mbox-chat__subtitle">{subtitle}</span>
      </span>
    </span>
  );

  return (
    <div className="mbox-screen mbox-chat" data-testid="chat-view" data-conversation-id={conversation.id}>
      <ScreenHeader
        onBack={dock.showList}
        title={
          isDirect && partner ? (
            <button
              type="button"
              className="mbox-chat__profile-link"
              onClick={() => viewProfile(partner.username)}
            >
              {identity}
            </button>
          ) : (
            identity
          )
        }
      >
        {removed ? null : (
          <DropdownMenu
            label={intl.formatMessage(m.chatSettings)}
            buttonClassName="mbox-icon-button"
            icon={<Icon name="moreHoriz" size={20} />}
          >
            <MenuActions actions={menu} />
          </DropdownMenu>
        )}
      </ScreenHeader>
      {refusal ? (
        <div className="mbox-block-banner" role="alert" data-testid="block-banner">
          <Icon name="warning" size={16} />
          <span>{intl.formatMessage(refusal === 'blocked_by_me' ? m.blockedByMe : m.blockedByThem)}</span>
          {refusal === 'blocked_by_me' ? (
            <button
              type="button"
              className="mbox-button mbox-button--small mbox-button--ghost"
              onClick={() => void setBlocked(false)}
            >
              {intl.formatMessage(m.unblockUser)}
            </button>
          ) : null}
        </div>
      ) : null}
      {messages.length === 0 ? (
        <EmptyChat />
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
        />
      )}
      {typingEnabled && !removed ? (
        <TypingIndicator conversationId={conversation.id} currentUserId={dock.currentUserId} />
      ) : null}
      {removed ? (
        <RemovedNotice />
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
            if (typingEnabled) stream.sendTyping(conversation.id, typing);
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
        <ReportModal conversationId={conversation.id} onClose={() => setModal(null)} />
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
          title={intl.formatMessage(m.blockTitle, {
            name: modal.partner.display_name || modal.partner.username,
          })}
          confirmLabel={intl.formatMessage(m.blockConfirm)}
          cancelLabel={intl.formatMessage(m.cancel)}
          onClose={() => setModal(null)}
          onConfirm={() => void setBlocked(true)}
        >
          {intl.formatMessage(m.blockText)}
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
