import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Reading pages of other servers on a user's behalf (link preview cards, profile link verification): with a
 * time limit, a size limit, and never from private addresses unless the configuration allows them, so that a
 * post or a profile cannot make the server read the inside of its network.
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

/** Whether every address `hostname` stands for is public, or private but allowed. */
async function mayRead(hostname: string, options: SafeFetchOptions): Promise<boolean> {
  if (options.allowAnyPrivateAddress) return true;
  const allowed = options.allowedPrivateAddresses ?? [];
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  return (
    addresses.length > 0 &&
    addresses.every((address) => !isPrivateAddress(address) || allowed.includes(address))
  );
}

/**
 * GET `url`, following redirects one hop at a time so that each hop is checked: a public page must not be
 * able to send the server to a private address. Null when an address may not be read; the time limit covers
 * the body too (a caller reading it gets an abort error once it is over).
 */
export async function fetchChecked(url: string, options: SafeFetchOptions): Promise<Response | null> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const parsed = new URL(current);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (!(await mayRead(parsed.hostname, options))) return null;
    const response = await fetch(current, {
      redirect: 'manual',
      signal,
      headers: { 'user-agent': options.userAgent ?? 'Palchat' },
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    current = new URL(location, current).href;
  }
  return null;
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
    const { done, value } = await reader.read();
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
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!(await mayRead(parsed.hostname, options))) return null;
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS),
    headers: { 'user-agent': options.userAgent ?? 'Palchat', ...init.headers },
    body: init.body,
  });
}
