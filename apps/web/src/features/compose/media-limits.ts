import { useMemo } from 'react';
import { STATUS_MEDIA_TYPES } from '@palchat/api';
import { useInstance } from '../../api/queries';
import { useInitialState } from '../../platform/initial-state-context';
import type { MediaSizeLimits } from './compose-rules';
// what the server takes for posts (images, videos, audio), while the instance has not answered yet
const FALLBACK_MEDIA_TYPES: readonly string[] = STATUS_MEDIA_TYPES;

/**
 * The instance's attachment limits: how many per post, the MIME types it takes and the largest file per kind
 * (no size check until the instance has answered: the server still refuses what is too large).
 */
export interface MediaLimits {
  max: number;
  supportedTypes: readonly string[];
  sizeLimits: MediaSizeLimits;
}

export function useMediaLimits(): MediaLimits {
  const { server } = useInitialState();
  const configuration = useInstance().data?.configuration;
  const media = configuration?.media_attachments;
  const image = media?.image_size_limit ?? null;
  const video = media?.video_size_limit ?? null;
  // one object per pair of values: callers keep it in effect dependencies
  const sizeLimits = useMemo(() => ({ image, video }), [image, video]);
  return {
    max: configuration?.statuses?.max_media_attachments ?? (server.maxMediaAttachments || 4),
    supportedTypes: media?.supported_mime_types ?? FALLBACK_MEDIA_TYPES,
    sizeLimits,
  };
}

/** The longest media description the server takes, in characters (Mastodon's: 1,500). */
export function useDescriptionLimit(): number {
  return useInstance().data?.configuration?.media_attachments?.description_limit ?? 1500;
}
