import type { FastifyRateLimitOptions, RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { ApiError } from '../http/errors.js';

const tooManyRequests = () => new ApiError(429, 'Too many requests');

/** Per-IP limit on sign-in attempts (route config for @fastify/rate-limit). */
export function signInRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.rateLimit.signInPerMinute,
    timeWindow: '1 minute',
    groupId: 'sign-in',
    errorResponseBuilder: tooManyRequests,
  };
}

type RateLimitHook = ReturnType<FastifyInstance['rateLimit']>;
const signUpLimiters = new WeakMap<FastifyInstance, RateLimitHook>();

/**
 * Per-IP limit on account creation, one counter shared by the sign-up page and POST /api/v1/accounts (route
 * config would give each route a counter of its own), used as the routes' onRequest hook.
 */
export function signUpRateLimit(app: FastifyInstance, config: Config): RateLimitHook {
  let limiter = signUpLimiters.get(app);
  if (!limiter) {
    limiter = app.rateLimit({
      max: config.rateLimit.signUpPerHour,
      timeWindow: '1 hour',
      errorResponseBuilder: tooManyRequests,
    });
    signUpLimiters.set(app, limiter);
  }
  return limiter;
}

/**
 * Where the counters live: this process's memory by default; Redis when REDIS_URL is set, so that every process
 * behind a load balancer counts the same attempts. A Redis outage lets requests through rather than locking
 * everyone out of signing in.
 */
export function rateLimitStore(app: FastifyInstance, config: Config): FastifyRateLimitOptions {
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store: Redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true };
}
