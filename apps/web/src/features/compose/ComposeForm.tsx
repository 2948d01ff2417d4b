import './compose.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { QuotePolicy, Visibility } from '@palchat/api';
import { queryKeys, useCurrentAccount, useInstance } from '../../api/queries';
import type { MessageId } from '../../platform/i18n/messages';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { composeDraftStore, updateComposeDraft, useComposeDraft } from '../../platform/stores/compose-draft';
import { Avatar } from '../../components/Avatar';
import { Button, IconButton } from '../../components/Button';
import { DisplayName } from '../../components/DisplayName';
import { Icon } from '../../components/Icon';
import { PathIcon, SocialIcon } from '../../components/SocialIcon';
import { ErrorMessage } from '../../components/States';
import { usePopoverDismiss } from '../../components/use-popover-dismiss';
import {
  quotePolicyStore,
  quoteTargetStore,
  replyTargetStore,
  useEditTarget,
  useQuotePolicy,
  useQuoteTarget,
  useReplyTarget,
} from '../../platform/stores/compose-bridge';
import { replaceCachedStatus } from '../../api/status-cache';
import { QuotedPost, statusKeys } from '../status';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { shortcodeAtCaret, emojiText, type EmojiEntry } from '../emoji';
import { SuggestionList, useEmojiSuggestions, useSuggestions, type Suggestion } from './Autocomplete';
import {
  composeExtrasStore,
  updateComposeExtras,
  useComposeExtras,
  type AttachedMedia,
} from './compose-extras';
import { usePostingDefaults, withPostingDefaults } from './compose-defaults';
import { focusAtEnd, resetCompose } from './compose-session';
import {
  DEFAULT_MAX_CHARACTERS,
  MAX_POLL_OPTIONS,
  POLL_DURATIONS,
  composeProblem,
  insertCompletion,
  mediaSensitive,
  postVisibility,
  remainingCharacters,
  tokenAtCaret,
  type MediaProblem,
} from './compose-rules';
import { languageChoices, nativeLanguageName } from './languages';
import { LanguageSuggestion } from './LanguageSuggestion';
import { SelectButton, type SelectOption } from './SelectButton';
import { AltTextModal, MissingAltTextModal, type MediaPreview } from './AltTextModal';
import { useConfirmations } from '../settings';
import { addMediaFiles } from './add-media';
import { useDescriptionLimit, useMediaLimits } from './media-limits';
import { publishStatus, saveStatusEdit } from './publish';

const MEDIA_PROBLEM_TEXT: Record<MediaProblem, MessageId> = {
  unsupported: 'compose.media_unsupported',
  audio_video_alone: 'compose.media_audio_video_alone',
  limit: 'compose.media_limit',
};

/** The post's language: its code on a compact button, the native names in the list. */
function LanguagePicker({ value, listed }: { value: string; listed: boolean }) {
  const t = useT();
  const options = useMemo(
    () => (): SelectOption<string>[] =>
      languageChoices(value).map((choice) => ({ value: choice.code, label: choice.name, lang: choice.code })),
    [value],
  );
  return (
    <SelectButton
      label={t('compose.language')}
      value={value}
      current={{ value, label: nativeLanguageName(value), lang: value }}
      options={options}
      listed={listed}
      onChange={(language) => updateComposeExtras({ language })}
    >
      <span className="compose-language">{value.toUpperCase()}</span>
    </SelectButton>
  );
}

const EmojiPicker = lazyWithMessages(() => import('../emoji/EmojiPicker'));

const LOCK_OPEN =
  'M12 17c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm6-9h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6h1.9c0-1.71 1.39-3.1 3.1-3.1 1.71 0 3.1 1.39 3.1 3.1v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2zm0 12H6V10h12v10z';
const POLL = 'M3 5v14h18V5H3zm6 12H5v-6h4v6zm6 0h-4V7h4v10zm4 0h-2V9h2v8z';

