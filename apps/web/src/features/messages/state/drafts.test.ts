import { describe, expect, it } from 'vitest';
import { conversationDraftKey, handOverDraft, keepDraft, newChatDraftKey, readDraft } from './drafts';

describe('chat drafts', () => {
  it('keeps what is typed per chat and forgets an emptied one', () => {
    keepDraft(conversationDraftKey('1'), 'see you');
    expect(readDraft(conversationDraftKey('1'))).toEqual({ text: 'see you', focused: false });
    expect(readDraft(conversationDraftKey('2'))).toBeUndefined();
    keepDraft(conversationDraftKey('1'), '');
    expect(readDraft(conversationDraftKey('1'))).toBeUndefined();
  });

  it("hands a new chat's draft and its focus over to the conversation the first message created", () => {
    keepDraft(newChatDraftKey('7'), 'and another thing');
    handOverDraft(newChatDraftKey('7'), conversationDraftKey('70'), true);
    expect(readDraft(newChatDraftKey('7'))).toBeUndefined();
    expect(readDraft(conversationDraftKey('70'))).toEqual({ text: 'and another thing', focused: true });
  });
});
