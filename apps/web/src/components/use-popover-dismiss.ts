import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/**
 * Closing a popover opened by a toggle button (the composers' emoji pickers, the chat's reaction picker): a press
 * outside the popover and its toggle closes it (a press on the toggle is left to its own click, which toggles),
 * and so does Escape, which then returns focus to the toggle. The key handler goes on an element around the popover
 * and its toggle (or on each). Escape closes only this innermost popover: the key is marked handled and goes no
 * further, so neither the message box (DockPane) nor a dialog around the form (Modal) also closes.
 */
export function usePopoverDismiss(
  open: boolean,
  close: () => void,
  inside: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
): (event: KeyboardEvent) => void {
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!inside.current?.contains(target) && !toggle.current?.contains(target)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, close, inside, toggle]);

  return (event) => {
    if (!open || event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    close();
    toggle.current?.focus();
  };
}
