import { composeDraftStore, updateComposeDraft } from '../../platform/stores/compose-draft';
import { composeExtrasStore, updateComposeExtras } from './compose-extras';
import { acceptMedia, mediaKinds, refuseOversizedMedia } from './compose-rules';
import type { MediaLimits } from './media-limits';

/**
 * Files picked or dropped for the post being written: those the server takes join the draft (after the
 * attachments kept from an edit or re-draft); why any were left out is said under the form.
 */
export function addMediaFiles(files: readonly File[], limits: MediaLimits): void {
  const { kept, oversized } = refuseOversizedMedia(files, limits.sizeLimits);
  const media = composeDraftStore.get().media;
  const { accepted, problem } = acceptMedia({
    attached: mediaKinds([...composeExtrasStore.get().attached, ...media]),
    files: kept,
    max: limits.max,
    supportedTypes: limits.supportedTypes,
  });
  updateComposeExtras({ mediaProblem: problem, oversizedMedia: oversized });
  if (accepted.length > 0) updateComposeDraft({ media: [...media, ...accepted] });
}
