import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/**
 * Closing one of the chat's popovers (emoji picker, reaction picker): a press outside it and its toggle closes it,
 * and so does Escape, which closes only this innermost popover. The key handler goes on an element around the
 * popover and its toggle; it marks the key handled, so the box does not also leave the chat (DockPane).
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
    close();
    toggle.current?.focus();
  };
}
