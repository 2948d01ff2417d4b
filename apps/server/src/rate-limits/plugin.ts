import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { ApiError } from '../http/errors.js';
import { MemoryWindowCounter, RedisWindowCounter, type WindowCounter } from './counter.js';
import { blockSizeOf } from './reservations.js';
import {
  bodyHits,
  needsBody,
  requestHits,
  routeRules,
  throttlesOf,
  type ThrottledRequest,
  type ThrottleHit,
} from './throttles.js';

/** The allowance a response reports in its X-RateLimit-* headers. */
interface Allowance {
  limit: number;
  remaining: number;
  resetAt: number;
}

let lastReset = { at: 0, iso: new Date(0).toISOString() };
/** X-RateLimit-Reset is an ISO 8601 time in Mastodon; every request of a window shares it. */
function resetHeader(resetAt: number): string {
  if (lastReset.at !== resetAt) lastReset = { at: resetAt, iso: new Date(resetAt).toISOString() };
  return lastReset.iso;
}

function throttledRequest(request: FastifyRequest): ThrottledRequest {
  const viewer = request.viewer;
  return {
    path: request.url,
    ip: request.ip,
    tokenId: viewer?.tokenId ?? null,
    sessionId: viewer?.sessionId ?? null,
    accountId: viewer?.account?.id ?? null,
    body: request.body,
  };
}

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's API requests are counted in blocks reserved per process (reservations.ts), as the light
     * routes' are, though the route takes its turn in the queue: for reads that a client repeats often (home).
     */
    countedInBlocks?: boolean;
  }
}

/** Whether a route's requests may be counted in reserved blocks: the light routes and those that ask to be. */
const countedInBlocks = (config: { light?: boolean; countedInBlocks?: boolean }): boolean =>
  config.light === true || config.countedInBlocks === true;

declare module 'fastify' {
  interface FastifyInstance {
    /** the counts behind every rate limit (memory, or Redis shared by the processes): other limits count here too */
    rateLimitCounter: WindowCounter;
  }
}

/** Retry-After for an allowance that starts over at `resetAt`: whole seconds, at least one. */
export function retryAfterSeconds(resetAt: number, now: number): string {
  return String(Math.max(1, Math.ceil((resetAt - now) / 1000)));
}

/**
 * Mastodon's rate limits (see throttles.ts): every request under /api counts against the caller's allowance,
 * and uploads, deletions, sign-ins and sign-ups against their own. A response carries X-RateLimit-Limit,
 * -Remaining and -Reset of its tightest allowance; past one, the answer is 429 with Retry-After. Counting costs
 * one map update in memory, or one Redis round trip when REDIS_URL is set (counts shared by every process);
 * the light routes' requests and the home timeline's are counted there in blocks reserved per process
 * (reservations.ts: the tolerance), so that they rarely wait for Redis. Registered after the auth plugin, whose
 * onRequest hook tells who is calling.
 */
async function rateLimitPlugin(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const throttles = throttlesOf(config.rateLimit);
  const counter: WindowCounter = config.redisUrl
    ? new RedisWindowCounter(config.redisUrl, `${config.redisPrefix}rate-limit:`, (error) =>
        app.log.warn({ err: error }, 'rate limits: Redis does not answer; requests are let through'),
      )
    : new MemoryWindowCounter();
  app.addHook('onClose', () => counter.close());
  await counter.ready();
  app.decorate('rateLimitCounter', counter);

  async function enforce(reply: FastifyReply, hits: ThrottleHit[], inBlocks = false): Promise<void> {
    const now = Date.now();
    const counts = await counter.hit(
      hits.map(({ key, throttle }) => ({
        key,
        periodMs: throttle.periodMs,
        ...(inBlocks ? { inBlocks: { limit: throttle.limit, size: blockSizeOf(throttle.limit) } } : {}),
      })),
      now,
    );
    let tightest: Allowance | null = null;
    let exceeded: Allowance | null = null;
    for (const [i, counted] of counts.entries()) {
      const throttle = hits[i]?.throttle;
      if (!counted || !throttle) continue;
      const left = throttle.limit - counted.count;
      const allowance = { limit: throttle.limit, remaining: Math.max(0, left), resetAt: counted.resetAt };
      if (!tightest || allowance.remaining < tightest.remaining) tightest = allowance;
      // past several allowances, the client may retry once the last of them starts over
      if (left < 0 && (!exceeded || allowance.resetAt > exceeded.resetAt)) exceeded = allowance;
    }
    const shown = exceeded ?? tightest;
    if (!shown) return;
    // a sign-in is counted twice (by address, then by account name): the tighter of the two is reported
    const reported = Number(reply.getHeader('x-ratelimit-remaining') ?? Number.POSITIVE_INFINITY);
    if (!exceeded && shown.remaining > reported) return;
    reply
      .header('x-ratelimit-limit', String(shown.limit))
      .header('x-ratelimit-remaining', String(shown.remaining))
      .header('x-ratelimit-reset', resetHeader(shown.resetAt));
    if (exceeded) {
      reply.header('retry-after', retryAfterSeconds(shown.resetAt, now));
      throw new ApiError(429, 'http.too_many_requests');
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    const rules = routeRules(request.method, request.routeOptions.url ?? '');
    const hits = requestHits(throttledRequest(request), rules, throttles);
    if (hits.length > 0) await enforce(reply, hits, countedInBlocks(request.routeOptions.config));
  });

  const countWithBody: preValidationAsyncHookHandler = async (request, reply) => {
    const rules = routeRules(request.method, request.routeOptions.url ?? '');
    const hits = bodyHits(throttledRequest(request), rules, throttles);
    if (hits.length > 0) await enforce(reply, hits);
  };
  app.addHook('onRoute', (route) => {
    if (!methodsOf(route.method).some((method) => routeRules(method, route.url).some(needsBody))) return;
    const existing = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), countWithBody];
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limits', dependencies: ['auth'] });
