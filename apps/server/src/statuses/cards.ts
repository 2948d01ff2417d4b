import sharp from 'sharp';
import type { Selectable } from 'kysely';
import type { PreviewCard } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import type { PreviewCardsTable } from '../db/schema.js';
import { decodeEntities, fetchLimited, type SafeFetchOptions } from '../lib/safe-fetch.js';
import { nowIso } from '../lib/time.js';
import { blurhashOfImage } from '../media/blurhash.js';

const MAX_HTML_BYTES = 512 * 1024;
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** a failed or empty fetch is retried after a day, a good one after a week */
const RETRY_EMPTY_MS = 24 * 60 * 60 * 1000;
const REFRESH_MS = 7 * RETRY_EMPTY_MS;

/** Preview card fetches: private addresses allowed and time limit (see SafeFetchOptions). */
export type CardOptions = Pick<SafeFetchOptions, 'allowedPrivateAddresses' | 'timeoutMs' | 'resolve'>;

const USER_AGENT = 'Palchat link preview';

function metaContent(html: string, names: string[]): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = /(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1]?.toLowerCase();
    if (!key || !names.includes(key)) continue;
    const content = /content\s*=\s*"([^"]*)"|content\s*=\s*'([^']*)'/i.exec(tag);
    const value = content?.[1] ?? content?.[2];
    if (value?.trim()) return decodeEntities(value.trim());
  }
  return null;
}

export interface CardFacts {
  title: string;
  description: string;
  image: string | null;
  provider_name: string;
  /** og:image:width and og:image:height, 0 when the page does not say */
  width: number;
  height: number;
  image_description: string;
  author_name: string;
}

const dimension = (value: string | null): number => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 && parsed < 100_000 ? parsed : 0;
};

/** OpenGraph (or plain <title>) facts of an HTML page. */
export function parseCardFacts(html: string, pageUrl: string): CardFacts {
  const title =
    metaContent(html, ['og:title', 'twitter:title']) ??
    decodeEntities(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '');
  const description = metaContent(html, ['og:description', 'twitter:description', 'description']) ?? '';
  const rawImage = metaContent(html, ['og:image', 'twitter:image']);
  let image: string | null = null;
  if (rawImage) {
    try {
      const resolved = new URL(rawImage, pageUrl);
      image = /^https?:$/.test(resolved.protocol) ? resolved.toString() : null;
    } catch {
      image = null;
    }
  }
  return {
    title: title.slice(0, 300),
    description: description.slice(0, 1000),
    image,
    provider_name: (metaContent(html, ['og:site_name']) ?? '').slice(0, 200),
    width: image ? dimension(metaContent(html, ['og:image:width'])) : 0,
    height: image ? dimension(metaContent(html, ['og:image:height'])) : 0,
    image_description: image
      ? (metaContent(html, ['og:image:alt', 'twitter:image:alt']) ?? '').slice(0, 1000)
      : '',
    author_name: (metaContent(html, ['author', 'article:author']) ?? '').slice(0, 200),
  };
}

async function readPage(url: string, options: CardOptions): Promise<CardFacts | null> {
  const page = await fetchLimited(
    url,
    { ...options, userAgent: USER_AGENT },
    (type) => type.includes('text/html'),
    MAX_HTML_BYTES,
  );
  return page ? parseCardFacts(page.data.toString('utf8'), page.finalUrl) : null;
}

/** The card image's size (where the page did not say it) and blurhash; nothing when it cannot be read. */
async function describeCardImage(
  facts: CardFacts,
  options: CardOptions,
): Promise<{ width: number; height: number; blurhash: string | null }> {
  const unknown = { width: facts.width, height: facts.height, blurhash: null };
  if (!facts.image) return unknown;
  const image = await fetchLimited(
    facts.image,
    { ...options, userAgent: USER_AGENT },
    (type) => type.startsWith('image/'),
    MAX_IMAGE_BYTES,
  );
  // a truncated image cannot be decoded: only whole ones are described
  if (!image || image.data.length >= MAX_IMAGE_BYTES) return unknown;
  const meta = await sharp(image.data).metadata();
  return {
    width: facts.width || meta.width || 0,
    height: facts.height || meta.height || 0,
    blurhash: await blurhashOfImage(image.data),
  };
}

/**
 * Reads the linked page's metadata into preview_cards, at most once a day for pages that gave nothing.
 * Never throws: offline, slow or odd pages just leave the status without a card.
 */
export async function refreshPreviewCard(
  db: DbOrTx,
  url: string,
  options: CardOptions = {},
): Promise<boolean> {
  try {
    const known = await db.selectFrom('preview_cards').selectAll().where('url', '=', url).executeTakeFirst();
    const age = known ? Date.now() - Date.parse(known.fetched_at) : Infinity;
    if (known && age < (known.title ? REFRESH_MS : RETRY_EMPTY_MS)) return Boolean(known.title);
    const facts: CardFacts = (await readPage(url, options).catch(() => null)) ?? {
      title: '',
      description: '',
      image: null,
      provider_name: '',
      width: 0,
      height: 0,
      image_description: '',
      author_name: '',
    };
    const image = await describeCardImage(facts, options).catch(() => ({
      width: facts.width,
      height: facts.height,
      blurhash: null,
    }));
    const columns = { ...facts, ...image, fetched_at: nowIso() };
    await db
      .insertInto('preview_cards')
      .values({ url, ...columns })
      .onConflict((oc) => oc.column('url').doUpdateSet(columns))
      .execute();
    return Boolean(facts.title);
  } catch {
    return false;
  }
}

/**
 * Mastodon's PreviewCard for a stored card. Cards come from the page's own metadata (no oEmbed): there is no
 * embed HTML, and the author is a name without a profile.
 */
export function serializePreviewCard(row: Selectable<PreviewCardsTable>): PreviewCard {
  return {
    url: row.url,
    title: row.title,
    description: row.description,
    type: 'link',
    author_name: row.author_name,
    author_url: '',
    provider_name: row.provider_name,
    provider_url: URL.canParse(row.url) ? new URL(row.url).origin : '',
    html: '',
    width: row.width,
    height: row.height,
    image: row.image,
    image_description: row.image_description,
    embed_url: '',
    blurhash: row.blurhash,
    authors: row.author_name ? [{ name: row.author_name, url: '', account: null }] : [],
  };
}
