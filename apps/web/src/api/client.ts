import { parseLinkHeader, type PageLinks } from './link-header';

/** A failed API answer; `message` is the server's `error` field, else `HTTP {status}` (SPEC §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** how long the server asks to wait before trying again (Retry-After of a 429 or 503), if it said */
  readonly retryAfterMs: number | null;

  constructor(status: number, message: string, body: unknown, retryAfterMs: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }

  /** Per-field messages of a 422 answer ({ details: { field: [messages] } }). */
  get fieldErrors(): Record<string, string[]> {
    const details = isRecord(this.body) ? this.body.details : undefined;
    if (!isRecord(details)) return {};
    const result: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(details)) {
      if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
    }
    return result;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or invalid. */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function errorMessageFrom(status: number, body: unknown): string {
  if (isRecord(body) && typeof body.error === 'string' && body.error) return body.error;
  return `HTTP ${status}`;
}

export interface Credentials {
  csrfToken: string;
  accessToken: string | null;
}

let credentials: Credentials = { csrfToken: '', accessToken: null };

/** Set once at boot from the page's initial state. */
export function configureApi(next: Credentials): void {
  credentials = next;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** send the access token as `Authorization: Bearer` (calls marked bearer in SPEC §7) */
  bearer?: boolean;
  signal?: AbortSignal;
  /** extra request headers, e.g. Idempotency-Key */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(`${key}[]`, String(item));
    else url.searchParams.set(key, String(value));
  }
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = credentials.csrfToken;
  if (options.bearer && credentials.accessToken) headers.Authorization = `Bearer ${credentials.accessToken}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) {
    const errorBody: unknown = await response.json().catch(() => null);
    throw new ApiError(
      response.status,
      errorMessageFrom(response.status, errorBody),
      errorBody,
      retryAfterMsOf(response.headers.get('Retry-After')),
    );
  }
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await send(method, path, options));
}

export interface Page<T> extends PageLinks {
  items: T[];
}

/** A paginated GET: the items plus the `Link` header's next/prev URLs. */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  const response = await send('GET', path, options);
  const items = (await readJson<T[] | undefined>(response)) ?? [];
  return { items, ...parseLinkHeader(response.headers.get('Link')) };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
  page: apiPage,
};
