import { userSettingsPatchSchema, type Column } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import {
  addColumn,
  columnForPath,
  defaultColumns,
  effectiveColumns,
  findColumn,
  moveColumn,
  pinnedColumnForPath,
  removeColumn,
} from './deck-columns';

const home: Column = { id: 'home', uuid: 'a', params: {} };
const tag: Column = { id: 'hashtag', uuid: 'b', params: { id: 'Cats' } };
const list: Column = { id: 'list', uuid: 'c', params: { id: '42' } };

describe('deck columns', () => {
  it('shows the default set until columns are saved', () => {
    expect(effectiveColumns([], true).map((column) => column.id)).toEqual([
      'compose',
      'home',
      'notifications',
    ]);
    expect(effectiveColumns([], false).map((column) => column.id)).toEqual(['compose']);
    expect(effectiveColumns([tag], true)).toEqual([tag]);
    expect(defaultColumns(true).every((column) => column.uuid.startsWith('default-'))).toBe(true);
  });

  it('adds a column with its params at the end, with a fresh uuid', () => {
    const added = addColumn([home], { id: 'hashtag', params: { id: 'dogs' } }, 'new-uuid');
    expect(added).toEqual([home, { id: 'hashtag', uuid: 'new-uuid', params: { id: 'dogs' } }]);
    const generated = addColumn([home], { id: 'list', params: { id: '7' } });
    expect(generated[1]?.uuid).toMatch(/\S+-\S+/);
    expect(generated[1]?.uuid).not.toBe(addColumn([home], { id: 'list', params: { id: '8' } })[1]?.uuid);
  });

  it('does not add the same column twice', () => {
    const columns = [home, tag, list];
    expect(addColumn(columns, { id: 'home', params: {} })).toBe(columns);
    expect(addColumn(columns, { id: 'hashtag', params: { id: 'cats' } })).toBe(columns);
    expect(addColumn(columns, { id: 'list', params: { id: '42' } })).toBe(columns);
    expect(addColumn(columns, { id: 'hashtag', params: { id: 'dogs' } })).toHaveLength(4);
    expect(addColumn(columns, { id: 'list', params: { id: '43' } })).toHaveLength(4);
    expect(findColumn(columns, { id: 'hashtag', params: { id: 'CATS' } })).toBe(tag);
    expect(findColumn(columns, { id: 'notifications', params: {} })).toBeUndefined();
  });

  it('moves a column one place and stops at either end', () => {
    const columns = [home, tag, list];
    expect(moveColumn(columns, 'b', -1)).toEqual([tag, home, list]);
    expect(moveColumn(columns, 'b', 1)).toEqual([home, list, tag]);
    expect(moveColumn(columns, 'a', -1)).toBe(columns);
    expect(moveColumn(columns, 'c', 1)).toBe(columns);
    expect(moveColumn(columns, 'unknown', 1)).toBe(columns);
    expect(columns).toEqual([home, tag, list]);
  });

  it('removes a column by uuid', () => {
    expect(removeColumn([home, tag, list], 'b')).toEqual([home, list]);
    expect(removeColumn([home], 'unknown')).toEqual([home]);
  });

  it('knows which routed paths can be pinned, with their params', () => {
    expect(columnForPath('/tags/cats')).toEqual({ id: 'hashtag', params: { id: 'cats' } });
    expect(columnForPath('/deck/tags/caf%C3%A9')).toEqual({ id: 'hashtag', params: { id: 'café' } });
    expect(columnForPath('/timelines/tag/x')).toEqual({ id: 'hashtag', params: { id: 'x' } });
    expect(columnForPath('/deck/lists/42')).toEqual({ id: 'list', params: { id: '42' } });
    expect(columnForPath('/timelines/list/42')).toEqual({ id: 'list', params: { id: '42' } });
    expect(columnForPath('/deck/public/local')).toEqual({ id: 'community', params: {} });
    expect(columnForPath('/public/remote')).toEqual({ id: 'remote', params: {} });
    expect(columnForPath('/deck/public')).toEqual({ id: 'public', params: {} });
    expect(columnForPath('/deck/conversations')).toEqual({ id: 'direct', params: {} });
    expect(columnForPath('/deck/directory')).toEqual({ id: 'directory', params: {} });
    expect(columnForPath('/favourites/')).toEqual({ id: 'favourites', params: {} });
    for (const path of [
      '/deck/getting-started',
      '/lists/new',
      '/lists/42/edit',
      '/@alice',
      '/search',
      '/deckhome',
    ])
      expect(columnForPath(path)).toBeNull();
    // a malformed escape stays as typed
    expect(columnForPath('/tags/%E0%A4%A')).toEqual({ id: 'hashtag', params: { id: '%E0%A4%A' } });
  });

  it('finds the pinned column a routed path would show a second time', () => {
    const columns = [home, tag, list];
    expect(pinnedColumnForPath(columns, '/deck/home')).toBe(home);
    expect(pinnedColumnForPath(columns, '/deck/tags/CATS')).toBe(tag);
    expect(pinnedColumnForPath(columns, '/deck/lists/42')).toBe(list);
    expect(pinnedColumnForPath(columns, '/deck/lists/43')).toBeUndefined();
    expect(pinnedColumnForPath(columns, '/deck/notifications')).toBeUndefined();
    expect(pinnedColumnForPath(columns, '/deck/getting-started')).toBeUndefined();
  });

  it('saves only what the server accepts: added columns pass the shared schema', () => {
    const columns = addColumn(addColumn(defaultColumns(true), { id: 'hashtag', params: { id: 'cats' } }), {
      id: 'list',
      params: { id: '42' },
    });
    expect(userSettingsPatchSchema.safeParse({ columns }).success).toBe(true);
    const bad = [
      [{ id: 'hashtag', uuid: 'a', params: {} }],
      [{ id: 'list', uuid: 'a', params: { id: ' ' } }],
      [home, { ...tag, uuid: home.uuid }],
    ];
    for (const value of bad)
      expect(userSettingsPatchSchema.safeParse({ columns: value }).success).toBe(false);
  });
});
