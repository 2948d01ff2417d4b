import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, MessagingText } from '@palchat/api';
import { ApiError } from '../http/errors.js';
import { normalizeContent } from './messages.js';
import { describeSettings, effectiveSettings } from './preferences.js';
import { searchTerms } from './search.js';
import { directKey } from './conversations.js';

function errorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('message content rules', () => {
  it('accepts up to 1000 characters and refuses more', () => {
    expect(normalizeContent('a'.repeat(1000), 0)).toHaveLength(1000);
    const error = errorOf(() => normalizeContent('a'.repeat(1001), 0));
    expect([error.statusCode, error.message]).toEqual([422, MessagingText.messageTooLong]);
  });

  it('needs text or media; blank text with media becomes a single space', () => {
    expect(errorOf(() => normalizeContent(' \n ', 0)).message).toBe(MessagingText.messageEmpty);
    expect(normalizeContent(' \n ', 1)).toBe(' ');
    expect(normalizeContent('', 2)).toBe(' ');
  });

  it('allows at most 4 attachments', () => {
    expect(normalizeContent('x', 4)).toBe('x');
    expect(errorOf(() => normalizeContent('x', 5)).message).toBe('You can select up to 4 files only.');
  });
});

describe('settings', () => {
  it('lets a conversation override win and null inherit', () => {
    const global = { ...DEFAULT_PREFERENCES, typing_indicator_enabled: false };
    expect(
      effectiveSettings(global, { typing_indicator_enabled: null, read_receipts_enabled: null }),
    ).toEqual({
      typing_indicator_enabled: false,
      read_receipts_enabled: true,
    });
    expect(effectiveSettings(global, { typing_indicator_enabled: 1, read_receipts_enabled: 0 })).toEqual({
      typing_indicator_enabled: true,
      read_receipts_enabled: false,
    });
    expect(
      describeSettings(global, { typing_indicator_enabled: null, read_receipts_enabled: 0 }),
    ).toMatchObject({
      has_overrides: true,
      conversation_overrides: { typing_indicator_enabled: null, read_receipts_enabled: false },
    });
  });
});

describe('search terms and direct keys', () => {
  it('keeps only words, lower-cased, so no query syntax reaches the index', () => {
    expect(searchTerms('Hello, "world" OR *x*')).toEqual(['hello', 'world', 'or', 'x']);
    expect(searchTerms('Ünïcode café')).toEqual(['ünïcode', 'café']);
    expect(searchTerms('!!')).toEqual([]);
  });

  it('gives a pair the same key in either order', () => {
    expect(directKey('2', '1')).toBe(directKey('1', '2'));
  });
});
