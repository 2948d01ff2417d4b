import type { MessageId } from '../../platform/i18n/messages';

/** The server's sign-up rules (apps/server/src/auth/registration.ts), checked as the form is filled in. */
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;

const USERNAME = /^[A-Za-z0-9_]+$/;
/** something@something.tld, without spaces: what a typo most often breaks (the server checks in full) */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** What is wrong with a username's form, or null; an empty field is left to the browser's `required`. */
export function usernameProblem(username: string): MessageId | null {
  if (username === '') return null;
  if (!USERNAME.test(username)) return 'auth.username_invalid';
  if (username.length > USERNAME_MAX_LENGTH) return 'auth.username_too_long';
  return null;
}

export function emailProblem(email: string): MessageId | null {
  const trimmed = email.trim();
  return trimmed === '' || EMAIL.test(trimmed) ? null : 'auth.email_invalid';
}

export function passwordProblem(password: string): MessageId | null {
  return password === '' || password.length >= PASSWORD_MIN_LENGTH ? null : 'auth.password_too_short';
}
