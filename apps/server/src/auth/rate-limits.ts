import type { RateLimitOptions } from '@fastify/rate-limit';
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

/** Per-IP limit on account creation, shared by the sign-up page and POST /api/v1/accounts. */
export function signUpRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.rateLimit.signUpPerHour,
    timeWindow: '1 hour',
    groupId: 'sign-up',
    errorResponseBuilder: tooManyRequests,
  };
}
