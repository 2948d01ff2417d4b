import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRecord, systemRecord } from './timeline';
import { deleteTimeline, TimelineStore } from './timeline-store';

const note = (
  seq: number,
  overrides: Parameters<typeof newRecord>[0] extends infer T ? Partial<T> : never = {},
) =>
  newRecord({
    conversation_id: 'c1',
    id: `urn:uuid:${seq}`,
    seq,
    sender_id: seq % 2 === 0 ? 'ann' : 'ben',
    created_at: new Date(Date.UTC(2026, 0, 1, 10, seq)).toISOString(),
    content: `note ${seq}`,
    ...overrides,
  });

describe('TimelineStore', () => {
  let store: TimelineStore;
  let account = 0;

  beforeEach(async () => {
    account += 1;
    store = await TimelineStore.open(`a${account}`);
    for (let seq = 1; seq <= 7; seq += 1) await store.apply({ type: 'note', record: note(seq) });
  });
  afterEach(async () => {
    store.close();
    await deleteTimeline(`a${account}`);
  });

  it('pages oldest first: the newest, before and after a seq', async () => {
    const ids = (records: { seq: number }[]) => records.map((r) => r.seq);
    expect(ids(await store.page('c1', { limit: 3 }))).toEqual([5, 6, 7]);
    expect(ids(await store.page('c1', { limit: 3, before: 5 }))).toEqual([2, 3, 4]);
    expect(ids(await store.page('c1', { limit: 2, after: 2 }))).toEqual([3, 4]);
    expect(await store.page('c2', { limit: 3 })).toEqual([]);
  });

  it('keeps a note once, and says so', async () => {
    expect(await store.apply({ type: 'note', record: note(3) })).toBeNull();
    const added = await store.apply({
      type: 'system',
      record: systemRecord('c1', 8, 'device_added', 'ben', 'x'),
    });
    expect(added?.kind).toBe('added');
  });

  it('toggles reactions per person and emoji', async () => {
    const like = {
      type: 'like' as const,
      conversation_id: 'c1',
      actor_id: 'ben',
      target: 'urn:uuid:2',
      emoji: '❤️',
    };
    await store.apply(like);
    await store.apply(like);
    await store.apply({ ...like, actor_id: 'ann' });
    expect((await store.get('c1', 'urn:uuid:2'))?.reactions).toHaveLength(2);
    const undone = await store.apply({ ...like, type: 'undo_like' });
    expect(undone?.kind === 'updated' && undone.record.reactions).toEqual([{ emoji: '❤️', user_id: 'ann' }]);
  });

  it('deletes a note for everyone only when its sender asks', async () => {
    const del = { type: 'delete' as const, conversation_id: 'c1', target: 'urn:uuid:2' };
    expect(await store.apply({ ...del, actor_id: 'ben' })).toBeNull();
    expect(await store.apply({ ...del, actor_id: 'ann' })).toEqual({
      kind: 'removed',
      conversation_id: 'c1',
      id: 'urn:uuid:2',
    });
    expect(await store.get('c1', 'urn:uuid:2')).toBeUndefined();
  });

  it('moves read marks forward only', async () => {
    const read = { type: 'read' as const, conversation_id: 'c1', actor_id: 'ben' };
    expect(await store.apply({ ...read, target: 'urn:uuid:4' })).toMatchObject({ kind: 'read', seq: 4 });
    expect(await store.apply({ ...read, target: 'urn:uuid:2' })).toBeNull();
    expect((await store.meta('c1')).reads).toEqual({ ben: 4 });
  });

  it('hides a note for me: out of pages, search and previews', async () => {
    await store.hide('c1', 'urn:uuid:7');
    expect((await store.latest('c1'))?.seq).toBe(6);
    expect(await store.search('note 7')).toEqual([]);
  });

  it('searches decrypted text, newest first, in one conversation or all', async () => {
    await store.apply({ type: 'note', record: note(9, { conversation_id: 'c2', content: 'Note in c2' }) });
    expect((await store.search('NOTE', 'c1')).map((r) => r.seq)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await store.search('in c2')).map((r) => r.conversation_id)).toEqual(['c2']);
  });

  it('forgets a conversation', async () => {
    await store.forget('c1');
    expect(await store.page('c1', { limit: 10 })).toEqual([]);
  });
});
