import type { Account } from '@palchat/api';

/** The parts of GET /api/v2/instance the client reads (Mastodon's shape plus the `palchat` extension). */
export interface Instance {
  domain: string;
  title: string;
  version: string;
  description: string;
  usage?: { users?: { active_month?: number } };
  thumbnail?: { url: string; blurhash?: string | null } | null;
  contact?: { email?: string | null; account?: Account | null } | null;
  registrations?: {
    enabled: boolean;
    approval_required: boolean;
    url?: string | null;
    message?: string | null;
  };
  configuration?: {
    statuses?: { max_media_attachments?: number; max_characters?: number };
    media_attachments?: {
      supported_mime_types?: string[];
      /** bytes */
      image_size_limit?: number;
      /** bytes; Mastodon applies it to audio too */
      video_size_limit?: number;
      /** characters of a media description (Mastodon 4.4; 1,500 before) */
      description_limit?: number;
    };
    vapid?: { public_key?: string | null };
    translation?: { enabled: boolean };
  };
  rules?: { id: string; text: string; hint?: string }[];
  palchat?: {
    single_user_mode_account?: string | null;
    explore_enabled?: boolean;
    timeline_preview?: boolean;
    sso_redirect?: string | null;
  };
}

export interface ExtendedDescription {
  updated_at: string | null;
  content: string;
}
