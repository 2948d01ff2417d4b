import { describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../session';
import { loadVerificationSource } from './verification-source';

let listener: (event: SessionEvent) => void = () => undefined;
const members = vi.fn(() => Promise.resolve([] as unknown[]));
const session = {
  accountId: 'me',
  isRemoved: () => false,
  client: {
    members,
    safetyNumber: () => Promise.resolve(undefined),
    markVerified: () => Promise.resolve(),
  },
  subscribe: (next: (event: SessionEvent) => void) => {
    listener = next;
    return () => undefined;
  },
};

vi.mock('../index', () => ({
  loadEncryption: () => Promise.resolve({ currentSession: () => session }),
}));

const message = (kind: 'note' | 'system') =>
  ({
    type: 'message',
    conversationId: 'c1',
    message: {
      kind,
      conversationId: 'c1',
      id: 'x',
      senderActorUri: '',
      seq: 1,
      createdAt: '',
      reactions: [],
      deleted: false,
    },
  }) as SessionEvent;

describe('loadVerificationSource', () => {
  it('is null for another account than the open session’s', async () => {
    expect(await loadVerificationSource('someone-else')).toBeNull();
  });

  it('reads from the session’s client: no group is null, no safety number is null', async () => {
    const source = await loadVerificationSource('me');
    expect(await source?.devices('c1')).toBeNull();
    expect(members).toHaveBeenCalledWith('c1');
    expect(await source?.safetyNumber('c1')).toBeNull();
  });

  it('signals membership changes: system rows, joins and removals of a chat, and the device’s removal', async () => {
    const source = await loadVerificationSource('me');
    const changed: (string | null)[] = [];
    source?.subscribe((conversationId) => changed.push(conversationId));
    listener(message('note'));
    listener({ type: 'typing', conversationId: 'c1', actorUri: '', state: 'start' });
    listener(message('system'));
    listener({ type: 'joined', conversationId: 'c2' });
    listener({ type: 'removed', conversationId: 'c3' });
    listener({ type: 'device_removed' });
    expect(changed).toEqual(['c1', 'c2', 'c3', null]);
  });
});
