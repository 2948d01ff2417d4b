import { describe, expect, it } from 'vitest';
import type { Participant } from '../model';
import { plainBecause, plainReasonText } from './eligibility';

const person = (id: string, name: string): Participant => ({
  id,
  username: name.toLowerCase(),
  display_name: name,
  avatar: '',
  acct: name.toLowerCase(),
  verified: false,
  is_online: false,
});

describe('plainBecause', () => {
  const ben = person('2', 'Ben');
  const cat = person('3', 'Cat');

  it('is null when everyone can take part', () => {
    const answers = [
      { account_id: '2', supported: true },
      { account_id: '3', supported: true },
    ];
    expect(plainBecause(answers, [ben, cat])).toBeNull();
  });

  it('names the first person who keeps the chat plain, and why', () => {
    const answers = [
      { account_id: '2', supported: true },
      { account_id: '3', supported: false, reason: 'no_devices' as const },
    ];
    const because = plainBecause(answers, [ben, cat]);
    expect(because).toEqual({ name: 'Cat', reason: 'no_devices' });
    expect(plainReasonText(because!)).toBe('messages.e2ee.no_devices');
    // someone the server did not answer for cannot be assumed to take part
    expect(plainBecause([], [ben])).toEqual({ name: 'Ben', reason: 'server_unsupported' });
    expect(plainReasonText({ name: 'Ben', reason: 'unreachable' })).toBe('messages.e2ee.server_unsupported');
  });
});
