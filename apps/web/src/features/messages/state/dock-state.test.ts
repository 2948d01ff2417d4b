import { describe, expect, it } from 'vitest';
import { dockReducer, initialDockState } from './dock-state';

describe('dockReducer', () => {
  it('toggling expands or minimises and resets the open chat', () => {
    const open = dockReducer(initialDockState, { type: 'openChat', conversationId: '7' });
    expect(open).toMatchObject({ expanded: true, screen: 'chat', conversationId: '7' });
    const minimised = dockReducer(open, { type: 'toggle' });
    expect(minimised).toMatchObject({ expanded: false, screen: 'list', conversationId: null });
    expect(dockReducer(minimised, { type: 'toggle' })).toMatchObject({ expanded: true, screen: 'list' });
  });
  it('opens a new chat with a recipient and no conversation yet', () => {
    const recipient = {
      id: '2',
      username: 'b',
      display_name: 'B',
      avatar: '',
      acct: 'b',
      verified: false,
      is_online: false,
    };
    expect(dockReducer(initialDockState, { type: 'openNewChat', recipient })).toMatchObject({
      screen: 'chat',
      conversationId: null,
      recipient,
    });
  });
});
