import { describe, expect, it } from 'vitest';
import { InProcessPresence } from './presence.js';

describe('InProcessPresence', () => {
  it('is online while any subscribed socket of the account is active', async () => {
    const presence = new InProcessPresence();
    presence.connect('a', 's1');
    presence.connect('a', 's2');
    presence.setActive('s1', false);
    expect(await presence.connected(['a', 'b'])).toEqual(new Set(['a']));
    presence.disconnect('s2');
    expect(await presence.connected(['a'])).toEqual(new Set());
    presence.setActive('s1', true);
    expect(await presence.connected(['a'])).toEqual(new Set(['a']));
    presence.disconnect('s1');
    presence.disconnect('unknown');
    expect(await presence.connected(['a'])).toEqual(new Set());
  });
});
