import { describe, expect, it } from 'vitest';
import {
  emptyMeta,
  newRecord,
  newestFromOthers,
  pageOf,
  readersOf,
  visibleRecords,
  withRead,
} from './timeline';

const note = (seq: number, sender = 'ben') =>
  newRecord({ conversation_id: 'c1', id: `n${seq}`, seq, sender_id: sender, created_at: `t${seq}` });
const history = [1, 2, 3, 4, 5, 6, 7].map((seq) => note(seq, seq % 2 ? 'ben' : 'ann'));
const ids = (records: { id: string }[]) => records.map((r) => r.id);

describe('pageOf', () => {
  it('pages the newest, then before and after a row', () => {
    expect(pageOf(history, null, 3)).toMatchObject({ hasMore: true });
    expect(ids(pageOf(history, null, 3).records)).toEqual(['n5', 'n6', 'n7']);
    expect(ids(pageOf(history, { before: 'n5' }, 3).records)).toEqual(['n2', 'n3', 'n4']);
    expect(pageOf(history, { before: 'n3' }, 3)).toMatchObject({ hasMore: false });
    expect(ids(pageOf(history, { after: 'n2' }, 2).records)).toEqual(['n3', 'n4']);
    expect(pageOf(history, { after: 'n5' }, 2).hasMore).toBe(false);
  });
});

describe('visibleRecords', () => {
  it('leaves out what was deleted for me and puts one row first for a late join', () => {
    const meta = { ...emptyMeta('c1'), hidden: ['n2'], joined_late_at: '2026-01-01T00:00:00.000Z' };
    const shown = visibleRecords(history, meta, 'ann');
    expect(ids(shown).slice(0, 3)).toEqual(['system:history_gap:c1', 'n1', 'n3']);
    expect(shown[0]).toMatchObject({
      seq: 0,
      created_at: meta.joined_late_at,
      system: { kind: 'history_gap' },
    });
    expect(visibleRecords(history, emptyMeta('c1'), 'ann')).toHaveLength(7);
  });
});

describe('receipts', () => {
  it('counts a reader for every note up to their mark, never the sender', () => {
    let meta = withRead(emptyMeta('c1'), 'ben', 4);
    expect(withRead(meta, 'ben', 2)).toBe(meta);
    meta = withRead(meta, 'cat', 6);
    expect(readersOf(note(4, 'ann'), meta)).toEqual(['ben', 'cat']);
    expect(readersOf(note(5, 'ann'), meta)).toEqual(['cat']);
    expect(readersOf(note(3, 'ben'), meta)).toEqual(['cat']);
  });

  it('reads the newest note of others', () => {
    expect(newestFromOthers(history, 'ben')?.id).toBe('n6');
    expect(newestFromOthers([note(1, 'ann')], 'ann')).toBeNull();
  });
});
