import { MessagingText as T } from '@palchat/api';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { MessageId } from '../../platform/i18n/messages';
import english from '../../locales/en.json';

/**
 * The box's texts that the server shares (packages/api MessagingText: SPEC §5 and §8 word for word), by the
 * catalogue id that shows them in the client.
 */
const sharedTexts: [MessageId, string][] = [
  ['messages.search_failed', T.searchFailed],
  ['messages.group.name_required', T.groupNameRequired],
  ['messages.group.min_users', T.groupMinUsers],
  ['messages.group.min_additional', T.groupMinAdditional],
  ['messages.group.mutual_follow_title', T.mutualFollowTitle],
  ['messages.group.mutual_follow', T.mutualFollow],
  ['messages.typing.someone', T.typingDefaultName],
  ['messages.blocked_by_me', T.blockedByMe],
  ['messages.blocked_by_them', T.blockedByThem],
  ['messages.blocked_placeholder', T.blockedPlaceholder],
  ['messages.removed_from_group', T.removedFromGroup],
  ['messages.composer.too_many_files', T.tooManyFiles],
  ['messages.composer.unsupported_files', T.unsupportedFilesAdded],
  ['messages.settings.failed', T.failedUpdateSetting],
  ['messages.participants.access_denied', T.accessDeniedTitle],
  ['messages.participants.only_admins', T.onlyAdminsManage],
  ['messages.report.reason_required', T.reportReasonRequired],
  ['messages.error.leave', T.failedLeaveGroup],
  ['messages.error.admin_must_transfer', T.adminMustTransfer],
  ['messages.error.transfer', T.failedTransferOwnership],
  ['messages.error.report', T.failedSubmitReport],
  ['messages.error.block', T.failedBlockUser],
  ['messages.error.unblock', T.failedUnblockUser],
  ['messages.error.remove_participant', T.failedRemoveParticipant],
  ['messages.error.add_participants', T.failedAddParticipants],
  ['messages.error.delete_message', T.failedDeleteMessage],
  ['messages.error.delete_conversation', T.failedDeleteConversation],
  ['messages.error.rename', T.failedUpdateGroupName],
  ['messages.error.upload', T.failedUploadMedia],
  ['messages.error.reaction', T.failedAddReaction],
];

describe("the catalogue's English for the texts the box shares with the server", () => {
  const intl = createIntl({ locale: 'en', messages: english, onError: () => undefined });

  it('shows each exactly as packages/api words it', () => {
    for (const [id, text] of sharedTexts) expect(intl.formatMessage({ id }), id).toBe(text);
  });

  it("prefixes a failed send's reason as the server's text does", () => {
    expect(intl.formatMessage({ id: 'messages.error.send' }, { error: 'Gone' })).toBe(
      `${T.failedSendMessagePrefix}Gone`,
    );
  });
});
