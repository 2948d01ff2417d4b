import type { Account } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { ErrorMessage } from '../../components/States';
import { relationships } from './api';
import { accountKeys } from './query-keys';
import { useRelationship } from './use-account';

/** Mastodon's AccountNote::COMMENT_SIZE_LIMIT, which the server applies too. */
const NOTE_MAX = 2000;

/**
 * The viewer's private note on an account (POST /api/v1/accounts/:id/note), saved when the field loses focus.
 * Shown when there is a note, or when the menu asks for one (`open`).
 */
export function AccountNote({
  account,
  open,
  onDone,
}: {
  account: Account;
  open: boolean;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const relationship = useRelationship(account.id, true);
  const saved = relationship.data?.note ?? '';
  // null while untouched: the field shows the saved note
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? saved;
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  const save = useMutation({
    mutationFn: (comment: string) => relationships.note(account.id, comment),
    onSuccess: (next) => {
      client.setQueryData(accountKeys.relationship(account.id), next);
      setEdited(null);
    },
  });
  if (!relationship.data || (!open && !saved && !save.isError)) return null;
  return (
    <div className="account-note">
      <label className="account-note__label" htmlFor={id}>
        <Msg id="account.note_label" />
        {save.isPending && <span className="field__hint">{t('account.note_saving')}</span>}
        {save.isSuccess && !save.isPending && (
          <span className="field__hint" role="status">
            {t('account.note_saved')}
          </span>
        )}
      </label>
      <textarea
        dir="auto"
        id={id}
        ref={field}
        className="account-note__input"
        value={text}
        maxLength={NOTE_MAX}
        rows={2}
        placeholder={t('account.note_placeholder')}
        onChange={(event) => setEdited(event.target.value)}
        onBlur={() => {
          if (text.trim() !== saved) save.mutate(text.trim());
          onDone();
        }}
      />
      {save.isError && <ErrorMessage error={save.error} />}
    </div>
  );
}
