import dns from 'node:dns/promises';
import net from 'node:net';
import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';

const FETCH_TIMEOUT_MS = 3000;
const MAX_HTML_BYTES = 512 * 1024;
/** a failed or empty fetch is retried after a day, a good one after a week */
const RETRY_EMPTY_MS = 24 * 60 * 60 * 1000;
const REFRESH_MS = 7 * RETRY_EMPTY_MS;

export interface CardOptions {
  /** tests serve pages from 127.0.0.1; the server itself never reads private addresses */
  allowPrivateAddresses?: boolean;
  timeoutMs?: number;
}

function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const lower = address.toLowerCase();
  return (
    lower === '::1' ||
    lower === '::' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe80') ||
    lower.startsWith('::ffff:')
  );
}

async function pointsOutside(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  return addresses.length > 0 && addresses.every((address) => !isPrivateAddress(address));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

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
}

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
  };
}

async function readPage(url: string, options: CardOptions): Promise<CardFacts | null> {
  const parsed = new URL(url);
  if (!options.allowPrivateAddresses && !(await pointsOutside(parsed.hostname))) return null;
  const response = await fetch(url, {
    redirect: 'follow',
    signal: AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS),
    headers: { accept: 'text/html', 'user-agent': 'Palchat link preview' },
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_HTML_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return parseCardFacts(Buffer.concat(chunks).toString('utf8'), response.url || url);
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
    const facts = (await readPage(url, options).catch(() => null)) ?? {
      title: '',
      description: '',
      image: null,
      provider_name: '',
    };
    const row = { url, ...facts, fetched_at: nowIso() };
    await db
      .insertInto('preview_cards')
      .values(row)
      .onConflict((oc) => oc.column('url').doUpdateSet({ ...facts, fetched_at: row.fetched_at }))
      .execute();
    return Boolean(facts.title);
  } catch {
    return false;
  }
}
