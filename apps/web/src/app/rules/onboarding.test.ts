import { describe, expect, it } from 'vitest';
import { CURRENT_INTRODUCTION_VERSION } from '@palchat/api';
import { isFirstLaunch, isNewAccount } from './onboarding';

describe('isFirstLaunch', () => {
  it('is true when the seen introduction version is lower than the current one', () => {
    expect(isFirstLaunch(0)).toBe(true);
    expect(isFirstLaunch(CURRENT_INTRODUCTION_VERSION - 1)).toBe(true);
  });
  it('is false once the current version was seen', () => {
    expect(isFirstLaunch(CURRENT_INTRODUCTION_VERSION)).toBe(false);
    expect(isFirstLaunch(5, 4)).toBe(false);
  });
});

describe('isNewAccount', () => {
  const fresh = { note: '', bot: false, following_count: 0, statuses_count: 0 };
  it('is true with no note, not a bot, 0 following and 0 statuses', () => {
    expect(isNewAccount(fresh)).toBe(true);
    expect(isNewAccount({ ...fresh, note: '<p></p>' })).toBe(true);
  });
  it('is false with a note', () => {
    expect(isNewAccount({ ...fresh, note: '<p>Hello</p>' })).toBe(false);
  });
  it('is false for a bot', () => {
    expect(isNewAccount({ ...fresh, bot: true })).toBe(false);
  });
  it('is false when following someone', () => {
    expect(isNewAccount({ ...fresh, following_count: 1 })).toBe(false);
  });
  it('is false with statuses', () => {
    expect(isNewAccount({ ...fresh, statuses_count: 3 })).toBe(false);
  });
});
