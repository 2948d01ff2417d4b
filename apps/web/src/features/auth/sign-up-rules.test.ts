import { describe, expect, it } from 'vitest';
import { emailProblem, passwordProblem, usernameProblem } from './sign-up-rules';

describe('sign-up rules', () => {
  it('accepts letters, numbers and underscores up to 30 characters as a username', () => {
    expect(usernameProblem('Ada_Lovelace_1815')).toBeNull();
    expect(usernameProblem('a'.repeat(30))).toBeNull();
    expect(usernameProblem('')).toBeNull();
  });
  it('names what is wrong with a username', () => {
    expect(usernameProblem('ada.lovelace')).toBe('auth.username_invalid');
    expect(usernameProblem('ada lovelace')).toBe('auth.username_invalid');
    expect(usernameProblem('a'.repeat(31))).toBe('auth.username_too_long');
  });
  it('wants an email address with a domain', () => {
    expect(emailProblem(' ada@example.org ')).toBeNull();
    expect(emailProblem('')).toBeNull();
    expect(emailProblem('ada@example')).toBe('auth.email_invalid');
    expect(emailProblem('ada example.org')).toBe('auth.email_invalid');
    expect(emailProblem('ada@@example.org')).toBe('auth.email_invalid');
  });
  it('wants a password of at least 8 characters', () => {
    expect(passwordProblem('1234567')).toBe('auth.password_too_short');
    expect(passwordProblem('12345678')).toBeNull();
  });
});
