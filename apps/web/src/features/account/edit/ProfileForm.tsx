import './profile-edit.css';
import type { CredentialAccount } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { queryKeys } from '../../../api/queries';
import { Msg } from '../../../platform/i18n/Msg';
import { useT } from '../../../platform/i18n/use-t';
import type { MessageId } from '../../../platform/i18n/messages';
import { Button } from '../../../components/Button';
import { Field } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { ErrorMessage } from '../../../components/States';
import { accounts } from '../api';
import { accountKeys } from '../query-keys';
import { ProfileImages } from './ProfileImages';
import {
  draftFromAccount,
  isFieldVerified,
  PROFILE_LIMITS,
  profileFormData,
  type ProfileDraft,
  type ProfileFieldDraft,
} from './profile-draft';

interface ProfileFormProps {
  account: CredentialAccount;
  submitLabel: MessageId;
  /** after a successful save; without it the form stays and says the profile was saved */
  onSaved?: (saved: CredentialAccount) => void;
  lead?: ReactNode;
}

/** The whole editable profile, saved in one multipart PATCH /api/v1/accounts/update_credentials. */
export function ProfileForm({ account, submitLabel, onSaved, lead }: ProfileFormProps) {
  const t = useT();
  const client = useQueryClient();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFromAccount(account));
  const save = useMutation({
    mutationFn: (next: ProfileDraft) => accounts.updateCredentials(profileFormData(next)),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.credentialAccount, saved);
      client.setQueryData(queryKeys.currentAccount, saved);
      void client.invalidateQueries({ queryKey: accountKeys.refs });
      setDraft(draftFromAccount(saved));
      onSaved?.(saved);
    },
  });
  const update = (patch: Partial<ProfileDraft>) => {
    if (save.isSuccess) save.reset();
    setDraft((current) => ({ ...current, ...patch }));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(draft);
  }
  const setField = (index: number, patch: Partial<ProfileFieldDraft>) =>
    update({ fields: draft.fields.map((field, at) => (at === index ? { ...field, ...patch } : field)) });
  const toggle = (key: 'locked' | 'bot' | 'discoverable', label: MessageId, hint: MessageId) => (
    <label className="checkbox-field">
      <input
        type="checkbox"
        checked={draft[key]}
        onChange={(event) => update({ [key]: event.target.checked })}
      />
      <span>
        <strong>{t(label)}</strong>
        <span className="field__hint">{t(hint)}</span>
      </span>
    </label>
  );
  return (
    <form className="form profile-form" onSubmit={submit} aria-label={t('profile_edit.title')}>
      {lead}
      <ProfileImages account={account} avatar={draft.avatar} header={draft.header} onChange={update} />
      <Field
        label={<Msg id="profile_edit.display_name" />}
        hint={t('profile_edit.chars_left', {
          count: PROFILE_LIMITS.displayName - draft.displayName.length,
        })}
      >
        {(control) => (
          <input
            dir="auto"
            {...control}
            value={draft.displayName}
            maxLength={PROFILE_LIMITS.displayName}
            placeholder={account.username}
            onChange={(event) => update({ displayName: event.target.value })}
          />
        )}
      </Field>
      <Field
        label={<Msg id="profile_edit.note" />}
        hint={t('profile_edit.chars_left', { count: PROFILE_LIMITS.note - draft.note.length })}
      >
        {(control) => (
          <textarea
            dir="auto"
            {...control}
            value={draft.note}
            maxLength={PROFILE_LIMITS.note}
            rows={4}
            onChange={(event) => update({ note: event.target.value })}
          />
        )}
      </Field>
      <fieldset className="profile-form__fields">
        <legend className="field__label">
          <Msg id="profile_edit.fields" />
        </legend>
        <p className="field__hint">
          <Msg id="profile_edit.fields_hint" values={{ count: PROFILE_LIMITS.fields }} />
        </p>
        {draft.fields.map((field, index) => (
          <div key={index} className="profile-form__field-row">
            <input
              dir="auto"
              aria-label={t('profile_edit.field_label', { number: index + 1 })}
              placeholder={t('profile_edit.field_label_placeholder')}
              value={field.name}
              maxLength={PROFILE_LIMITS.fieldName}
              onChange={(event) => setField(index, { name: event.target.value })}
            />
            <input
              dir="auto"
              aria-label={t('profile_edit.field_content', { number: index + 1 })}
              placeholder={t('profile_edit.field_content_placeholder')}
              value={field.value}
              maxLength={PROFILE_LIMITS.fieldValue}
              onChange={(event) => setField(index, { value: event.target.value })}
            />
            {isFieldVerified(field) && (
              <span className="profile-form__verified" title={t('account.verified_link')}>
                <Icon name="check" size={16} />
                <Msg id="profile_edit.verified" />
              </span>
            )}
          </div>
        ))}
      </fieldset>
      <div className="profile-form__toggles">
        {toggle('locked', 'profile_edit.locked', 'profile_edit.locked_hint')}
        {toggle('bot', 'profile_edit.bot', 'profile_edit.bot_hint')}
        {toggle('discoverable', 'profile_edit.discoverable', 'profile_edit.discoverable_hint')}
      </div>
      {save.isError && <ErrorMessage error={save.error} />}
      {save.isSuccess && !onSaved && (
        <p className="form__notice" role="status">
          <Msg id="profile_edit.saved" />
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={save.isPending}>
          {t(submitLabel)}
        </Button>
      </div>
    </form>
  );
}
