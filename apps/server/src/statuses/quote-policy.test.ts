import { describe, expect, it } from 'vitest';
import { effectiveQuotePolicy, quoteApprovalOf, quoteDecision } from './quote-policy.js';

const status = (fields: Partial<Parameters<typeof quoteDecision>[0]> = {}) => ({
  account_id: 'author',
  visibility: 'public' as const,
  local: 1 as const,
  quote_policy: 'public' as const,
  ...fields,
});

describe('quote policy (Mastodon 4.5 rules)', () => {
  it('lets the author quote anything but a private mention', () => {
    expect(quoteDecision(status({ quote_policy: 'nobody' }), 'author', false)).toBe('automatic');
    expect(quoteDecision(status({ visibility: 'private' }), 'author', false)).toBe('automatic');
    expect(quoteDecision(status({ visibility: 'direct' }), 'author', false)).toBe('denied');
  });

  it('applies public, followers and nobody to others; a private post is nobody else’s to quote', () => {
    expect(quoteDecision(status(), 'viewer', false)).toBe('automatic');
    expect(quoteDecision(status({ quote_policy: 'followers' }), 'viewer', true)).toBe('automatic');
    expect(quoteDecision(status({ quote_policy: 'followers' }), 'viewer', false)).toBe('denied');
    expect(quoteDecision(status({ quote_policy: 'nobody' }), 'viewer', true)).toBe('denied');
    expect(quoteDecision(status({ visibility: 'private' }), 'viewer', true)).toBe('denied');
  });

  it('reads a missing policy as nobody on a local post and unknown on a remote one', () => {
    expect(quoteDecision(status({ quote_policy: null }), 'viewer', false)).toBe('denied');
    expect(quoteDecision(status({ quote_policy: null, local: 0 }), 'viewer', false)).toBe('unknown');
  });

  it('forces nobody on private and direct posts, and describes the policy as QuoteApproval', () => {
    expect(effectiveQuotePolicy('private', 'public')).toBe('nobody');
    expect(effectiveQuotePolicy('unlisted', 'followers')).toBe('followers');
    expect(quoteApprovalOf(status({ quote_policy: 'followers' }), 'viewer', false)).toEqual({
      automatic: ['followers'],
      manual: [],
      current_user: 'denied',
    });
    expect(quoteApprovalOf(status({ visibility: 'private' }), null, false).automatic).toEqual([]);
  });
});
