import type { Status } from '@palchat/api';
import type { ComposeDraft } from '../../platform/stores/compose-draft';
import type { AttachedMedia, ComposeExtras } from './compose-extras';
import { POLL_DURATIONS, type PollDraft } from './compose-rules';

/**
 * The poll length to send again when a poll is edited: the shortest offered length that still covers the
 * time left (Mastodon's rule), the longest when more is left, the shortest when the poll has ended.
 */
export function pollDurationFor(expiresAt: string | null, now: number): number {
  const longest = POLL_DURATIONS[POLL_DURATIONS.length - 1] ?? 86400;
  if (!expiresAt) return longest;
  const left = Math.max(0, (Date.parse(expiresAt) - now) / 1000);
  return POLL_DURATIONS.find((seconds) => seconds >= left) ?? longest;
}

function pollDraftOf(poll: Status['poll'], now: number): PollDraft | null {
  if (!poll || !Array.isArray(poll.options)) return null;
  const options = (poll.options as unknown[]).map((option) =>
    typeof option === 'object' && option !== null && 'title' in option ? String(option.title) : '',
  );
  return {
    options,
    multiple: poll.multiple === true,
    expiresIn: pollDurationFor(typeof poll.expires_at === 'string' ? poll.expires_at : null, now),
  };
}

function attachedOf(status: Status): AttachedMedia[] {
  return status.media_attachments.map((media) => ({
    id: media.id,
    type: media.type,
    previewUrl: media.preview_url ?? media.url,
    description: media.description ?? '',
  }));
}

/**
 * The compose state that reproduces `status` from its source text (GET /statuses/:id/source, or the text a
 * delete answers): text, content warning, visibility, media, poll, sensitivity and language.
 */
export function composeStateOf(
  status: Status,
  source: { text: string; spoiler_text: string },
  now: number,
): { draft: ComposeDraft; extras: ComposeExtras } {
  return {
    draft: {
      text: source.text,
      spoilerText: source.spoiler_text,
      visibility: status.visibility,
      media: [],
      mediaCount: 0,
    },
    extras: {
      spoilerOn: source.spoiler_text.length > 0,
      sensitive: status.sensitive,
      poll: pollDraftOf(status.poll, now),
      descriptions: new WeakMap(),
      attached: attachedOf(status),
      language: status.language,
      mediaProblem: null,
      oversizedMedia: null,
    },
  };
}
