import { describe, expect, it } from 'vitest';
import { verificationStatus, type ChatDevice } from './verification-state';

const device = (actorUri: string, verified: boolean, self = false): ChatDevice => ({
  actorUri,
  fingerprint: '',
  verified,
  self,
});

const me = device('https://a.example/users/ann', true, true);

describe('verificationStatus', () => {
  it('is unverified until the others’ devices are verified', () => {
    expect(verificationStatus([me, device('https://b.example/users/ben', false)])).toBe('unverified');
    expect(verificationStatus([me])).toBe('unverified');
  });

  it('is verified when every other device is', () => {
    const ben = device('https://b.example/users/ben', true);
    const annPhone = device('https://a.example/users/ann', true);
    expect(verificationStatus([me, ben, annPhone])).toBe('verified');
  });

  it('changes when a device nobody verified joins after verification', () => {
    const ben = device('https://b.example/users/ben', true);
    expect(verificationStatus([me, ben, device('https://b.example/users/ben', false)])).toBe('changed');
  });
});
