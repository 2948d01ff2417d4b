import { describe, expect, it } from 'vitest';
import { accountDomain } from './account-domain';

describe('accountDomain', () => {
  it('names the server of remote accounts only', () => {
    expect(accountDomain('ann@social.example')).toBe('social.example');
    expect(accountDomain('ann')).toBeNull();
    expect(accountDomain('ann@')).toBeNull();
  });
});
