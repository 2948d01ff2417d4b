import { describe, expect, it } from 'vitest';
import { InProcessPresence, LocalSockets } from './presence.js';

describe('InProcessPresence', () => {
  it('is online while any subscribed socket of the account is active', async () => {
    const presence = new InProcessPresence();
    await presence.connect('a', 's1');
    await presence.connect('a', 's2');
    await presence.setActive('s1', false);
    expect(await presence.connected(['a', 'b'])).toEqual(new Set(['a']));
    await presence.disconnect('s2');
    expect(await presence.connected(['a'])).toEqual(new Set());
    await presence.setActive('s1', true);
    expect(await presence.connected(['a'])).toEqual(new Set(['a']));
    await presence.disconnect('s1');
    await presence.disconnect('unknown');
    expect(await presence.connected(['a'])).toEqual(new Set());
  });
});

describe('LocalSockets', () => {
  it('knows the account of each socket and lists the accounts with an active socket', () => {
    const sockets = new LocalSockets();
    sockets.connect('a', 's1');
    sockets.connect('b', 's2');
    sockets.setActive('s2', false);
    sockets.setActive('nobody', true);
    expect(sockets.accountFor('s2')).toBe('b');
    expect(sockets.activeAccounts()).toEqual(['a']);
    sockets.disconnect('s1');
    sockets.disconnect('s1');
    expect(sockets.accountFor('s1')).toBeNull();
    expect(sockets.activeAccounts()).toEqual([]);
  });
});
