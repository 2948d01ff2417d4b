import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea, select, video[controls], audio[controls], [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus into `container` on mount (its `[data-autofocus]` element, else its first focusable one, else the
 * container itself) and gives it back on unmount to the element that had it when the container first rendered.
 * Focus that something inside already took (a form focusing its own field) stays where it is: the effects of
 * what the container holds may run before or after this one.
 */
export function useFocusInside(container: RefObject<HTMLElement | null>): void {
  const [previous] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    const element = container.current;
    if (!element?.contains(document.activeElement)) {
      const target =
        element?.querySelector<HTMLElement>('[data-autofocus]') ??
        element?.querySelector<HTMLElement>(FOCUSABLE);
      (target ?? element)?.focus();
    }
    return () => previous?.focus();
  }, [container, previous]);
}

/** Keeps Tab and Shift+Tab cycling inside `container`. Call from the container's keydown handler. */
export function trapTab(event: KeyboardEvent, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
