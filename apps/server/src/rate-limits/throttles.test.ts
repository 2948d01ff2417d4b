import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  bodyHits,
  requestHits,
  routeRules,
  throttleableAddress,
  throttlesOf,
  type ThrottledRequest,
} from './throttles.js';

const throttles = throttlesOf(loadConfig({}).rateLimit);
const anonymous: ThrottledRequest = {
  path: '/api/v1/timelines/public',
  ip: '203.0.113.9',
  tokenId: null,
  sessionId: null,
  accountId: null,
};

describe('throttleableAddress', () => {
  it('counts IPv4 addresses as they are, and IPv4-mapped IPv6 as IPv4', () => {
    expect(throttleableAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(throttleableAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(throttleableAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(throttleableAddress('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(throttleableAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleableAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleableAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleableAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('requestHits and bodyHits (Mastodon’s rack-attack rules)', () => {
  it('counts API requests per web session, else per token, else per address; and per account', () => {
    const keys = (request: ThrottledRequest) => requestHits(request, [], throttles).map((hit) => hit.key);
    expect(keys(anonymous)).toEqual(['api:ip:203.0.113.9']);
    expect(keys({ ...anonymous, tokenId: 't1', accountId: 'a1' })).toEqual([
      'api:token:t1',
      'api/account:a1',
    ]);
    // the page's token and the cookie of one web session spend one allowance
    expect(keys({ ...anonymous, tokenId: 't2', sessionId: 's1', accountId: 'a1' })).toEqual([
      'api:session:s1',
      'api/account:a1',
    ]);
    expect(keys({ ...anonymous, sessionId: 's1', accountId: 'a1' })).toEqual([
      'api:session:s1',
      'api/account:a1',
    ]);
    const [, account] = requestHits({ ...anonymous, sessionId: 's1', accountId: 'a1' }, [], throttles);
    expect([account?.throttle.limit, account?.throttle.periodMs]).toEqual([1500, 5 * 60_000]);
    expect(requestHits({ ...anonymous, path: '/api/v1/streaming?stream=user' }, [], throttles)).toEqual([]);
    expect(requestHits({ ...anonymous, path: '/@alice' }, [], throttles)).toEqual([]);
  });

  it('adds the route’s own throttles: deletions per account, sign-ins per address and then per name', () => {
    const deletion = requestHits(
      { ...anonymous, path: '/api/v1/statuses/1', accountId: 'a1', tokenId: 't1' },
      routeRules('DELETE', '/api/v1/statuses/:id'),
      throttles,
    );
    expect(deletion.map((hit) => [hit.key, hit.throttle.limit, hit.throttle.periodMs])).toEqual([
      ['delete:a1', 30, 30 * 60_000],
      ['api:token:t1', 300, 5 * 60_000],
      ['api/account:a1', 1500, 5 * 60_000],
    ]);
    const signIn = routeRules('POST', '/auth/sign_in');
    const request = { ...anonymous, path: '/auth/sign_in', body: { login: ' @Alice ' } };
    expect(requestHits(request, signIn, throttles).map((hit) => hit.key)).toEqual(['sign-in/ip:203.0.113.9']);
    expect(bodyHits(request, signIn, throttles).map((hit) => [hit.key, hit.throttle.limit])).toEqual([
      ['sign-in/login:alice', 25],
    ]);
    expect(bodyHits({ ...request, body: {} }, signIn, throttles)).toEqual([]);
    expect(routeRules('GET', '/api/v1/statuses/:id')).toEqual([]);
  });
});
