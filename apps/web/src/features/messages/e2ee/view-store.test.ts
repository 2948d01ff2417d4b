import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteViewStore, ViewStore } from './view-store';

describe('ViewStore', () => {
  let store: ViewStore;

  beforeEach(async () => {
    store = await ViewStore.open('a1');
  });
  afterEach(async () => {
    store.close();
    await deleteViewStore('a1');
  });

  it('starts empty for any conversation', async () => {
    expect(await store.meta('c1')).toEqual({
      conversation_id: 'c1',
      reads: {},
      hidden: [],
      joined_late_at: null,
    });
  });

  it('moves read marks forward only, concurrent marks included', async () => {
    const moved = await Promise.all([store.read('c1', 'ben', 4), store.read('c1', 'ann', 2)]);
    expect(moved).toEqual([true, true]);
    expect(await store.read('c1', 'ben', 3)).toBe(false);
    expect((await store.meta('c1')).reads).toEqual({ ben: 4, ann: 2 });
  });

  it('keeps notes deleted for me and a late join, per conversation, until forgotten', async () => {
    await store.hide('c1', 'urn:uuid:1');
    expect(await store.hide('c1', 'urn:uuid:1')).toBeNull();
    await store.joinedLate('c1', '2026-01-01T10:00:00.000Z');
    expect(await store.meta('c1')).toMatchObject({
      hidden: ['urn:uuid:1'],
      joined_late_at: '2026-01-01T10:00:00.000Z',
    });
    expect((await store.meta('c2')).hidden).toEqual([]);
    await store.forget('c1');
    expect((await store.meta('c1')).joined_late_at).toBeNull();
  });
});
