import { describe, expect, it } from 'vitest';
import { checkRegistrationFormat, RegistrationInvalid } from './registration.js';

const valid = {
  username: ' new_pal ',
  email: 'pal@example.test',
  password: 'long enough',
  password_confirmation: 'long enough',
  agreement: 'on',
};

describe('sign-up format checks', () => {
  it('accepts a valid sign-up and trims the username and email', () => {
    const { value, issues } = checkRegistrationFormat(valid, { mode: 'open', requireConfirmation: true });
    expect(issues).toEqual({});
    expect(value).toMatchObject({ username: 'new_pal', email: 'pal@example.test', locale: 'en' });
  });

  it('needs a reason only in approval mode, and the confirmation only when asked', () => {
    expect(
      checkRegistrationFormat(valid, { mode: 'approval', requireConfirmation: true }).issues.reason,
    ).toEqual([{ code: 'ERR_BLANK', message: 'Please tell us why you want to join' }]);
    const noConfirmation = { ...valid, password_confirmation: undefined };
    expect(
      checkRegistrationFormat(noConfirmation, { mode: 'open', requireConfirmation: false }).issues,
    ).toEqual({});
  });

  it('treats non-string input as empty rather than failing', () => {
    const { issues } = checkRegistrationFormat(
      { username: 42, email: ['x'], password: null },
      { mode: 'open', requireConfirmation: false },
    );
    expect(Object.keys(issues)).toEqual(['username', 'email', 'password', 'agreement']);
  });

  it('formats errors for the page and for Mastodon clients', () => {
    const error = new RegistrationInvalid({
      email: [{ code: 'ERR_INVALID', message: 'Email is invalid' }],
      username: [{ code: 'ERR_TAKEN', message: 'Username is already taken' }],
    });
    expect(error.message).toBe('Username is already taken');
    expect(error.toPageError().details).toEqual({
      details: { username: ['Username is already taken'], email: ['Email is invalid'] },
    });
    expect(error.toMastodonError().message).toBe(
      'Validation failed: Username is already taken, Email is invalid',
    );
  });
});
