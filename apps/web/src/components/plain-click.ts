import type { MouseEvent } from 'react';

/** A plain primary click: ctrl/meta/shift/alt and middle clicks keep a link's own meaning (a new tab, a download). */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}
