import { describe, expect, it } from 'vitest';
import { idempotencyKeyFor, newIdempotencyKey } from './send-key';

const draft = { content: 'hello', mediaIds: ['1', '2'], replyToId: null };
let seed = 0;
const fresh = () => `key-${++seed}`;

describe('idempotencyKeyFor', () => {
  it('reuses the failed send’s key for the same draft, and makes a new one for any other', () => {
    const failed = { draft, key: 'key-failed' };
    expect(idempotencyKeyFor({ ...draft, mediaIds: ['1', '2'] }, failed, fresh)).toBe('key-failed');
    expect(idempotencyKeyFor({ ...draft, content: 'hello!' }, failed, fresh)).not.toBe('key-failed');
    expect(idempotencyKeyFor({ ...draft, mediaIds: ['2', '1'] }, failed, fresh)).not.toBe('key-failed');
    expect(idempotencyKeyFor({ ...draft, replyToId: '9' }, failed, fresh)).not.toBe('key-failed');
    expect(idempotencyKeyFor(draft, null, fresh)).not.toBe('key-failed');
  });

  it('makes version 4 UUIDs', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
