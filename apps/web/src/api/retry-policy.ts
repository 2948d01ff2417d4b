import { ApiError } from './client';

/** How many times a query the server refused for its rate limit is asked again, each after its Retry-After. */
const RATE_LIMITED_RETRIES = 3;
/** Retries of network failures and 5xx answers. */
const FAILURE_RETRIES = 2;

const isRateLimited = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 429;

/**
 * Whether a failed query is asked again: after a 429 (once Retry-After has passed, see queryRetryDelay), after a
 * network failure or a 5xx; never after another client error (404, 403, 422… will not change on retry).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isRateLimited(error)) return failureCount < RATE_LIMITED_RETRIES;
  return !(error instanceof ApiError && error.status < 500) && failureCount < FAILURE_RETRIES;
}

/** For queries that are not worth asking again, except once the rate limit lets them through. */
export function retryOnlyWhenRateLimited(failureCount: number, error: unknown): boolean {
  return isRateLimited(error) && failureCount < RATE_LIMITED_RETRIES;
}

/**
 * How long a query waits before it is asked again: a 429's Retry-After (asking sooner would only be refused and
 * counted), else TanStack Query's doubling delay.
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isRateLimited(error) && error.retryAfterMs !== null) return error.retryAfterMs;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}
