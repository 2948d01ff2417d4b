import type { Column, ColumnType } from '@palchat/api';
import { pagePath } from '../../platform/rules/path-redirect';
import { columnParamId } from '../../platform/column-params';

/** A column to pin: its type and parameters (hashtag: `{ id: tag }`, list: `{ id }`), before it has a uuid. */
export interface ColumnSpec {
  id: ColumnType;
  params: Record<string, unknown>;
}

/** The column types whose params name what they show; every other type exists at most once. */
const PARAMETRIZED: readonly ColumnType[] = ['hashtag', 'list'];

export function defaultColumns(signedIn: boolean): Column[] {
  const compose: Column = { id: 'compose', uuid: 'default-compose', params: {} };
  if (!signedIn) return [compose];
  return [
    compose,
    { id: 'home', uuid: 'default-home', params: {} },
    { id: 'notifications', uuid: 'default-notifications', params: {} },
  ];
}

/** The deck shows the saved columns, or the default set while none are saved. */
export function effectiveColumns(saved: Column[], signedIn: boolean): Column[] {
  return saved.length > 0 ? saved : defaultColumns(signedIn);
}

/** What makes two columns the same: the type, and the hashtag (any case) or list they show. */
function columnKey(column: ColumnSpec): string {
  if (!PARAMETRIZED.includes(column.id)) return column.id;
  const id = columnParamId(column.params);
  return `${column.id}:${column.id === 'hashtag' ? id.toLowerCase() : id}`;
}

export function sameColumn(a: ColumnSpec, b: ColumnSpec): boolean {
  return columnKey(a) === columnKey(b);
}

export function findColumn(columns: Column[], spec: ColumnSpec): Column | undefined {
  return columns.find((column) => sameColumn(column, spec));
}

/** A short random id; `crypto.randomUUID` exists only on secure origins. */
export function newColumnUuid(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Appends the column unless the same one is already pinned (then the list is returned unchanged). */
export function addColumn(columns: Column[], spec: ColumnSpec, uuid = newColumnUuid()): Column[] {
  if (findColumn(columns, spec)) return columns;
  return [...columns, { id: spec.id, uuid, params: { ...spec.params } }];
}

export function removeColumn(columns: Column[], uuid: string): Column[] {
  return columns.filter((column) => column.uuid !== uuid);
}

/** Moves a column one place left (-1) or right (+1); at either end the list is returned unchanged. */
export function moveColumn(columns: Column[], uuid: string, direction: -1 | 1): Column[] {
  const from = columns.findIndex((column) => column.uuid === uuid);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= columns.length) return columns;
  const next = [...columns];
  [next[from], next[to]] = [next[to] as Column, next[from] as Column];
  return next;
}

const STATIC_PATHS: Record<string, ColumnType> = {
  home: 'home',
  'timelines/home': 'home',
  notifications: 'notifications',
  public: 'public',
  'public/local': 'community',
  'public/remote': 'remote',
  conversations: 'direct',
  'timelines/direct': 'direct',
  favourites: 'favourites',
  bookmarks: 'bookmarks',
  directory: 'directory',
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The column a routed path shows, if it can be pinned (`/deck` prefix or not); null otherwise. */
export function columnForPath(pathname: string): ColumnSpec | null {
  const path = pagePath(pathname).replace(/^\//, '').replace(/\/$/, '');
  const type = STATIC_PATHS[path];
  if (type) return { id: type, params: {} };
  const tag = /^(?:tags|timelines\/tag)\/([^/]+)$/.exec(path)?.[1];
  if (tag) return { id: 'hashtag', params: { id: safeDecode(tag) } };
  const list = /^(?:lists|timelines\/list)\/(\d+)$/.exec(path)?.[1];
  if (list) return { id: 'list', params: { id: list } };
  return null;
}

/** The pinned column a routed path shows again (`/deck/notifications` while Notifications is pinned), if any. */
export function pinnedColumnForPath(columns: Column[], pathname: string): Column | undefined {
  const spec = columnForPath(pathname);
  return spec ? findColumn(columns, spec) : undefined;
}
