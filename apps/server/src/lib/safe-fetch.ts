import type { ReadableStreamReadResult } from 'node:stream/web';
import { egressFetch, isRefusal } from './egress/fetch.js';
import type { Resolver } from './egress/vetted-dispatcher.js';

/**
 * Reading pages of other servers on a user's behalf (link preview cards, profile link verification): with a
 * time limit, a size limit, and never from private addresses unless the configuration allows them, so that a
 * post or a profile cannot make the server read the inside of its network. The address checked is the one
 * connected to (lib/egress/vetted-dispatcher.ts).
 */

const FETCH_TIMEOUT_MS = 3000;
const MAX_REDIRECTS = 3;

export interface SafeFetchOptions {
  /** private addresses that may be read all the same (config.allowedPrivateAddresses; tests use 127.0.0.1) */
  allowedPrivateAddresses?: readonly string[];
  /** every private address may be read (FEDERATION_ALLOW_PRIVATE_ADDRESSES: servers under test on loopback) */
  allowAnyPrivateAddress?: boolean;
  timeoutMs?: number;
  /** the User-Agent header sent */
  userAgent?: string;
  /** aborts the fetch early (the time limit applies either way) */
  signal?: AbortSignal;
  /** resolves host names (the system resolver by default) */
  resolve?: Resolver;
}

/** Null instead of a refusal (a private address, a scheme other than http(s), too many redirects). */
async function unlessRefused(sending: Promise<Response>): Promise<Response | null> {
  try {
    return await sending;
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

/**
 * GET `url`, following redirects one hop at a time so that each hop is checked: a public page must not be
 * able to send the server to a private address. Null when an address may not be read; the time limit covers
 * the body too (a caller reading it gets an abort error once it is over).
 */
export async function fetchChecked(url: string, options: SafeFetchOptions): Promise<Response | null> {
  return unlessRefused(
    egressFetch(
      url,
      {},
      { ...options, timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS, maxRedirects: MAX_REDIRECTS },
    ),
  );
}

/**
 * The body of `url` (its first `maxBytes`), when it answers 200 with a content type `accepts` takes; null
 * when it does not, or when the address may not be read. Network errors and timeouts throw.
 */
export async function fetchLimited(
  url: string,
  options: SafeFetchOptions,
  accepts: (contentType: string) => boolean,
  maxBytes: number,
): Promise<{ data: Buffer; finalUrl: string } | null> {
  const response = await fetchChecked(url, options);
  if (!response) return null;
  if (!response.ok || !accepts(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = (await reader.read()) as ReadableStreamReadResult<Uint8Array>;
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return { data: Buffer.concat(chunks), finalUrl: response.url || url };
}

/** The text of an HTML attribute or text node with its character references decoded. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * POST to `url` once (no redirect is followed), when its address may be reached: deliveries to addresses a
 * user gave (Web Push endpoints). Null when the address may not be reached; network errors throw.
 */
export async function postChecked(
  url: string,
  init: { headers: Record<string, string>; body: Uint8Array | string },
  options: SafeFetchOptions,
): Promise<Response | null> {
  return unlessRefused(
    egressFetch(
      url,
      { method: 'POST', ...init },
      { ...options, timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS, maxRedirects: 0 },
    ),
  );
}
