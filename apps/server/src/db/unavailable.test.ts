import { describe, expect, it } from 'vitest';
import { IdsUnavailableError } from '../lib/ids.js';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a lost database, told apart from a faulty request', () => {
  it('counts lost connections, terminated backends and a lost id slot', () => {
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new IdsUnavailableError())).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('reset', 'ECONNRESET') }))).toBe(
      true,
    );
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNRESET')).toBe(false);
  });
});
