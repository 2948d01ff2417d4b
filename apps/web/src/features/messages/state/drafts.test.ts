import { describe, expect, it } from 'vitest';
import type { MessageMedia } from '../model';
import {
  conversationDraftKey,
  draftAttachments,
  handOverDraft,
  keepDraft,
  newChatDraftKey,
  readDraft,
  settleDraftAttachment,
  updateDraftAttachments,
} from './drafts';

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

  it('hands over the attachments too, and an upload that ends afterwards lands in the new draft', () => {
    const picked = (key: string) => ({
      key,
      file: new File(['x'], `${key}.png`),
      previewUrl: `blob:${key}`,
      media: null,
    });
    updateDraftAttachments(newChatDraftKey('8'), () => [picked('a1'), picked('a2')]);
    handOverDraft(newChatDraftKey('8'), conversationDraftKey('80'), false);
    expect(draftAttachments(newChatDraftKey('8'))).toEqual([]);

    const media = { id: 'm1' } as MessageMedia;
    settleDraftAttachment('a1', media);
    settleDraftAttachment('a2', null);
    expect(draftAttachments(conversationDraftKey('80'))).toEqual([{ ...picked('a1'), media }]);
  });
});
