import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
