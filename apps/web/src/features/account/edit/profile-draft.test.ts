import type { CredentialAccount } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { draftFromAccount, imageProblem, isFieldVerified, profileFormData } from './profile-draft';

const account = {
  username: 'ann',
  display_name: 'Ann',
  locked: false,
  bot: true,
  discoverable: null,
  fields: [{ name: 'Site', value: '<a href="https://ann.test">ann.test</a>', verified_at: '2026-01-02' }],
  source: {
    note: 'Plain bio',
    fields: [{ name: 'Site', value: 'https://ann.test', verified_at: '2026-01-02' }],
  },
} as unknown as CredentialAccount;

describe('profile draft', () => {
  it('starts from the plain-text source, padded to four field rows', () => {
    const draft = draftFromAccount(account);
    expect(draft).toMatchObject({ displayName: 'Ann', note: 'Plain bio', bot: true, discoverable: false });
    expect(draft.fields).toHaveLength(4);
    expect(draft.fields[0]).toMatchObject({ name: 'Site', value: 'https://ann.test' });
    expect(draft.fields.slice(1).every((field) => field.name === '' && field.value === '')).toBe(true);
  });

  it('keeps the verified mark only while the value is unchanged', () => {
    const [field] = draftFromAccount(account).fields;
    if (!field) throw new Error('no field');
    expect(isFieldVerified(field)).toBe(true);
    expect(isFieldVerified({ ...field, name: 'Website' })).toBe(true);
    expect(isFieldVerified({ ...field, value: 'https://other.test' })).toBe(false);
  });

  it('sends every field row, booleans as text, and the images only when chosen', () => {
    const draft = draftFromAccount(account);
    draft.fields[0] = { ...draft.fields[0]!, name: '', value: '' };
    draft.locked = true;
    const form = profileFormData(draft);
    expect(form.get('locked')).toBe('true');
    expect(form.get('bot')).toBe('true');
    expect(form.get('fields_attributes[0][name]')).toBe('');
    expect(form.get('fields_attributes[3][value]')).toBe('');
    expect(form.has('avatar')).toBe(false);
    const avatar = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    expect(profileFormData({ ...draft, avatar }).get('avatar')).toBeInstanceOf(File);
  });

  it('refuses images the server would refuse', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(imageProblem({ type: 'image/webp', size: 9 * 1024 * 1024 })).toBe('size');
  });
});
