import { describe, expect, it } from 'vitest';
import { CachedFailureError, FailureCache } from './failure-cache.js';

describe('failure cache', () => {
  it('refuses a failed URL until its time is over', () => {
    let now = 0;
    const cache = new FailureCache({ urlTtlMs: 1000, now: () => now });
    cache.record('https://a.example/actor', new Error('boom'), false);
    expect(() => cache.check('https://a.example/actor')).toThrow(CachedFailureError);
    expect(() => cache.check('https://a.example/other')).not.toThrow();
    now = 1001;
    expect(() => cache.check('https://a.example/actor')).not.toThrow();
  });

  it('refuses a host after repeated costly failures, for a while', () => {
    let now = 0;
    const cache = new FailureCache({ urlTtlMs: 10, costlyStrikes: 3, hostBanMs: 5000, now: () => now });
    for (const path of ['a', 'b']) cache.record(`https://big.example/${path}`, new Error('too large'), true);
    cache.record('https://big.example/c', new Error('404'), false);
    now = 20;
    expect(() => cache.check('https://big.example/new')).not.toThrow();
    cache.record('https://big.example/d', new Error('too large'), true);
    expect(() => cache.check('https://big.example/new')).toThrow(CachedFailureError);
    expect(() => cache.check('https://small.example/new')).not.toThrow();
    now = 6000;
    expect(() => cache.check('https://big.example/new')).not.toThrow();
  });
});
