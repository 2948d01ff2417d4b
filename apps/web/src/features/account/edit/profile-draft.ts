import type { CredentialAccount } from '@palchat/api';

/** The server's limits (packages/api updateCredentialsSchema, apps/server accounts/profile-images.ts). */
export const PROFILE_LIMITS = {
  displayName: 30,
  note: 500,
  fields: 4,
  fieldName: 255,
  fieldValue: 255,
  imageBytes: 8 * 1024 * 1024,
} as const;

export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export interface ProfileFieldDraft {
  name: string;
  value: string;
  /** when the saved value was verified (rel="me"); the mark holds only while the value is unchanged */
  verifiedAt: string | null;
  savedValue: string;
}

export interface ProfileDraft {
  displayName: string;
  note: string;
  fields: ProfileFieldDraft[];
  locked: boolean;
  bot: boolean;
  discoverable: boolean;
  avatar: File | null;
  header: File | null;
}

const emptyField = (): ProfileFieldDraft => ({ name: '', value: '', verifiedAt: null, savedValue: '' });

/** The editable profile of `account`: its plain-text source, always with the four field rows. */
export function draftFromAccount(account: CredentialAccount): ProfileDraft {
  const saved = account.source.fields.slice(0, PROFILE_LIMITS.fields).map((field, index) => ({
    name: field.name,
    value: field.value,
    verifiedAt: field.verified_at ?? account.fields[index]?.verified_at ?? null,
    savedValue: field.value,
  }));
  const padding = Array.from({ length: PROFILE_LIMITS.fields - saved.length }, emptyField);
  return {
    displayName: account.display_name,
    note: account.source.note,
    fields: [...saved, ...padding],
    locked: account.locked,
    bot: account.bot,
    discoverable: account.discoverable ?? false,
    avatar: null,
    header: null,
  };
}

export function isFieldVerified(field: ProfileFieldDraft): boolean {
  return field.verifiedAt !== null && field.value === field.savedValue;
}

/**
 * The multipart body of PATCH /api/v1/accounts/update_credentials. Every field row is sent, blank ones
 * too, so that clearing a row removes it (the server drops blank rows).
 */
export function profileFormData(draft: ProfileDraft): FormData {
  const form = new FormData();
  form.set('display_name', draft.displayName);
  form.set('note', draft.note);
  form.set('locked', String(draft.locked));
  form.set('bot', String(draft.bot));
  form.set('discoverable', String(draft.discoverable));
  draft.fields.forEach((field, index) => {
    form.set(`fields_attributes[${index}][name]`, field.name);
    form.set(`fields_attributes[${index}][value]`, field.value);
  });
  if (draft.avatar) form.set('avatar', draft.avatar);
  if (draft.header) form.set('header', draft.header);
  return form;
}

export type ImageProblem = 'type' | 'size';

/** Why the server would refuse `file` as an avatar or header, checked before uploading. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PROFILE_LIMITS.imageBytes) return 'size';
  return null;
}
