import type { FastifyRequest } from 'fastify';
import { unprocessable } from './errors.js';
import { message } from '../i18n/format.js';

const MAX_KEY_LENGTH = 200;

/** The Idempotency-Key header of a create (POST /api/v1/statuses, POST /api/v1/friend_messages), if any. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  if (header.length > MAX_KEY_LENGTH) {
    throw unprocessable(
      message('http.idempotency_key_too_long', { max: MAX_KEY_LENGTH }),
      'idempotency_key_too_long',
    );
  }
  return header;
}
