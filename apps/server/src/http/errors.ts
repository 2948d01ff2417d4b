import { formatMessage, type MessageLike } from '../i18n/format.js';
import { DEFAULT_LOCALE } from '../i18n/locales.js';

/**
 * An error that reaches the client as `{ "error": text, "code"?: code }` with the given HTTP status: `text` is
 * written in the request's language by the error handler (http/app.ts); `message` is its English, for logs.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: MessageLike,
    readonly code?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(formatMessage(DEFAULT_LOCALE, text));
    this.name = 'ApiError';
  }
}

export const badRequest = (text: MessageLike, code?: string, details?: Record<string, unknown>) =>
  new ApiError(400, text, code, details);
export const unauthorized = (text: MessageLike = 'auth.token_invalid') => new ApiError(401, text);
export const forbidden = (text: MessageLike = 'http.not_allowed', code?: string) =>
  new ApiError(403, text, code);
export const notFound = (text: MessageLike = 'http.record_not_found') => new ApiError(404, text);
export const unprocessable = (text: MessageLike, code?: string, details?: Record<string, unknown>) =>
  new ApiError(422, text, code, details);
