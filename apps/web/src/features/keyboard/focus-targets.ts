/** Where the keyboard shortcuts act on the page: columns, statuses and content warnings (DOM only, no React). */

export const STATUS_SELECTOR = 'article.status[data-status-id]';
const COLUMN_SELECTOR = '.column';
// the deck's compose drawer is a column too, but Mastodon's 1-9 count the timeline columns only
const DRAWER_CLASS = 'column--drawer';

/** The timeline columns, left to right: top-level columns except the compose drawer. */
export function timelineColumns(root: ParentNode = document): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(COLUMN_SELECTOR)).filter(
    (column) =>
      !column.classList.contains(DRAWER_CLASS) && column.parentElement?.closest(COLUMN_SELECTOR) === null,
  );
}

/** The top-level column holding `element`, if any. */
export function columnOf(element: Element | null): HTMLElement | null {
  let column = element?.closest<HTMLElement>(COLUMN_SELECTOR) ?? null;
  while (column?.parentElement?.closest(COLUMN_SELECTOR))
    column = column.parentElement.closest(COLUMN_SELECTOR);
  return column;
}

export function focusedStatus(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.closest<HTMLElement>(STATUS_SELECTOR) : null;
}

/** The column the reader is in: the one holding the focus, else the first timeline column. */
export function currentColumn(root: ParentNode = document): HTMLElement | null {
  const active = document.activeElement;
  const column = active && active !== document.body ? columnOf(active) : null;
  if (column && !column.classList.contains(DRAWER_CLASS)) return column;
  return timelineColumns(root)[0] ?? null;
}

/**
 * The status j/k (down/up) lead to: the next or previous one in the column of the focused status, never
 * crossing into a neighbouring column; the column's first status when none is focused.
 */
export function adjacentStatus(step: 1 | -1, root: ParentNode = document): HTMLElement | null {
  const current = focusedStatus();
  const scope = current ? (columnOf(current) ?? root) : (currentColumn(root) ?? root);
  const statuses = Array.from(scope.querySelectorAll<HTMLElement>(STATUS_SELECTOR));
  const index = current ? statuses.indexOf(current) : -1;
  if (index === -1) return statuses[0] ?? null;
  return statuses[Math.min(statuses.length - 1, Math.max(0, index + step))] ?? null;
}

/**
 * Mastodon's "show/hide all content warnings" of a column: when any is closed, the closed ones open;
 * when all are open, they all close. Answers the toggles to click.
 */
export function spoilerTogglesToClick(column: ParentNode): HTMLElement[] {
  const toggles = Array.from(column.querySelectorAll<HTMLElement>('[data-action="toggle-hidden"]'));
  const closed = toggles.filter((toggle) => toggle.getAttribute('aria-expanded') !== 'true');
  return closed.length > 0 ? closed : toggles;
}
