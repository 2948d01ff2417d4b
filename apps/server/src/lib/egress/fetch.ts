import type { Dispatcher } from 'undici';
import { vettedDispatcher, type VettedDispatcherOptions } from './vetted-dispatcher.js';

/**
 * Every request to a host someone else chose goes through here: http(s) only, a time limit covering the body,
 * redirects followed one hop at a time (each hop's address vetted again by the dispatcher).
 */

export interface EgressOptions extends VettedDispatcherOptions {
  userAgent?: string | undefined;
  /** covers the whole exchange, body included (10 s by default) */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** 5 by default; 0 returns the redirect itself */
  maxRedirects?: number | undefined;
}

export interface EgressRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** signs each hop's request (HTTP signatures of authorized fetch) */
  sign?: (request: Request) => Promise<Request>;
}

export const EGRESS_TIMEOUT_MS = 10_000;
export const EGRESS_MAX_REDIRECTS = 5;

export class EgressRefusedError extends Error {
  readonly code = 'EEGRESSREFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

function checkScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new EgressRefusedError(`${url.protocol} URLs are not fetched`);
}

/** The signal of an exchange: the time limit, and the caller's own if any. */
export function egressSignal(options: EgressOptions): AbortSignal {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? EGRESS_TIMEOUT_MS);
  return options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
}

/** Sends the request through the vetted dispatcher; the Response's url is the last hop's. */
export async function egressFetch(
  url: string,
  request: EgressRequest,
  options: EgressOptions,
): Promise<Response> {
  const dispatcher: Dispatcher = vettedDispatcher(options);
  const signal = egressSignal(options);
  const maxRedirects = options.maxRedirects ?? EGRESS_MAX_REDIRECTS;
  let current = new URL(url);
  for (let hop = 0; ; hop += 1) {
    checkScheme(current);
    let outgoing = new Request(current, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': options.userAgent ?? 'Palchat', ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: 'manual',
      signal,
    });
    if (request.sign) outgoing = await request.sign(outgoing);
    const response = await fetch(outgoing, { dispatcher });
    const location = response.headers.get('location');
    const redirected = response.status >= 300 && response.status < 400 && location;
    if (!redirected || maxRedirects === 0) return withUrl(response, current.href);
    await response.body?.cancel().catch(() => undefined);
    if (hop + 1 > maxRedirects) throw new EgressRefusedError(`${url}: more than ${maxRedirects} redirects`);
    current = new URL(location, current);
  }
}

/** fetch() of a Request leaves `url` as given; callers want the hop that answered. */
function withUrl(response: Response, url: string): Response {
  if (response.url) return response;
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/** Whether a fetch error came from a refused address or URL (rather than the network or the server). */
export function isRefusal(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (code === 'EREFUSEDADDRESS' || code === 'EEGRESSREFUSED') return true;
    if (current instanceof AggregateError && current.errors.some(isRefusal)) return true;
  }
  return false;
}
