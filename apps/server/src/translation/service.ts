import type { Poll, Translation } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { htmlToText } from '../filters/matcher.js';
import { serializeStatus } from '../statuses/serializer.js';
import { findVisibleStatus } from '../statuses/service.js';
import { escapeHtml, sanitizeStatusHtml } from '../statuses/text-format.js';
import { fetchLanguages, PROVIDER_NAME, translateHtml, translationUnavailable } from './libretranslate.js';

const TRANSLATABLE = new Set(['public', 'unlisted']);
const LANGUAGES_TTL_MS = 60 * 60 * 1000;

/** `en-GB` → `en`: translation services name languages by their ISO 639 code. */
export const baseLanguage = (tag: string): string => tag.split(/[-_]/)[0]?.toLowerCase() ?? tag;

/** The language a viewer reads: their interface locale, else English. */
export async function viewerLanguage(ctx: AppContext, viewer: AccountRow): Promise<string> {
  const user = await ctx.db
    .selectFrom('users')
    .select('locale')
    .where('account_id', '=', viewer.id)
    .executeTakeFirst();
  return baseLanguage(user?.locale || 'en');
}

/**
 * Mastodon's Translation of a status the viewer can see: text, content warning, media descriptions and poll
 * options, in one request to the service. Only public and unlisted statuses are translated (404 otherwise,
 * as Mastodon answers); a boost is translated as the boosted status.
 */
export async function translateStatus(
  ctx: AppContext,
  viewer: AccountRow,
  id: string,
  target: string,
): Promise<Translation> {
  let row = await findVisibleStatus(ctx.db, viewer, id);
  if (row.reblog_of_id) row = await findVisibleStatus(ctx.db, viewer, row.reblog_of_id);
  if (!TRANSLATABLE.has(row.visibility)) throw notFound();
  const status = await serializeStatus(ctx, row, viewer);
  if (!status) throw notFound();
  if (!ctx.config.translation.url) throw translationUnavailable();

  const poll = status.poll as Poll | null;
  const media = status.media_attachments.filter((attachment) => attachment.description);
  const options = poll?.options.map((option) => option.title) ?? [];
  // plain texts travel as escaped HTML, so one request in one format carries everything
  const plain = [status.spoiler_text, ...media.map((attachment) => attachment.description ?? ''), ...options];
  const answer = await translateHtml(
    ctx.config.translation,
    [status.content, ...plain.map(escapeHtml)],
    target,
  );
  const [content = '', ...translatedPlain] = answer.texts;
  const [spoiler, ...others] = translatedPlain.map((html) => htmlToText(html).trim());
  return {
    content: sanitizeStatusHtml(content),
    spoiler_text: spoiler ?? '',
    language: target,
    detected_source_language: answer.detectedLanguage ?? row.language ?? 'und',
    provider: PROVIDER_NAME,
    media_attachments: media.map((attachment, index) => ({
      id: attachment.id,
      description: others[index] ?? '',
    })),
    poll: poll
      ? { id: poll.id, options: options.map((_, index) => ({ title: others[media.length + index] ?? '' })) }
      : null,
  };
}

let languagesCache: { url: string; expiresAt: number; languages: Record<string, string[]> } | null = null;

/** GET /api/v1/instance/translation_languages: {} without a service; cached for an hour once fetched. */
export async function translationLanguages(ctx: AppContext): Promise<Record<string, string[]>> {
  const { url } = ctx.config.translation;
  if (!url) return {};
  if (languagesCache?.url === url && languagesCache.expiresAt > Date.now()) return languagesCache.languages;
  const languages = await fetchLanguages(ctx.config.translation);
  languagesCache = { url, expiresAt: Date.now() + LANGUAGES_TTL_MS, languages };
  return languages;
}
