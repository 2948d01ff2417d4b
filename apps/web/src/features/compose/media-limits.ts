import { ALLOWED_MEDIA_TYPES } from '@palchat/api';
import { useInstance } from '../../api/queries';
import { useInitialState } from '../../app/initial-state-context';
// what the server takes, while the instance has not answered yet
const FALLBACK_MEDIA_TYPES: readonly string[] = ALLOWED_MEDIA_TYPES;

/** The instance's attachment limits: how many per post, and the MIME types it takes. */
export function useMediaLimits(): { max: number; supportedTypes: readonly string[] } {
  const { server } = useInitialState();
  const configuration = useInstance().data?.configuration;
  return {
    max: configuration?.statuses?.max_media_attachments ?? (server.maxMediaAttachments || 4),
    supportedTypes: configuration?.media_attachments?.supported_mime_types ?? FALLBACK_MEDIA_TYPES,
  };
}
