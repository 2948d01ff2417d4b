import { memo, Suspense, useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { lazyWithMessages } from '../../../platform/lazy-with-messages';
import { isPlainClick } from '../../../components/plain-click';
import type { Message, MessageMedia, Reaction } from '../model';
import type { MessagePlacement } from '../rules/grouping';
import { usePopoverDismiss } from '../../../components/use-popover-dismiss';
import { receiptState } from '../rules/receipts';
import { bubbleTime } from '../rules/time';
import { Avatar } from '../../../components/Avatar';
import { EmojiText } from '../../emoji';
import { Icon } from '../../../components/Icon';
import { Button, IconButton } from '../../../components/Button';
import { ReactionPicker } from './ReactionPicker';
import { useT } from '../../../platform/i18n/use-t';

export interface MessageItemProps {
  message: Message;
  placement: MessagePlacement;
  currentUserId: string;
  isGroup: boolean;
  showReceipts: boolean;
  highlighted: boolean;
  onReply: (message: Message) => void;
  onReact: (message: Message, emoji: string) => void;
  onDelete: (message: Message) => void;
  /** an encrypted chat: one's own message can also be deleted for everyone */
  onDeleteForEveryone?: (message: Message) => void;
}

// the viewer statuses use, loaded with the first picture opened
const MediaModal = lazyWithMessages(() => import('../../status/MediaModal'));

/** One message: its minute-group time label, bubble, media, reply quote, reactions, receipt and actions. */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, placement, currentUserId, isGroup, highlighted } = props;
  const intl = useIntl();
  const t = useT();
  const [picking, setPicking] = useState(false);
  const reactButton = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLDivElement | null>(null);
  const closePicker = useCallback(() => setPicking(false), []);
  const dismissPicker = usePopoverDismiss(picking, closePicker, picker, reactButton);
  const own = message.sender.id === currentUserId;
  const time = bubbleTime(message.created_at, intl);
  const text = message.content.trim() === '' ? '' : message.content;

  const separator = placement.startsGroup ? (
    <div className="mbox-time-separator" aria-hidden="true">
      {time}
    </div>
  ) : null;

  if (message.is_system_message) {
    return (
      <div className="mbox-message-row" data-message-id={message.id}>
        {separator}
        <p className="mbox-system-message" data-testid="system-message">
          {message.content}
        </p>
      </div>
    );
  }

  const receipt = props.showReceipts ? receiptState(message, currentUserId) : null;
  const senderName = message.sender.display_name || message.sender.username;
  const classes = [
    'mbox-message',
    own ? 'mbox-message--own' : 'mbox-message--other',
    placement.startsSenderRun ? 'is-run-start' : '',
    placement.endsSenderRun ? 'is-run-end' : '',
    highlighted ? 'is-highlighted' : '',
    message.id === '' ? 'is-pending' : '',
  ].join(' ');

  return (
    <div className="mbox-message-row" data-message-id={message.id || undefined}>
      {separator}
      <div className={classes} data-testid="message" data-own={own}>
        {!own ? (
          <div className="mbox-message__avatar">
            {placement.endsSenderRun ? (
              <Avatar src={message.sender.avatar} name={senderName} size={28} />
            ) : null}
          </div>
        ) : null}
        <div className="mbox-message__column">
          {!own && isGroup && placement.startsSenderRun ? (
            <span className="mbox-message__sender" dir="auto">
              {senderName}
            </span>
          ) : null}
          <div className="mbox-message__line">
            <div
              className={text || message.reply_to ? 'mbox-bubble' : 'mbox-bubble mbox-bubble--media'}
              title={intl.formatDate(message.created_at, {
                dateStyle: 'medium',
                timeStyle: 'short',
                hourCycle: 'h23',
              })}
            >
              {message.reply_to ? (
                <div className="mbox-bubble__quote">
                  <span className="mbox-bubble__quote-name" dir="auto">
                    {message.reply_to.sender.display_name || message.reply_to.sender.username}
                  </span>
                  <span className="mbox-bubble__quote-text" dir="auto">
                    {message.reply_to.content.trim() || t('messages.message.photo')}
                  </span>
                </div>
              ) : null}
              {message.media_attachments.length > 0 ? <MediaGrid media={message.media_attachments} /> : null}
              {text ? (
                <p className="mbox-bubble__text" dir="auto">
                  <EmojiText text={text} />
                </p>
              ) : null}
              <span className="mbox-bubble__meta">
                <time dateTime={message.created_at} data-testid="bubble-time">
                  {time}
                </time>
                {receipt ? (
                  <span
                    className={`mbox-receipt mbox-receipt--${receipt}`}
                    data-testid="receipt"
                    data-receipt={receipt}
                    role="img"
                    aria-label={t(
                      receipt === 'read'
                        ? 'messages.receipt.read'
                        : receipt === 'delivered'
                          ? 'messages.receipt.delivered'
                          : 'messages.receipt.sent',
                    )}
                  >
                    {receipt === 'sent' ? <Icon name="check" size={14} /> : <Icon name="doneAll" size={16} />}
                  </span>
                ) : null}
              </span>
            </div>
            {message.id ? (
              <div
                className="mbox-message__actions"
                role="group"
                aria-label={t('messages.message.actions')}
                onKeyDown={dismissPicker}
              >
                <IconButton
                  shape="round"
                  size="small"
                  icon="reply"
                  label={t('messages.message.reply')}
                  onClick={() => props.onReply(message)}
                />
                <IconButton
                  ref={reactButton}
                  shape="round"
                  size="small"
                  icon="mood"
                  iconSize={20}
                  label={t('messages.message.react')}
                  aria-expanded={picking}
                  onClick={() => setPicking((value) => !value)}
                />
                {message.can_delete ? (
                  <IconButton
                    shape="round"
                    size="small"
                    icon="delete"
                    label={t('messages.message.delete')}
                    onClick={() => props.onDelete(message)}
                  />
                ) : null}
                {own && message.id && props.onDeleteForEveryone ? (
                  <IconButton
                    shape="round"
                    size="small"
                    icon="deleteForever"
                    label={t('messages.e2ee.delete_for_everyone')}
                    onClick={() => props.onDeleteForEveryone?.(message)}
                  />
                ) : null}
                {picking ? (
                  <ReactionPicker
                    anchor={reactButton.current}
                    own={own}
                    pickerRef={(element) => {
                      picker.current = element;
                    }}
                    onPick={(emoji) => {
                      closePicker();
                      props.onReact(message, emoji);
                    }}
                  />
                ) : null}
              </div>
            ) : null}
          </div>
          {message.reactions.length > 0 ? (
            <Reactions
              reactions={message.reactions}
              currentUserId={currentUserId}
              onToggle={(emoji) => props.onReact(message, emoji)}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
});

/** The size a picture will take, known before it loads (its preview's, else the original's): nothing jumps. */
function reservedSize(item: MessageMedia): { width?: number; height?: number } {
  const size = item.meta.small ?? item.meta.original;
  const width = size?.width ?? item.meta.width;
  const height = size?.height ?? item.meta.height;
  return width && height ? { width, height } : {};
}

/** A message's pictures and videos; a plain click on a picture opens them in the media viewer. */
function MediaGrid({ media }: { media: MessageMedia[] }) {
  const t = useT();
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <div className={`mbox-media mbox-media--${Math.min(media.length, 4)}`}>
      {media.map((item, index) =>
        item.type === 'video' ? (
          <video
            key={item.id}
            src={item.url}
            controls
            preload="metadata"
            aria-label={t('messages.message.video')}
            {...reservedSize(item)}
          />
        ) : (
          <a
            key={item.id}
            href={item.url}
            target="_blank"
            rel="noreferrer"
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              setViewing(index);
            }}
          >
            <img
              src={item.preview_url ?? item.url}
              alt={item.description ?? t('messages.message.photo')}
              loading="lazy"
              data-testid="message-image"
              {...reservedSize(item)}
            />
          </a>
        ),
      )}
      {viewing !== null ? (
        <Suspense fallback={null}>
          <MediaModal media={media} index={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Reactions({
  reactions,
  currentUserId,
  onToggle,
}: {
  reactions: Reaction[];
  currentUserId: string;
  onToggle: (emoji: string) => void;
}) {
  const t = useT();
  return (
    <div className="mbox-reactions" data-testid="reactions">
      {reactions.map((reaction) => {
        const mine = reaction.userIds.includes(currentUserId);
        const names = reaction.users.map((u) => u.display_name || u.username).join(', ');
        return (
          <Button
            key={reaction.emoji}
            variant="bare"
            className={`mbox-reaction ${mine ? 'is-mine' : ''}`}
            aria-pressed={mine}
            title={t('messages.message.reacted_by', { emoji: reaction.emoji, names })}
            data-testid="reaction"
            onClick={() => onToggle(reaction.emoji)}
          >
            {t('messages.message.reaction_count', { emoji: reaction.emoji, count: reaction.count })}
          </Button>
        );
      })}
    </div>
  );
}
