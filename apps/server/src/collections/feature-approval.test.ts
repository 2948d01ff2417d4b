import { describe, expect, it } from 'vitest';
import { featureApprovalOf } from './feature-approval.js';

describe('featureApprovalOf', () => {
  const local = { domain: null, discoverable: 1, locked: 0 } as const;

  it('lets anybody feature a discoverable, unlocked local account', () => {
    expect(featureApprovalOf(local)).toEqual({
      automatic: ['public'],
      manual: [],
      current_user: 'automatic',
    });
  });

  it('leaves a locked account to its followers (denied to a viewer not known to follow)', () => {
    expect(featureApprovalOf({ ...local, locked: 1 })).toEqual({
      automatic: ['followers'],
      manual: [],
      current_user: 'denied',
    });
  });

  it('lets nobody feature an account that is not discoverable (the opt-out), locked or not', () => {
    for (const locked of [0, 1] as const)
      expect(featureApprovalOf({ ...local, discoverable: 0, locked })).toEqual({
        automatic: [],
        manual: [],
        current_user: 'denied',
      });
  });

  it("answers 'missing' for a remote account, whose policy is not known here", () => {
    expect(featureApprovalOf({ ...local, domain: 'remote.example' })).toEqual({
      automatic: [],
      manual: [],
      current_user: 'missing',
    });
  });
});