const QUOTE_POLICY_TEXT: Record<QuotePolicy, MessageId> = {
  public: 'compose.quote_policy_public',
  followers: 'compose.quote_policy_followers',
  nobody: 'compose.quote_policy_nobody',
};

/** Who may quote the post (Mastodon 4.5): private and direct posts can be quoted by nobody but their author. */
function QuotePolicyPicker({
  value,
  disabled,
  listed,
}: {
  value: QuotePolicy;
  disabled: boolean;
  listed: boolean;
}) {
  const t = useT();
  return (
    <SelectButton
      label={t('compose.quote_policy')}
      value={value}
      disabled={disabled}
      current={{ value, label: t(QUOTE_POLICY_TEXT[value]) }}
      listed={listed}
      options={() =>
        (Object.keys(QUOTE_POLICY_TEXT) as QuotePolicy[]).map((option) => ({
          value: option,
          label: t(QUOTE_POLICY_TEXT[option]),
        }))
      }
      onChange={(policy) => quotePolicyStore.set(policy)}
    >
      <SocialIcon name="quote" size={20} />
    </SelectButton>
  );
}

const VISIBILITY_FACE: Record<Visibility, [ReactNode, MessageId]> = {
  public: [<Icon name="public" size={20} />, 'compose.visibility_public'],
  unlisted: [<PathIcon path={LOCK_OPEN} size={20} />, 'compose.visibility_unlisted'],
  private: [<Icon name="lock" size={20} />, 'compose.visibility_private'],
  direct: [<Icon name="mention" size={20} />, 'compose.visibility_direct'],
};

/** Who can see the post: its icon (and, where the form is wide enough, its name) on a compact button. */
function VisibilityPicker({
  value,
  disabled,
  listed,
}: {
  value: Visibility;
  disabled: boolean;
  listed: boolean;
}) {
  const t = useT();
  const [icon, name] = VISIBILITY_FACE[value];
  return (
    <SelectButton
      label={t('compose.visibility')}
      value={value}
      disabled={disabled}
      current={{ value, label: t(name) }}
      listed={listed}
      options={() =>
        (Object.keys(VISIBILITY_FACE) as Visibility[]).map((option) => ({
          value: option,
          label: t(VISIBILITY_FACE[option][1]),
        }))
      }
      onChange={(visibility) => updateComposeDraft({ visibility })}
    >
      {icon}
      <span className="compose-visibility__name">{t(name)}</span>
    </SelectButton>
  );
}

/** An attachment's preview, with buttons to describe it (Mastodon's "ALT") and to remove it. */
function MediaTile({
  media,
  onEdit,
  onRemove,
}: {
  media: MediaPreview;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <div className="compose-media__item">
      {media.kind === 'image' ? (
        <img src={media.preview} alt={media.description || media.name} />
      ) : media.kind === 'video' ? (
        <video src={media.preview} muted />
      ) : (
        <span className="compose-media__name">{media.name}</span>
      )}
      <IconButton
        icon="close"
        label={t('compose.remove_media', { name: media.name })}
        className="compose-media__remove"
        onClick={onRemove}
      />
      <button
        type="button"
        className={
          media.description ? 'compose-media__alt' : 'compose-media__alt compose-media__alt--missing'
        }
        aria-label={t('compose.alt_edit', { name: media.name })}
        title={media.description || t('compose.alt_edit', { name: media.name })}
        onClick={onEdit}
      >
        {!media.description && <Icon name="warning" size={14} />}
        {t('compose.alt_badge')}
      </button>
    </div>
  );
}

/** What the alt-text editor is open for: a new file, or an attachment already on the server. */
type DescribedMedia = { file: File } | { attached: AttachedMedia };

function kindOfType(type: string): MediaPreview['kind'] {
  return type === 'image' || type === 'gifv' ? 'image' : type === 'video' ? 'video' : 'other';
}

