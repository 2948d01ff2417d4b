import type { Status } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, type ChangeEvent, type FormEvent } from 'react';
import { api } from '../../api/client';
import { useCurrentAccount } from '../../api/queries';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import {
  EMPTY_DRAFT,
  composeDraftStore,
  updateComposeDraft,
  useComposeDraft,
} from '../../app/stores/compose-draft';
import { Avatar } from '../../components/Avatar';
import { Button, IconButton } from '../../components/Button';
import { DisplayName } from '../../components/DisplayName';
import { ErrorMessage } from '../../components/States';

export const MAX_STATUS_CHARACTERS = 500;
const ACCEPTED_MEDIA = 'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm';

async function publish(draft: typeof EMPTY_DRAFT): Promise<Status> {
  const mediaIds: string[] = [];
  for (const file of draft.media) {
    const body = new FormData();
    body.append('file', file);
    const media = await api.post<{ id: string }>('/api/v1/media', body, { bearer: true });
    mediaIds.push(media.id);
  }
  return api.post<Status>('/api/v1/statuses', {
    status: draft.text,
    media_ids: mediaIds,
    visibility: draft.visibility,
    spoiler_text: draft.spoilerText || undefined,
  });
}

function MediaThumb({ file, onRemove, label }: { file: File; onRemove: () => void; label: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div className="compose-media__item">
      {file.type.startsWith('image/') ? <img src={url} alt={file.name} /> : <span>{file.name}</span>}
      <IconButton icon="close" label={label} onClick={onRemove} className="compose-media__remove" />
    </div>
  );
}

/** The compose form; the draft lives in a shared store watched by the leave-page warning. */
export default function ComposeForm({ autoFocus }: { autoFocus?: boolean }) {
  const t = useT();
  const textId = useId();
  const { identity, server } = useInitialState();
  const account = useCurrentAccount();
  const draft = useComposeDraft();
  const fileInput = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const submit = useMutation({
    mutationFn: () => publish(composeDraftStore.get()),
    onSuccess: () => {
      composeDraftStore.set(EMPTY_DRAFT);
      void client.invalidateQueries({ queryKey: ['timeline'] });
    },
  });
  const remaining = MAX_STATUS_CHARACTERS - [...draft.text].length;
  const maxMedia = server.maxMediaAttachments || 4;
  const canSubmit =
    (draft.text.trim().length > 0 || draft.media.length > 0) && remaining >= 0 && !submit.isPending;

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    updateComposeDraft({ media: [...draft.media, ...picked].slice(0, maxMedia) });
    event.target.value = '';
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) submit.mutate();
  }

  return (
    <form className="compose-form" onSubmit={onSubmit} aria-label={t('compose.label')}>
      {account.data && (
        <div className="compose-form__author">
          <Avatar src={account.data.avatar} size={40} />
          <DisplayName account={account.data} />
        </div>
      )}
      {!account.data && identity.username && <p className="compose-form__author">@{identity.username}</p>}
      <label htmlFor={textId} className="visually-hidden">
        {t('compose.placeholder')}
      </label>
      <textarea
        id={textId}
        className="compose-form__text"
        placeholder={t('compose.placeholder')}
        value={draft.text}
        rows={6}
        autoFocus={autoFocus}
        onChange={(event) => updateComposeDraft({ text: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canSubmit) submit.mutate();
        }}
      />
      {draft.media.length > 0 && (
        <div className="compose-media">
          {draft.media.map((file, index) => (
            <MediaThumb
              key={`${file.name}-${index}`}
              file={file}
              label={t('compose.remove_media', { name: file.name })}
              onRemove={() => updateComposeDraft({ media: draft.media.filter((_, at) => at !== index) })}
            />
          ))}
        </div>
      )}
      <div className="compose-form__toolbar">
        <input ref={fileInput} type="file" accept={ACCEPTED_MEDIA} multiple hidden onChange={onFiles} />
        <IconButton
          icon="image"
          label={t('compose.add_media', { count: draft.media.length, max: maxMedia })}
          disabled={draft.media.length >= maxMedia}
          onClick={() => fileInput.current?.click()}
        />
        <label className="visually-hidden" htmlFor={`${textId}-visibility`}>
          {t('compose.visibility')}
        </label>
        <select
          id={`${textId}-visibility`}
          className="compose-form__visibility"
          value={draft.visibility}
          onChange={(event) =>
            updateComposeDraft({ visibility: event.target.value as typeof draft.visibility })
          }
        >
          <option value="public">{t('compose.visibility_public')}</option>
          <option value="unlisted">{t('compose.visibility_unlisted')}</option>
          <option value="private">{t('compose.visibility_private')}</option>
          <option value="direct">{t('compose.visibility_direct')}</option>
        </select>
        <span
          className={
            remaining < 0 ? 'compose-form__counter compose-form__counter--over' : 'compose-form__counter'
          }
        >
          {remaining}
        </span>
      </div>
      {submit.isError && <ErrorMessage error={submit.error} />}
      {submit.isSuccess && (
        <p className="compose-form__notice" role="status">
          <Msg id="compose.published" />
        </p>
      )}
      <Button type="submit" block disabled={!canSubmit} busy={submit.isPending}>
        <Msg id="compose.publish" />
      </Button>
    </form>
  );
}
