import { describe, expect, it } from 'vitest';
import { archetypeOf, campaignYear } from './campaign.js';

describe('annual report campaign', () => {
  it('runs from the 10th to the 31st of December (UTC)', () => {
    expect(campaignYear(new Date('2026-12-09T23:59:59Z'))).toBeNull();
    expect(campaignYear(new Date('2026-12-10T00:00:00Z'))).toBe(2026);
    expect(campaignYear(new Date('2026-12-31T23:59:59Z'))).toBe(2026);
    expect(campaignYear(new Date('2027-01-01T00:00:00Z'))).toBeNull();
    expect(campaignYear(new Date('2026-11-20T12:00:00Z'))).toBeNull();
  });

  it('picks the archetype from how the account posted', () => {
    expect(archetypeOf({ standalone: 100, replies: 10, boosts: 2, polls: 0 })).toBe('lurker');
    expect(archetypeOf({ standalone: 40, replies: 0, boosts: 81, polls: 0 })).toBe('booster');
    expect(archetypeOf({ standalone: 40, replies: 0, boosts: 80, polls: 0 })).toBe('oracle');
    expect(archetypeOf({ standalone: 100, replies: 13, boosts: 0, polls: 11 })).toBe('pollster');
    expect(archetypeOf({ standalone: 40, replies: 81, boosts: 0, polls: 0 })).toBe('replier');
    expect(archetypeOf({ standalone: 100, replies: 50, boosts: 50, polls: 10 })).toBe('oracle');
  });
});