/** A new file: previewed from memory, its description kept by File until it is uploaded. */
/** A new file's preview, from memory (released when the file or the component goes). */
function useFilePreview(file: File | null): string {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : ''), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function filePreview(file: File, url: string, descriptions: WeakMap<File, string>): MediaPreview {
  return {
    name: file.name,
    preview: url,
    kind: kindOfType(file.type.split('/')[0] ?? ''),
    description: descriptions.get(file) ?? '',
  };
}

function MediaThumb({ file, index, onEdit }: { file: File; index: number; onEdit: () => void }) {
  const extras = useComposeExtras();
  const url = useFilePreview(file);
  return (
    <MediaTile
      media={filePreview(file, url, extras.descriptions)}
      onEdit={onEdit}
      onRemove={() =>
        updateComposeDraft({ media: composeDraftStore.get().media.filter((_, at) => at !== index) })
      }
    />
  );
}

function attachedName(t: ReturnType<typeof useT>, media: AttachedMedia): string {
  return t('compose.attached_media', { type: media.type });
}

/** Replaces (or, with null, removes) an attachment kept from the post being edited or re-drafted. */
function replaceAttached(media: AttachedMedia, next: AttachedMedia | null): void {
  updateComposeExtras({
    attached: composeExtrasStore
      .get()
      .attached.flatMap((item) => (item.id !== media.id ? [item] : next ? [next] : [])),
  });
}

/**
 * An attachment already on the server (editing, or a re-draft reusing the upload); its description can change
 * (see publish.ts).
 */
function AttachedThumb({ media, onEdit }: { media: AttachedMedia; onEdit: () => void }) {
  const t = useT();
  return (
    <MediaTile
      media={{
        name: attachedName(t, media),
        preview: media.previewUrl,
        kind: kindOfType(media.type),
        description: media.description,
      }}
      onEdit={onEdit}
      onRemove={() => replaceAttached(media, null)}
    />
  );
}

/** The alt-text editor for one attachment; a new file's preview is made for it (and released after). */
function DescribeMedia({
  target,
  limit,
  onClose,
}: {
  target: DescribedMedia;
  limit: number;
  onClose: () => void;
}) {
  const t = useT();
  const url = useFilePreview('file' in target ? target.file : null);
  const media: MediaPreview =
    'file' in target
      ? filePreview(target.file, url, composeExtrasStore.get().descriptions)
      : {
          name: attachedName(t, target.attached),
          preview: target.attached.previewUrl,
          kind: kindOfType(target.attached.type),
          description: target.attached.description,
        };
  function save(description: string) {
    if ('file' in target) {
      const { descriptions } = composeExtrasStore.get();
      descriptions.set(target.file, description);
      // a new object, so that the tiles showing it render again
      updateComposeExtras({ descriptions });
    } else {
      replaceAttached(target.attached, { ...target.attached, description });
    }
  }
  return <AltTextModal media={media} limit={limit} onSave={save} onClose={onClose} />;
}

