import type { StateSnapshot } from 'react-virtuoso';

/**
 * Where a list was scrolled, by row key rather than by index: each measured row's key and height, and how far
 * the top of the view was below the top of the first row (what react-virtuoso's `StateSnapshot` holds).
 * Keyed rows survive what changes while the reader is away: one's own post added on top, a deleted post.
 */
export interface ListPosition {
  rows: { key: string; size: number }[];
  scrollTop: number;
}

export function listPosition(snapshot: StateSnapshot, keys: readonly string[]): ListPosition {
  const rows: ListPosition['rows'] = [];
  for (const range of snapshot.ranges) {
    // react-virtuoso's last range runs to Infinity
    const end = Math.min(range.endIndex, keys.length - 1);
    for (let index = range.startIndex; index <= end; index += 1) {
      const key = keys[index];
      if (key !== undefined) rows.push({ key, size: range.size });
    }
  }
  return { rows, scrollTop: snapshot.scrollTop };
}

/**
 * The first row at least partly in view that the list still has, and how far the top of the view was below
 * that row's top (negative when the row began lower, the rows above it having gone).
 */
function anchorRow(
  position: ListPosition,
  has: (key: string) => boolean,
): { key: string; offset: number } | null {
  let top = 0;
  for (const row of position.rows) {
    if (top + row.size > position.scrollTop && has(row.key))
      return { key: row.key, offset: position.scrollTop - top };
    top += row.size;
  }
  return null;
}

/**
 * The snapshot that shows the list's current rows (`keys`) with the same row at the same place as in
 * `position`: known rows keep their heights, rows that arrived since take the average one. Null when none of
 * the rows that were in view is left.
 */
export function restoredSnapshot(position: ListPosition, keys: readonly string[]): StateSnapshot | null {
  const sizes = new Map(position.rows.map((row) => [row.key, row.size]));
  const current = new Set(keys);
  const anchor = anchorRow(position, (key) => current.has(key));
  if (!anchor) return null;
  const estimate = position.rows.reduce((sum, row) => sum + row.size, 0) / position.rows.length;
  const ranges: StateSnapshot['ranges'] = [];
  let top = 0;
  let anchorTop = 0;
  keys.forEach((key, index) => {
    if (key === anchor.key) anchorTop = top;
    const size = sizes.get(key) ?? estimate;
    const last = ranges.at(-1);
    if (last && last.size === size) last.endIndex = index;
    else ranges.push({ startIndex: index, endIndex: index, size });
    top += size;
  });
  return { ranges, scrollTop: Math.max(0, anchorTop + anchor.offset) };
}
