import { describe, expect, it } from 'vitest';
import { describeScope, parseScopes, scopeGranted, scopesWithin } from './oauth-scopes.js';

describe('OAuth scopes', () => {
  it('parses space- or plus-separated scopes, defaulting to read', () => {
    expect(parseScopes('read write follow')).toEqual(['read', 'write', 'follow']);
    expect(parseScopes('read+write:statuses')).toEqual(['read', 'write:statuses']);
    expect(parseScopes(['read', 'push'])).toEqual(['read', 'push']);
    expect(parseScopes(undefined)).toEqual(['read']);
    expect(parseScopes('read everything')).toBeNull();
  });

  it('lets a parent scope grant its children', () => {
    expect(scopeGranted(['read'], 'read:statuses')).toBe(true);
    expect(scopeGranted(['read:statuses'], 'read')).toBe(false);
    expect(scopeGranted(['admin:read'], 'admin:read:accounts')).toBe(true);
    expect(scopesWithin(['read', 'write'], ['read', 'write:accounts'])).toBe(true);
    expect(scopesWithin(['read'], ['read', 'push'])).toBe(false);
  });

  it('describes scopes for the consent page', () => {
    expect(describeScope('en', 'read')).toBe('Read all your account data');
    expect(describeScope('en', 'write:statuses')).toBe('Modify your statuses');
    expect(describeScope('en', 'admin:read:accounts')).toBe('Read accounts on the server');
  });
});