function PollEditor() {
  const t = useT();
  const { poll } = useComposeExtras();
  if (!poll) return null;
  const setOption = (index: number, value: string) =>
    updateComposeExtras({
      poll: { ...poll, options: poll.options.map((o, at) => (at === index ? value : o)) },
    });
  return (
    <fieldset className="compose-poll">
      <legend className="visually-hidden">{t('compose.poll')}</legend>
      {poll.options.map((option, index) => (
        <div key={index} className="compose-poll__option">
          <input
            dir="auto"
            className="field__input"
            aria-label={t('compose.poll_option', { number: index + 1 })}
            placeholder={t('compose.poll_option', { number: index + 1 })}
            maxLength={50}
            value={option}
            onChange={(event) => setOption(index, event.target.value)}
          />
          {poll.options.length > 2 && (
            <IconButton
              icon="close"
              label={t('compose.poll_remove_option', { number: index + 1 })}
              onClick={() =>
                updateComposeExtras({
                  poll: { ...poll, options: poll.options.filter((_, at) => at !== index) },
                })
              }
            />
          )}
        </div>
      ))}
      <div className="compose-poll__footer">
        {poll.options.length < MAX_POLL_OPTIONS && (
          <Button
            variant="plain"
            onClick={() => updateComposeExtras({ poll: { ...poll, options: [...poll.options, ''] } })}
          >
            <Msg id="compose.poll_add_option" />
          </Button>
        )}
        <label className="compose-poll__setting">
          <input
            type="checkbox"
            checked={poll.multiple}
            onChange={(event) => updateComposeExtras({ poll: { ...poll, multiple: event.target.checked } })}
          />
          {t('compose.poll_multiple')}
        </label>
        <select
          aria-label={t('compose.poll_duration')}
          value={poll.expiresIn}
          onChange={(event) =>
            updateComposeExtras({ poll: { ...poll, expiresIn: Number(event.target.value) } })
          }
        >
          {POLL_DURATIONS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds < 3600
                ? t('compose.minutes', { count: seconds / 60 })
                : seconds < 86400
                  ? t('compose.hours', { count: seconds / 3600 })
                  : t('compose.days', { count: seconds / 86400 })}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/**
 * The compose form (panel, /publish, modal): a new post, a reply, or an edit of one's own post. Draft text
 * and media live in the shared store the leave-page warning watches. `onDone` runs after a successful send.
 * `autoFocus`: the form opened for writing focuses its field once mounted, caret after the draft's text.
 */
export default function ComposeForm({ autoFocus, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const t = useT();
  const textId = useId();
  const listId = useId();
  const { identity } = useInitialState();
  const account = useCurrentAccount();
  const defaults = usePostingDefaults();
  const mediaLimits = useMediaLimits();
  const descriptionLimit = useDescriptionLimit();
  const instance = useInstance();
  const draft = useComposeDraft();
  const extras = useComposeExtras();
  const replyTo = useReplyTarget();
  const quoteOf = useQuoteTarget();
  const quotePolicy = useQuotePolicy();
  const editing = useEditTarget();
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const client = useQueryClient();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedToken, setDismissedToken] = useState<string | null>(null);
  useEffect(() => {
    if (autoFocus && textarea.current) focusAtEnd(textarea.current);
  }, [autoFocus]);
  // the pickers list their choices once the form is in use (see SelectButton)
  const [inUse, setInUse] = useState(autoFocus === true);
  const markInUse = () => setInUse(true);

  const maxCharacters = instance.data?.configuration?.statuses?.max_characters ?? DEFAULT_MAX_CHARACTERS;
  const maxMedia = mediaLimits.max;

  const submit = useMutation({
    mutationFn: ({ editId }: { editId: string | null }) => {
      const replyTarget = replyTargetStore.get();
      const { draft, extras } = withPostingDefaults(
        composeDraftStore.get(),
        composeExtrasStore.get(),
        defaults,
        replyTarget?.visibility ?? null,
      );
      return editId
        ? saveStatusEdit(editId, draft, extras)
        : publishStatus(draft, extras, replyTarget?.id ?? null, {
            quotedStatusId: quoteTargetStore.get()?.id ?? null,
            policy: quotePolicyStore.get(),
          });
    },
    onSuccess: (status, { editId }) => {
      resetCompose();
      if (editId) replaceCachedStatus(client, status);
      else void client.invalidateQueries({ queryKey: queryKeys.timeline('home') });
      if (status.in_reply_to_id) void client.invalidateQueries({ queryKey: statusKeys.contexts });
      onDone?.();
    },
  });
  const send = () => submit.mutate({ editId: editing?.id ?? null });
  const confirmations = useConfirmations();
  const [describing, setDescribing] = useState<DescribedMedia | null>(null);
  const [altReminder, setAltReminder] = useState(false);

  /** The first image or video that has no description yet (audio is left alone, as on Mastodon). */
  function firstUndescribed(): DescribedMedia | null {
    const attached = extras.attached.find(
      (media) => kindOfType(media.type) !== 'other' && !media.description.trim(),
    );
    if (attached) return { attached };
    const file = draft.media.find(
      (item) => /^(image|video)\//.test(item.type) && !extras.descriptions.get(item)?.trim(),
    );
    return file ? { file } : null;
  }

  /** Sends, after asking about media without a description when the preference says so. */
  function requestSend() {
    if (confirmations.missingAltText && firstUndescribed()) setAltReminder(true);
    else send();
  }

  const input = {
    text: draft.text,
    spoilerText: extras.spoilerOn ? draft.spoilerText : '',
    mediaCount: draft.media.length + extras.attached.length,
    poll: extras.poll,
    uploading: submit.isPending,
  };
  const visibility = postVisibility(draft.visibility, defaults, replyTo?.visibility ?? null);
  const sensitive = mediaSensitive({
    mediaCount: input.mediaCount,
    spoilerOn: extras.spoilerOn,
    chosen: extras.sensitive,
    defaults,
  });
  const remaining = remainingCharacters(input, maxCharacters);
  const problem = composeProblem(input, maxCharacters);

  // "@…" and "#…" ask the server; ":…" completes emoji shortcodes
  const mention = tokenAtCaret(draft.text, caret);
  const shortcode = mention ? null : shortcodeAtCaret(draft.text, caret);
  const found = mention ?? (shortcode && { token: `:${shortcode.query}`, start: shortcode.start });
  const token = found && found.token !== dismissedToken ? found.token : null;
  const mentionSuggestions = useSuggestions(mention ? token : null);
  const emojiSuggestions = useEmojiSuggestions(shortcode && token ? shortcode.query : null);
  const suggestions = mention ? mentionSuggestions : emojiSuggestions;
  const showSuggestions = token !== null && suggestions.length > 0;
  const [emojiOpen, setEmojiOpen] = useState(false);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const emojiPicker = useRef<HTMLDivElement>(null);
  const closeEmoji = useCallback(() => setEmojiOpen(false), []);
  const dismissEmoji = usePopoverDismiss(emojiOpen, closeEmoji, emojiPicker, emojiButton);

  function replaceText(start: number, end: number, value: string, spaced = true) {
    const next = spaced
      ? insertCompletion(draft.text, start, end, value)
      : { text: draft.text.slice(0, start) + value + draft.text.slice(end), caret: start + value.length };
    updateComposeDraft({ text: next.text });
    setCaret(next.caret);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  }

  function pick(suggestion: Suggestion) {
    if (found) replaceText(found.start, caret, suggestion.value);
  }

  function pickEmoji(entry: EmojiEntry) {
    setEmojiOpen(false);
    // where the caret was when the field lost focus to the picker
    const field = textarea.current;
    // no space after it, so that several can follow each other
    replaceText(field?.selectionStart ?? caret, field?.selectionEnd ?? caret, emojiText(entry), false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (showSuggestions) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const suggestion = suggestions[active] ?? suggestions[0];
        if (suggestion) {
          event.preventDefault();
          pick(suggestion);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedToken(token);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && problem === null) requestSend();
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    addMediaFiles(Array.from(event.target.files ?? []), mediaLimits);
    event.target.value = '';
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problem === null) requestSend();
  }

  return (
    <form
      className="compose-form"
      onSubmit={onSubmit}
      aria-label={t('compose.label')}
      onFocus={markInUse}
      onPointerEnter={markInUse}
      onPointerDown={markInUse}
    >
      {account.data && (
        <div className="compose-form__author">
          <Avatar src={account.data.avatar} size={40} />
          <DisplayName account={account.data} />
        </div>
      )}
      {!account.data && identity.username && <p className="compose-form__author">@{identity.username}</p>}
      {editing && (
        <div className="compose-reply compose-reply--edit" aria-label={t('compose.editing')}>
          <div className="compose-reply__header">
            <span>
              <Msg id="compose.editing" />
            </span>
            <IconButton
              icon="close"
              label={t('compose.cancel_edit')}
              onClick={() => {
                resetCompose();
                textarea.current?.focus();
              }}
            />
          </div>
        </div>
      )}
      {quoteOf && (
        <div
          className="compose-quote"
          aria-label={t('compose.quoting', { name: `@${quoteOf.account.acct}` })}
        >
          <div className="compose-reply__header">
            <span>
              <Msg id="compose.quoting" values={{ name: <bdi>@{quoteOf.account.acct}</bdi> }} />
            </span>
            <IconButton
              icon="close"
              label={t('compose.cancel_quote')}
              onClick={() => {
                quoteTargetStore.set(null);
                textarea.current?.focus();
              }}
            />
          </div>
          <QuotedPost status={quoteOf} />
        </div>
      )}
      {replyTo && (
        <div className="compose-reply" aria-label={t('compose.replying_to', { name: replyTo.account.acct })}>
          <div className="compose-reply__header">
            <span>
              <Msg id="compose.replying_to" values={{ name: <bdi>@{replyTo.account.acct}</bdi> }} />
            </span>
            <IconButton
              icon="close"
              label={t('compose.cancel_reply')}
              onClick={() => {
                replyTargetStore.set(null);
                // the button goes away: keep focus in the form (and in the modal's focus trap)
                textarea.current?.focus();
              }}
            />
          </div>
          <p className="compose-reply__excerpt">
            {replyTo.spoiler_text ||
              new DOMParser().parseFromString(replyTo.content, 'text/html').body.textContent}
          </p>
        </div>
      )}
      {extras.spoilerOn && (
        <input
          dir="auto"
          className="compose-form__spoiler"
          aria-label={t('compose.spoiler_placeholder')}
          placeholder={t('compose.spoiler_placeholder')}
          value={draft.spoilerText}
          onChange={(event) => updateComposeDraft({ spoilerText: event.target.value })}
        />
      )}
      <label htmlFor={textId} className="visually-hidden">
        {t('compose.placeholder')}
      </label>
      <div className="compose-form__field">
        <textarea
          dir="auto"
          ref={textarea}
          id={textId}
          className="compose-form__text"
          placeholder={t('compose.placeholder')}
          value={draft.text}
          rows={6}
          // a dialog around the form focuses the field too, whichever of the two mounts first
          data-autofocus={autoFocus || undefined}
          role="combobox"
          aria-expanded={showSuggestions}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showSuggestions ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            updateComposeDraft({ text: event.target.value });
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        {showSuggestions && (
          <SuggestionList id={listId} suggestions={suggestions} active={active} onPick={pick} />
        )}
      </div>
      {draft.media.length + extras.attached.length > 0 && (
        <div className="compose-media">
          {extras.attached.map((media) => (
            <AttachedThumb key={media.id} media={media} onEdit={() => setDescribing({ attached: media })} />
          ))}
          {draft.media.map((file, index) => (
            <MediaThumb
              key={`${file.name}-${file.size}-${index}`}
              file={file}
              index={index}
              onEdit={() => setDescribing({ file })}
            />
          ))}
        </div>
      )}
      {input.mediaCount > 0 && (
        <label className="compose-form__sensitive">
          <input
            type="checkbox"
            checked={sensitive}
            // as on Mastodon, media behind a content warning are always sensitive
            disabled={extras.spoilerOn}
            onChange={(event) => updateComposeExtras({ sensitive: event.target.checked })}
          />
          {t('compose.sensitive')}
        </label>
      )}
      <LanguageSuggestion
        text={draft.text}
        current={extras.language ?? defaults.language}
        chosen={extras.language !== null}
      />
      {extras.oversizedMedia && (
        <p className="compose-form__error" role="alert">
          <Msg id="compose.media_too_large" values={extras.oversizedMedia} />
        </p>
      )}
      {extras.mediaProblem && (
        <p className="compose-form__error" role="alert">
          <Msg id={MEDIA_PROBLEM_TEXT[extras.mediaProblem]} values={{ max: maxMedia }} />
        </p>
      )}
      {describing && (
        <DescribeMedia target={describing} limit={descriptionLimit} onClose={() => setDescribing(null)} />
      )}
      {altReminder && (
        <MissingAltTextModal
          onClose={() => setAltReminder(false)}
          onAdd={() => {
            setAltReminder(false);
            setDescribing(firstUndescribed());
          }}
          onPostAnyway={() => {
            setAltReminder(false);
            send();
          }}
        />
      )}
      <PollEditor />
      <div className="compose-form__toolbar">
        <input
          ref={fileInput}
          type="file"
          accept={mediaLimits.supportedTypes.join(',')}
          multiple
          hidden
          onChange={onFiles}
          data-testid="compose-file"
        />
        <IconButton
          icon="image"
          label={t('compose.add_media', { count: input.mediaCount, max: maxMedia })}
          disabled={input.mediaCount >= maxMedia || extras.poll !== null}
          onClick={() => fileInput.current?.click()}
        />
        <IconButton
          ref={emojiButton}
          icon="mood"
          label={t('compose.emoji')}
          aria-expanded={emojiOpen}
          active={emojiOpen}
          onClick={() => setEmojiOpen((open) => !open)}
          onKeyDown={dismissEmoji}
        />
        <button
          type="button"
          className={extras.poll ? 'icon-button icon-button--active' : 'icon-button'}
          aria-label={t(extras.poll ? 'compose.poll_remove' : 'compose.poll_add')}
          title={t(extras.poll ? 'compose.poll_remove' : 'compose.poll_add')}
          aria-pressed={extras.poll !== null}
          disabled={input.mediaCount > 0}
          onClick={() =>
            updateComposeExtras({
              poll: extras.poll ? null : { options: ['', ''], expiresIn: 86400, multiple: false },
            })
          }
        >
          <PathIcon path={POLL} />
        </button>
        <button
          type="button"
          className={
            extras.spoilerOn
              ? 'icon-button icon-button--active compose-form__cw'
              : 'icon-button compose-form__cw'
          }
          // the name holds the button's visible "CW" (WCAG 2.5.3, label in name)
          aria-label={t('compose.spoiler_button')}
          title={t('compose.spoiler')}
          aria-pressed={extras.spoilerOn}
          onClick={() => updateComposeExtras({ spoilerOn: !extras.spoilerOn })}
        >
          {t('compose.spoiler_short')}
        </button>
        {/* as on Mastodon, an edit keeps the post's audience */}
        <VisibilityPicker value={visibility} disabled={editing !== null} listed={inUse} />
        <QuotePolicyPicker
          value={
            visibility === 'private' || visibility === 'direct'
              ? 'nobody'
              : (quotePolicy ?? defaults.quotePolicy)
          }
          disabled={editing !== null || visibility === 'private' || visibility === 'direct'}
          listed={inUse}
        />
        <LanguagePicker value={extras.language ?? defaults.language} listed={inUse} />
        <span
          className={
            remaining < 0 ? 'compose-form__counter compose-form__counter--over' : 'compose-form__counter'
          }
          aria-label={t('compose.characters_left', { count: remaining })}
          data-testid="compose-counter"
        >
          {remaining}
        </span>
      </div>
      {emojiOpen && (
        <div ref={emojiPicker} onKeyDown={dismissEmoji}>
          <Suspense fallback={null}>
            <EmojiPicker onPick={pickEmoji} />
          </Suspense>
        </div>
      )}
      {problem === 'poll_options' && (
        <p className="muted compose-form__hint">
          <Msg id="compose.poll_needs_options" />
        </p>
      )}
      {submit.isError && <ErrorMessage error={submit.error} />}
      {submit.isSuccess && (
        <p className="compose-form__notice" role="status">
          <Msg id={submit.variables?.editId ? 'compose.saved' : 'compose.published'} />
        </p>
      )}
      <Button
        type="submit"
        block
        disabled={problem !== null && problem !== 'uploading'}
        busy={submit.isPending}
      >
        <Msg id={editing ? 'compose.save' : replyTo ? 'compose.reply' : 'compose.publish'} />
      </Button>
    </form>
  );
}
