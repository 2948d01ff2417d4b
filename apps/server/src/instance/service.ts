import type { Instance, InstanceV1, PalchatInstanceExtension } from '@palchat/api';
import { campaignYear } from '../annual-reports/campaign.js';
import type { AppContext } from '../context.js';
import type { ServerSettings } from '../settings/schema.js';
import { instanceCounts } from './counts.js';
import * as limits from './limits.js';
import { instanceSources } from './sources.js';
import { announcedSourceUrl } from './source-code.js';

function streamingUrl(ctx: AppContext): string {
  return ctx.config.publicUrl.replace(/^http/, 'ws');
}

function extensionOf(settings: ServerSettings): PalchatInstanceExtension {
  return {
    single_user_mode_account: settings.single_user_mode_username || null,
    explore_enabled: settings.explore_enabled,
    timeline_preview: settings.timeline_preview,
    sso_redirect: settings.sso_redirect_url || null,
  };
}

const statusesConfiguration = () => ({
  max_characters: limits.STATUS_MAX_CHARACTERS,
  max_media_attachments: limits.STATUS_MAX_MEDIA_ATTACHMENTS,
  characters_reserved_per_url: limits.CHARACTERS_RESERVED_PER_URL,
});

const mediaConfiguration = () => ({
  supported_mime_types: [...limits.SUPPORTED_MIME_TYPES],
  image_size_limit: limits.IMAGE_SIZE_LIMIT,
  image_matrix_limit: limits.IMAGE_MATRIX_LIMIT,
  video_size_limit: limits.VIDEO_SIZE_LIMIT,
  video_frame_rate_limit: limits.VIDEO_FRAME_RATE_LIMIT,
  video_matrix_limit: limits.VIDEO_MATRIX_LIMIT,
  description_limit: limits.MEDIA_DESCRIPTION_LIMIT,
});

const pollsConfiguration = () => ({
  max_options: limits.POLL_MAX_OPTIONS,
  max_characters_per_option: limits.POLL_MAX_CHARACTERS_PER_OPTION,
  min_expiration: limits.POLL_MIN_EXPIRATION,
  max_expiration: limits.POLL_MAX_EXPIRATION,
});

const accountsConfiguration = () => ({
  max_featured_tags: limits.MAX_FEATURED_TAGS,
  max_pinned_statuses: limits.MAX_PINNED_STATUSES,
});

/** The web client's icons (apps/web/public/manifest.webmanifest), as Mastodon lists its app icons. */
const ICON_SIZES = [192, 512] as const;
const iconsOf = (ctx: AppContext) =>
  ICON_SIZES.map((size) => ({
    src: `${ctx.config.publicUrl}/icons/icon-${size}.png`,
    size: `${size}x${size}`,
  }));

/** The pages clients link to (Mastodon 4.4): the web client's about, privacy policy and current terms. */
function pageUrls(ctx: AppContext, hasTerms: boolean) {
  return {
    status: null,
    about: `${ctx.config.publicUrl}/about`,
    privacy_policy: `${ctx.config.publicUrl}/privacy-policy`,
    terms_of_service: hasTerms ? `${ctx.config.publicUrl}/terms-of-service` : null,
  };
}

/**
 * Mastodon 4.5's timelines_access: signed-out visitors read the public, hashtag and link feeds while the
 * timeline_preview setting allows it (timelines/routes.ts publicReader), signed-in people always.
 */
function timelinesAccess(settings: ServerSettings) {
  const access = settings.timeline_preview ? 'public' : 'authenticated';
  const feed = { local: access, remote: access } as const;
  return { live_feeds: feed, hashtag_feeds: feed, trending_link_feeds: feed };
}

function registrationsUrl(settings: ServerSettings): string | null {
  return settings.sso_redirect_url || null;
}

/** GET /api/v2/instance. */
export async function buildInstance(ctx: AppContext): Promise<Instance> {
  const [{ settings, rules, hasTerms, vapidPublicKey, thumbnail, contact }, counts] = await Promise.all([
    instanceSources(ctx),
    instanceCounts(ctx),
  ]);
  return {
    domain: ctx.config.localDomain,
    title: settings.site_title,
    version: limits.INSTANCE_VERSION,
    source_url: announcedSourceUrl(settings.source_url, ctx.config.publicUrl),
    description: settings.site_short_description || settings.site_description,
    usage: { users: { active_month: counts.activeMonth } },
    thumbnail,
    icon: iconsOf(ctx),
    languages: ['en'],
    configuration: {
      urls: { streaming: streamingUrl(ctx), ...pageUrls(ctx, hasTerms) },
      accounts: accountsConfiguration(),
      statuses: statusesConfiguration(),
      media_attachments: mediaConfiguration(),
      polls: pollsConfiguration(),
      translation: { enabled: ctx.config.translation.url !== null },
      vapid: { public_key: vapidPublicKey },
      timelines_access: timelinesAccess(settings),
      // federation is open to every server not blocked; there is no allow-list mode
      limited_federation: false,
    },
    registrations: {
      enabled: settings.registrations_mode !== 'closed',
      approval_required: settings.registrations_mode === 'approval',
      // sign-ups waiting for approval must say why (auth/registration.ts)
      reason_required: settings.registrations_mode === 'approval',
      message: settings.closed_registrations_message || null,
      min_age: null,
      url: registrationsUrl(settings),
    },
    api_versions: { mastodon: limits.MASTODON_API_VERSION },
    // Mastodon 4.6: the year annual reports can be generated for right now, or null outside the campaign
    wrapstodon: campaignYear(new Date()),
    contact: { email: settings.site_contact_email, account: contact },
    rules,
    palchat: extensionOf(settings),
  };
}

/** GET /api/v1/instance. */
export async function buildInstanceV1(ctx: AppContext): Promise<InstanceV1> {
  const [{ settings, rules, thumbnail, contact }, counts] = await Promise.all([
    instanceSources(ctx),
    instanceCounts(ctx),
  ]);
  return {
    uri: ctx.config.localDomain,
    title: settings.site_title,
    short_description: settings.site_short_description,
    description: settings.site_description,
    email: settings.site_contact_email,
    version: limits.INSTANCE_VERSION,
    urls: { streaming_api: streamingUrl(ctx) },
    stats: { user_count: counts.users, status_count: counts.statuses, domain_count: counts.domains },
    thumbnail: thumbnail.url,
    languages: ['en'],
    registrations: settings.registrations_mode !== 'closed',
    approval_required: settings.registrations_mode === 'approval',
    invites_enabled: false,
    configuration: {
      accounts: accountsConfiguration(),
      statuses: statusesConfiguration(),
      media_attachments: mediaConfiguration(),
      polls: pollsConfiguration(),
    },
    contact_account: contact,
    rules,
    palchat: extensionOf(settings),
  };
}
