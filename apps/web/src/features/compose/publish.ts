import type { Status } from '@palchat/api';
import { api } from '../../api/client';
import type { ComposeDraft } from '../../app/stores/compose-draft';
import type { ComposeExtras } from './compose-extras';

/** Uploads the attachments (POST /api/v2/media, bearer) with their descriptions, then posts the status. */
export async function publishStatus(
  draft: ComposeDraft,
  extras: ComposeExtras,
  inReplyToId: string | null,
): Promise<Status> {
  const mediaIds: string[] = [];
  for (const file of draft.media) {
    const body = new FormData();
    body.append('file', file);
    const description = extras.descriptions.get(file)?.trim();
    if (description) body.append('description', description);
    const media = await api.post<{ id: string }>('/api/v2/media', body, { bearer: true });
    mediaIds.push(media.id);
  }
  const poll = extras.poll
    ? {
        options: extras.poll.options.map((option) => option.trim()).filter(Boolean),
        expires_in: extras.poll.expiresIn,
        multiple: extras.poll.multiple,
      }
    : undefined;
  return api.post<Status>('/api/v1/statuses', {
    status: draft.text,
    media_ids: mediaIds,
    visibility: draft.visibility,
    spoiler_text: extras.spoilerOn ? draft.spoilerText : undefined,
    sensitive: extras.spoilerOn || extras.sensitive || undefined,
    in_reply_to_id: inReplyToId ?? undefined,
    poll,
  });
}
