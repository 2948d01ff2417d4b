import type { QuotePolicy, Status } from '@palchat/api';
import { api } from '../../api/client';
import type { ComposeDraft } from '../../platform/stores/compose-draft';
import type { ComposeExtras } from './compose-extras';
import { mediaKind } from './compose-rules';
import { captureVideoPoster } from './video-poster';

/**
 * Uploads the new files (POST /api/v2/media, bearer) with their descriptions, and for a video a poster frame
 * taken in the browser as its `thumbnail` (left out when that fails); answers their ids.
 */
async function uploadMedia(draft: ComposeDraft, extras: ComposeExtras): Promise<string[]> {
  const ids: string[] = [];
  for (const file of draft.media) {
    const body = new FormData();
    body.append('file', file);
    const poster = mediaKind(file.type) === 'video' ? await captureVideoPoster(file) : null;
    if (poster) body.append('thumbnail', poster, 'poster.jpg');
    const description = extras.descriptions.get(file)?.trim();
    if (description) body.append('description', description);
    const media = await api.post<{ id: string }>('/api/v2/media', body, { bearer: true });
    ids.push(media.id);
  }
  return ids;
}

/** The fields POST and PUT /api/v1/statuses share. */
export function statusFields(draft: ComposeDraft, extras: ComposeExtras, mediaIds: string[]) {
  return {
    status: draft.text,
    media_ids: mediaIds,
    spoiler_text: extras.spoilerOn ? draft.spoilerText : '',
    sensitive: extras.spoilerOn || extras.sensitive === true,
    language: extras.language ?? undefined,
    poll: extras.poll
      ? {
          options: extras.poll.options.map((option) => option.trim()).filter(Boolean),
          expires_in: extras.poll.expiresIn,
          multiple: extras.poll.multiple,
        }
      : undefined,
  };
}

/**
 * Posts a new status (a reply when `inReplyToId` is set). Attachments kept from a re-draft come first, their
 * descriptions saved beforehand (PUT /api/v1/media/:id: they are not attached to any status yet).
 */
export async function publishStatus(
  draft: ComposeDraft,
  extras: ComposeExtras,
  inReplyToId: string | null,
  quote: { quotedStatusId: string | null; policy: QuotePolicy | null } = {
    quotedStatusId: null,
    policy: null,
  },
): Promise<Status> {
  await Promise.all(
    extras.attached.map((media) => api.put(`/api/v1/media/${media.id}`, { description: media.description })),
  );
  const mediaIds = [...extras.attached.map((media) => media.id), ...(await uploadMedia(draft, extras))];
  return api.post<Status>('/api/v1/statuses', {
    ...statusFields(draft, extras, mediaIds),
    visibility: draft.visibility ?? undefined,
    in_reply_to_id: inReplyToId ?? undefined,
    quoted_status_id: quote.quotedStatusId ?? undefined,
    quote_approval_policy: quote.policy ?? undefined,
  });
}

/**
 * Saves an edit (PUT /api/v1/statuses/:id). As on Mastodon, the kept attachments' descriptions travel as
 * `media_attributes`; a poll left out removes it, so an unchanged poll is sent again.
 */
export async function saveStatusEdit(
  id: string,
  draft: ComposeDraft,
  extras: ComposeExtras,
): Promise<Status> {
  const mediaIds = [...extras.attached.map((media) => media.id), ...(await uploadMedia(draft, extras))];
  return api.put<Status>(`/api/v1/statuses/${id}`, {
    ...statusFields(draft, extras, mediaIds),
    media_attributes: extras.attached.map((media) => ({ id: media.id, description: media.description })),
  });
}
