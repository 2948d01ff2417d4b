import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { usePopoverDismiss } from '../../../components/use-popover-dismiss';
import type { Message, MessageMedia } from '../model';
import {
  INPUT_MAX_HEIGHT_PX,
  MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  TYPING_STOP_MS,
  ALLOWED_MEDIA_TYPES,
} from '../rules/constants';
import { acceptMedia, canSend } from '../rules/validation';
import {
  draftAttachments,
  keepDraft,
  readDraft,
  settleDraftAttachment,
  subscribeToDraftAttachments,
  updateDraftAttachments,
  type DraftAttachment,
} from '../state/drafts';
import { useBoxToast } from '../state/toasts';
import { EmojiPicker } from './EmojiPicker';
import { Icon } from '../../../components/Icon';
import { Button, IconButton } from '../../../components/Button';
import { Msg } from '../../../platform/i18n/Msg';
import { useT } from '../../../platform/i18n/use-t';

export interface ComposerProps {
  blocked: boolean;
  replyTo: Message | null;
  onCancelReply: () => void;
  /** resolves true when the message was sent */
  onSend: (text: string, media: MessageMedia[]) => Promise<boolean>;
  upload: (file: File) => Promise<MessageMedia | null>;
  onTyping: (typing: boolean) => void;
  /** the chat's key in state/drafts.ts: unsent text and attachments outlive this composer */
  draftKey: string;
}

let keySeed = 0;

/**
 * The input area (SPEC §5): text up to 1000 characters growing to 120 px, Enter sends and Shift+Enter breaks
 * the line, up to 4 photos or videos uploaded as soon as they are picked, an emoji picker and a reply bar.
 */
