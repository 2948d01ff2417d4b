import type { Status, StatusSource } from '@palchat/api';
import { api } from '../../api/client';
import { composeDraftStore } from '../../platform/stores/compose-draft';
import { editTargetStore, replyTargetStore } from '../../platform/stores/compose-bridge';
import { composeExtrasStore } from './compose-extras';
import { showCompose } from './compose-session';
import { composeStateOf } from './from-status';

function load(status: Status, source: { text: string; spoiler_text: string }): void {
  const { draft, extras } = composeStateOf(status, source, Date.now());
  composeDraftStore.set(draft);
  composeExtrasStore.set(extras);
}

/** Loads one's own status into the compose form (panel or modal) to edit it. */
export async function startEdit(status: Status): Promise<void> {
  const source = await api.get<StatusSource>(`/api/v1/statuses/${status.id}/source`);
  load(status, source);
  replyTargetStore.set(null);
  editTargetStore.set(status);
  showCompose();
}

/**
 * "Delete & re-draft": the deleted status (its DELETE answer carries the source `text`) becomes a new
 * draft with the same text, warning, visibility, media, poll and reply target.
 */
export async function startRedraft(deleted: Status & { text?: string }): Promise<void> {
  load(deleted, { text: deleted.text ?? '', spoiler_text: deleted.spoiler_text });
  editTargetStore.set(null);
  replyTargetStore.set(null);
  if (deleted.in_reply_to_id) {
    const parent = await api.get<Status>(`/api/v1/statuses/${deleted.in_reply_to_id}`).catch(() => null);
    replyTargetStore.set(parent);
  }
  showCompose();
}
