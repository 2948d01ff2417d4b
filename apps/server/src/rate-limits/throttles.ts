import type { RateLimits } from '../config.js';
import { loginKey } from '../auth/sign-in.js';

/** A named allowance: `limit` requests per `periodMs`, counted per key (a token, an account, an address …). */
export interface Throttle {
  name: string;
  limit: number;
  periodMs: number;
}

const MINUTE = 60_000;

/** Mastodon's throttles (config/initializers/rack_attack.rb), with the counts from the configuration. */
export function throttlesOf(limits: RateLimits) {
  return {
    api: { name: 'api', limit: limits.apiPer5Minutes, periodMs: 5 * MINUTE },
    apiPerAccount: { name: 'api/account', limit: limits.apiPerAccountPer5Minutes, periodMs: 5 * MINUTE },
    mediaUploads: { name: 'media', limit: limits.mediaUploadsPer30Minutes, periodMs: 30 * MINUTE },
    statusDeletions: { name: 'delete', limit: limits.statusDeletionsPer30Minutes, periodMs: 30 * MINUTE },
    signInByAddress: { name: 'sign-in/ip', limit: limits.signInPer5Minutes, periodMs: 5 * MINUTE },
    signInByLogin: { name: 'sign-in/login', limit: limits.signInPer5Minutes, periodMs: 5 * MINUTE },
    signUp: { name: 'sign-up', limit: limits.signUpPer30Minutes, periodMs: 30 * MINUTE },
  } satisfies Record<string, Throttle>;
}

export type Throttles = ReturnType<typeof throttlesOf>;

/** What the rules look at: known once the auth plugin has resolved the caller. */
export interface ThrottledRequest {
  path: string;
  ip: string;
  tokenId: string | null;
  /** the web session of a cookie, or of the access token the page carries */
  sessionId: string | null;
  accountId: string | null;
  body?: unknown;
}

/** Counted by whom: the signed-in account, the client's address, or the account name a sign-in names. */
type CountedBy = 'account' | 'address' | 'login';

export interface RouteRule {
  throttle: keyof Throttles;
  by: CountedBy;
}

const ROUTE_RULES: Record<string, readonly RouteRule[]> = {
  'POST /api/v1/media': [{ throttle: 'mediaUploads', by: 'account' }],
  'POST /api/v2/media': [{ throttle: 'mediaUploads', by: 'account' }],
  'DELETE /api/v1/statuses/:id': [{ throttle: 'statusDeletions', by: 'account' }],
  'POST /api/v1/statuses/:id/unreblog': [{ throttle: 'statusDeletions', by: 'account' }],
  'POST /auth/sign_up': [{ throttle: 'signUp', by: 'address' }],
  'POST /api/v1/accounts': [{ throttle: 'signUp', by: 'address' }],
  'POST /auth/sign_in': [
    { throttle: 'signInByAddress', by: 'address' },
    { throttle: 'signInByLogin', by: 'login' },
  ],
};

/** The throttles of a route of its own, beyond the API allowance (none for most routes). */
export const routeRules = (method: string, url: string): readonly RouteRule[] =>
  ROUTE_RULES[`${method} ${url}`] ?? [];

/** Rules that need the parsed body, counted once it is read; the others before it is. */
export const needsBody = (rule: RouteRule): boolean => rule.by === 'login';

/** The streaming endpoint holds a socket open rather than answering requests (its own server in Mastodon). */
const isApiRequest = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/v1/streaming');

/**
 * The address a limit counts: an IPv6 client usually holds a whole /64, so that prefix is counted as one
 * address (as Mastodon does); an IPv4-mapped IPv6 address counts as the IPv4 address.
 */
export function throttleableAddress(ip: string): string {
  const address = ip.split('%', 1)[0] ?? ip;
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const groupsOf = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head, tail] = address.split('::', 2);
  const headGroups = groupsOf(head);
  const tailGroups = groupsOf(tail);
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
          ...tailGroups,
        ];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

function discriminator(request: ThrottledRequest, by: CountedBy): string | null {
  switch (by) {
    case 'account':
      return request.accountId;
    case 'address':
      return throttleableAddress(request.ip);
    case 'login': {
      const body = request.body;
      const login = body && typeof body === 'object' ? (body as Record<string, unknown>).login : undefined;
      // an address is at most 254 characters; a longer name gets no key of its own
      const key = typeof login === 'string' ? loginKey(login).slice(0, 320) : '';
      return key || null;
    }
  }
}

export interface ThrottleHit {
  throttle: Throttle;
  /** the counter's key: the throttle's name and whom it counts */
  key: string;
}

const hitOf = (throttle: Throttle, who: string): ThrottleHit => ({
  throttle,
  key: `${throttle.name}:${who}`,
});

/**
 * Whose allowance an API request spends: a web session's (its cookie and the access token its page carries
 * together: one token, as Mastodon's web app holds), else the access token's, else the address's.
 */
function apiCaller(request: ThrottledRequest): string {
  if (request.sessionId) return `session:${request.sessionId}`;
  if (request.tokenId) return `token:${request.tokenId}`;
  return `ip:${throttleableAddress(request.ip)}`;
}

/**
 * The throttles a request counts against before its body is read: the API allowance of the caller (see
 * apiCaller) and that of its account (every token and session together), plus its route's rules that need no
 * body.
 */
export function requestHits(
  request: ThrottledRequest,
  rules: readonly RouteRule[],
  throttles: Throttles,
): ThrottleHit[] {
  const hits = routeHits(request, rules, throttles, false);
  if (isApiRequest(request.path)) {
    hits.push(hitOf(throttles.api, apiCaller(request)));
    if (request.accountId) hits.push(hitOf(throttles.apiPerAccount, request.accountId));
  }
  return hits;
}

/** The throttles counted once the body is parsed: sign-in attempts per account name. */
export const bodyHits = (request: ThrottledRequest, rules: readonly RouteRule[], throttles: Throttles) =>
  routeHits(request, rules, throttles, true);

function routeHits(
  request: ThrottledRequest,
  rules: readonly RouteRule[],
  throttles: Throttles,
  withBody: boolean,
): ThrottleHit[] {
  const hits: ThrottleHit[] = [];
  for (const rule of rules) {
    if (needsBody(rule) !== withBody) continue;
    const who = discriminator(request, rule.by);
    if (who) hits.push(hitOf(throttles[rule.throttle], who));
  }
  return hits;
}