export function Composer(props: ComposerProps) {
  const { blocked, replyTo, onCancelReply, onSend, upload, onTyping, draftKey } = props;
  const t = useT();
  const notify = useBoxToast();
  const [draft] = useState(() => readDraft(draftKey));
  const [text, setText] = useState(draft?.text ?? '');
  const attachments = useSyncExternalStore(subscribeToDraftAttachments, () => draftAttachments(draftKey));
  const setAttachments = (update: (list: DraftAttachment[]) => DraftAttachment[]) =>
    updateDraftAttachments(draftKey, update);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const emojiPicker = useRef<HTMLDivElement>(null);
  // the emoji picker's anchor: state, so that the picker is placed once the composer is on the page
  const [composer, setComposer] = useState<HTMLDivElement | null>(null);
  const closeEmoji = useCallback(() => setEmojiOpen(false), []);
  const dismissEmoji = usePopoverDismiss(emojiOpen, closeEmoji, emojiPicker, emojiButton);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typing = useRef<{ active: boolean; timer: number | null }>({ active: false, timer: null });

  const uploading = attachments.some((a) => a.media === null);
  // a message still on its way does not hold up the next one: the chat delivers them in order
  const sendable = canSend({ text, mediaCount: attachments.length, uploading, blocked });

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.style.height = 'auto';
    // blocked, the field is sized by its placeholder (CSS), which must show whole
    if (!blocked) field.style.height = `${Math.min(field.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
  }, [text, blocked]);

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  useEffect(() => {
    if (draft?.focused) input.current?.focus();
  }, [draft]);

  useEffect(() => keepDraft(draftKey, text), [draftKey, text]);

  // SPEC §4: leaving the page while composing loses the draft
  useEffect(() => {
    if (text.trim() === '' && attachments.length === 0) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [text, attachments.length]);

  const stopTyping = () => {
    const state = typing.current;
    if (state.timer !== null) window.clearTimeout(state.timer);
    state.timer = null;
    if (state.active) {
      state.active = false;
      onTyping(false);
    }
  };

  useEffect(() => () => stopTyping(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const noteTyping = () => {
    const state = typing.current;
    if (!state.active) {
      state.active = true;
      onTyping(true);
    }
    if (state.timer !== null) window.clearTimeout(state.timer);
    state.timer = window.setTimeout(stopTyping, TYPING_STOP_MS);
  };

  const addFiles = (files: File[]) => {
    const { accepted, errors } = acceptMedia(attachments.length, files);
    if (errors.includes('type')) notify('error', t('messages.composer.unsupported_files'));
    if (errors.includes('count')) notify('error', t('messages.composer.too_many_files'));
    const added = accepted.map((file) => ({
      key: `a${++keySeed}`,
      file,
      previewUrl: URL.createObjectURL(file),
      media: null,
    }));
    setAttachments((list) => [...list, ...added]);
    for (const attachment of added) {
      void upload(attachment.file).then((media) => {
        settleDraftAttachment(attachment.key, media);
        if (!media) URL.revokeObjectURL(attachment.previewUrl);
      });
    }
  };

  const removeAttachment = (key: string) => {
    setAttachments((list) => {
      const gone = list.find((a) => a.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((a) => a.key !== key);
    });
  };

  const submit = async () => {
    if (!sendable) return;
    stopTyping();
    const sentText = text;
    const sentAttachments = attachments;
    setText('');
    setAttachments(() => []);
    setEmojiOpen(false);
    const ok = await onSend(
      sentText,
      sentAttachments.flatMap((a) => (a.media ? [a.media] : [])),
    );
    if (ok) for (const a of sentAttachments) URL.revokeObjectURL(a.previewUrl);
    else {
      // given back, unless the reader has begun the next message meanwhile (the failure is notified)
      setText((current) => (current === '' ? sentText : current));
      setAttachments((current) => (current.length === 0 ? sentAttachments : current));
    }
    input.current?.focus();
  };

  const insertEmoji = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`.slice(0, MESSAGE_MAX_LENGTH);
    setText(next);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const replyName = replyTo ? replyTo.sender.display_name || replyTo.sender.username : '';

  return (
    <div
      ref={setComposer}
      className="mbox-composer"
      onKeyDown={dismissEmoji}
      onDragOver={(event) => {
        if (!blocked && event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        if (blocked || event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        addFiles([...event.dataTransfer.files]);
      }}
    >
      {replyTo ? (
        <div className="mbox-reply-bar" data-testid="reply-bar">
          <div className="mbox-reply-bar__text">
            <span className="mbox-reply-bar__title">
              <Msg id="messages.reply.replying_to" values={{ name: <bdi>{replyName}</bdi> }} />
            </span>
            <span className="mbox-reply-bar__quote" dir="auto">
              {replyTo.content.trim() || t('messages.message.photo')}
            </span>
          </div>
          <IconButton
            shape="round"
            size="small"
            icon="close"
            label={t('messages.reply.cancel')}
            onClick={onCancelReply}
          />
        </div>
      ) : null}
      {attachments.length > 0 ? (
        <div className="mbox-media-preview" data-testid="media-preview">
          <ul>
            {attachments.map((a) => (
              <li key={a.key} className={a.media ? '' : 'is-uploading'}>
                {a.file.type.startsWith('video/') ? (
                  <video src={a.previewUrl} muted />
                ) : (
                  <img src={a.previewUrl} alt={a.file.name} />
                )}
                <IconButton
                  shape="round"
                  size="small"
                  icon="close"
                  className="mbox-media-preview__remove"
                  label={t('messages.composer.remove_media')}
                  onClick={() => removeAttachment(a.key)}
                />
              </li>
            ))}
          </ul>
          <span className="mbox-media-preview__count" data-testid="media-count">
            {t('messages.composer.media_count', { count: attachments.length, max: MAX_ATTACHMENTS })}
          </span>
        </div>
      ) : null}
      {emojiOpen ? <EmojiPicker ref={emojiPicker} anchor={composer} onPick={insertEmoji} /> : null}
      <div className="mbox-composer__row">
        <IconButton
          shape="round"
          icon="image"
          label={t('messages.composer.attach')}
          disabled={blocked || attachments.length >= MAX_ATTACHMENTS}
          onClick={() => fileInput.current?.click()}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept={ALLOWED_MEDIA_TYPES.join(',')}
          data-testid="media-input"
          onChange={(event) => {
            addFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <div className="mbox-composer__field">
          <textarea
            dir="auto"
            ref={input}
            rows={1}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            disabled={blocked}
            placeholder={t(blocked ? 'messages.blocked_placeholder' : 'messages.composer.placeholder')}
            aria-label={t(blocked ? 'messages.blocked_placeholder' : 'messages.composer.placeholder')}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim() !== '') noteTyping();
              else stopTyping();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
            }}
          />
          <IconButton
            ref={emojiButton}
            shape="round"
            icon="mood"
            className="mbox-composer__emoji"
            label={t('messages.composer.emoji')}
            aria-expanded={emojiOpen}
            disabled={blocked}
            onClick={() => setEmojiOpen((open) => !open)}
          />
        </div>
        <Button
          className={`mbox-send ${uploading ? 'is-uploading' : ''}`}
          disabled={!sendable}
          onClick={() => void submit()}
          aria-label={uploading ? undefined : t('messages.composer.send')}
          data-testid="send-button"
        >
          {uploading ? t('messages.composer.uploading') : <Icon name="send" size={18} />}
        </Button>
      </div>
    </div>
  );
}
