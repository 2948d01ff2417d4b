import { describe, expect, it } from 'vitest';
import { isStorageFull } from './storage-full.js';

describe('isStorageFull', () => {
  it('knows SQLite’s SQLITE_FULL and PostgreSQL’s disk_full, also as a cause', () => {
    expect(isStorageFull(Object.assign(new Error('database or disk is full'), { errcode: 13 }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(
      isStorageFull(new Error('wrapped', { cause: Object.assign(new Error(), { code: '53100' }) })),
    ).toBe(true);
  });

  it('is false for other errors', () => {
    expect(isStorageFull(Object.assign(new Error('constraint'), { errcode: 2067 }))).toBe(false);
    expect(isStorageFull(Object.assign(new Error('out of memory'), { code: '53200' }))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull('disk full')).toBe(false);
  });
});
