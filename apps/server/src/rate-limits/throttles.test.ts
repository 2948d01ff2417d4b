import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { bodyHits, requestHits, routeRules, throttleableAddress, throttlesOf } from './throttles.js';

const throttles = throttlesOf(loadConfig({}).rateLimit);
const anonymous = { path: '/api/v1/timelines/public', ip: '203.0.113.9', tokenId: null, accountId: null };

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
  it('counts API requests per token, else per signed-in account, else per address', () => {
    expect(requestHits(anonymous, [], throttles).map((hit) => hit.key)).toEqual(['api:ip:203.0.113.9']);
    const withToken = { ...anonymous, tokenId: 't1', accountId: 'a1' };
    expect(requestHits(withToken, [], throttles).map((hit) => hit.key)).toEqual(['api:token:t1']);
    const withCookie = { ...anonymous, accountId: 'a1' };
    expect(requestHits(withCookie, [], throttles).map((hit) => hit.key)).toEqual(['api:account:a1']);
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
