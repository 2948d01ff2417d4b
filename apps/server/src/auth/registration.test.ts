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
    ).toEqual([
      { code: 'ERR_BLANK', message: 'Please tell us why you want to join', description: "can't be blank" },
    ]);
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
      email: [{ code: 'ERR_INVALID', message: 'Email is invalid', description: 'is invalid' }],
      username: [
        { code: 'ERR_TAKEN', message: 'Username is already taken', description: 'has already been taken' },
      ],
    });
    expect(error.message).toBe('Username is already taken');
    expect(error.toPageError().details).toEqual({
      details: { username: ['Username is already taken'], email: ['Email is invalid'] },
    });
    const mastodon = error.toMastodonError();
    expect(mastodon.message).toBe('Validation failed: Username has already been taken, Email is invalid');
    expect(mastodon.details).toEqual({
      details: {
        username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
        email: [{ error: 'ERR_INVALID', description: 'is invalid' }],
      },
    });
  });

  it("describes each problem with Mastodon's code and Rails' phrasing", () => {
    const describe = (input: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(
          checkRegistrationFormat({ ...valid, ...input }, { mode: 'approval', requireConfirmation: false })
            .issues,
        ).map(([field, issues]) => [field, issues.map((issue) => [issue.code, issue.description])]),
      );
    expect(
      describe({
        username: '',
        email: '',
        password: '',
        agreement: false,
        reason: 'x'.repeat(501),
        locale: '??',
      }),
    ).toEqual({
      username: [['ERR_BLANK', "can't be blank"]],
      email: [['ERR_BLANK', "can't be blank"]],
      password: [['ERR_BLANK', "can't be blank"]],
      agreement: [['ERR_ACCEPTED', 'must be accepted']],
      reason: [['ERR_TOO_LONG', 'is too long (maximum is 500 characters)']],
      locale: [['ERR_INCLUSION', 'is not included in the list']],
    });
    expect(describe({ username: 'a b', email: 'nope', password: 'short', reason: '' })).toEqual({
      username: [['ERR_INVALID', 'must contain only letters, numbers and underscores']],
      email: [['ERR_INVALID', 'is invalid']],
      password: [['ERR_TOO_SHORT', 'is too short (minimum is 8 characters)']],
      reason: [['ERR_BLANK', "can't be blank"]],
    });
    expect(describe({ username: 'x'.repeat(31), password: 'p'.repeat(129), reason: 'hi' })).toEqual({
      username: [['ERR_TOO_LONG', 'is too long (maximum is 30 characters)']],
      password: [['ERR_TOO_LONG', 'is too long (maximum is 128 characters)']],
    });
    expect(describe({ username: 'Admin', reason: 'hi', locale: 'pt-BR' })).toEqual({
      username: [['ERR_RESERVED', 'is reserved']],
    });
  });
});
