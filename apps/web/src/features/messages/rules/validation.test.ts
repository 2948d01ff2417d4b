import { describe, expect, it } from 'vitest';
import {
  acceptMedia,
  blockRefusal,
  canCreateGroup,
  canSend,
  contentToSend,
  isSearchable,
  isValidGroupName,
  validateGroupCreation,
} from './validation';
import { errorText, mentionsTransferOwnership } from './errors';

describe('sending', () => {
  it('needs text or media, not uploading, not blocked, at most 1000 characters', () => {
    const base = { text: 'hi', mediaCount: 0, uploading: false, blocked: false };
    expect(canSend(base)).toBe(true);
    expect(canSend({ ...base, text: '   ' })).toBe(false);
    expect(canSend({ ...base, text: ' ', mediaCount: 1 })).toBe(true);
    expect(canSend({ ...base, uploading: true })).toBe(false);
    expect(canSend({ ...base, blocked: true })).toBe(false);
    expect(canSend({ ...base, text: 'a'.repeat(1000) })).toBe(true);
    expect(canSend({ ...base, text: 'a'.repeat(1001) })).toBe(false);
  });
  it('sends blank text with media as a single space', () => {
    expect(contentToSend('  ', 2)).toBe(' ');
    expect(contentToSend('hi', 2)).toBe('hi');
    expect(contentToSend('', 0)).toBe('');
  });
  it('refuses when either side blocked', () => {
    expect(blockRefusal({ is_blocked_by_me: true, is_blocked_by_them: false })).toBe('blocked_by_me');
    expect(blockRefusal({ is_blocked_by_me: false, is_blocked_by_them: true })).toBe('blocked_by_them');
    expect(blockRefusal({ is_blocked_by_me: false, is_blocked_by_them: false })).toBeNull();
  });
});

describe('media', () => {
  const png = { type: 'image/png' };
  it('accepts only the allowed types', () => {
    expect(acceptMedia(0, [png, { type: 'audio/mpeg' }, { type: 'video/webm' }])).toEqual({
      accepted: [png, { type: 'video/webm' }],
      errors: ['type'],
    });
  });
  it('keeps at most 4 in all', () => {
    expect(acceptMedia(3, [png, png])).toEqual({ accepted: [png], errors: ['count'] });
    expect(acceptMedia(4, [png]).accepted).toHaveLength(0);
  });
});

describe('group creation', () => {
  it('needs a name and two people, or one more from a direct chat', () => {
    expect(validateGroupCreation({ name: ' ', selectedCount: 2 })).toBe('name');
    expect(validateGroupCreation({ name: 'Crew', selectedCount: 1 })).toBe('members');
    expect(validateGroupCreation({ name: 'Crew', selectedCount: 2 })).toBeNull();
    expect(validateGroupCreation({ name: 'Crew', selectedCount: 0, fromDirectChat: true })).toBe(
      'additional',
    );
    expect(validateGroupCreation({ name: 'Crew', selectedCount: 1, fromDirectChat: true })).toBeNull();
    expect(canCreateGroup('Crew', 2)).toBe(true);
    expect(canCreateGroup('Crew', 1)).toBe(false);
  });
  it('renames only to a non-blank name', () => {
    expect(isValidGroupName('  ')).toBe(false);
    expect(isValidGroupName(' x ')).toBe(true);
  });
});

describe('search and errors', () => {
  it('searches from 2 characters', () => {
    expect(isSearchable('a')).toBe(false);
    expect(isSearchable(' ab ')).toBe(true);
  });
  it("reads the error field, else 'HTTP {status}'", () => {
    expect(errorText({ error: 'Nope' }, 422)).toBe('Nope');
    expect(errorText(null, 500)).toBe('HTTP 500');
    expect(mentionsTransferOwnership('You must transfer ownership before leaving')).toBe(true);
  });
});
