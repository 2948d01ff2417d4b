import { describe, expect, it } from 'vitest';
import { receiptState } from './receipts';
import { makeMessage } from './fixtures.test-helpers';

const me = { id: 'u1', username: 'me', display_name: 'Me', avatar: '' };

describe('receiptState', () => {
  it('is sent, delivered or read on my own messages', () => {
    expect(receiptState(makeMessage({ id: '', sender: me }), 'u1')).toBe('sent');
    expect(receiptState(makeMessage({ sender: me }), 'u1')).toBe('delivered');
    expect(receiptState(makeMessage({ sender: me, read_by: ['u1'] }), 'u1')).toBe('delivered');
    expect(receiptState(makeMessage({ sender: me, read_by: ['u1', 'u2'] }), 'u1')).toBe('read');
  });
  it('is absent on other people’s messages', () => {
    expect(receiptState(makeMessage(), 'u1')).toBeNull();
  });
});
