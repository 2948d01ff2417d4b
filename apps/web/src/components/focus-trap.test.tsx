import { render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusInside } from './focus-trap';

/** A field that focuses itself when it mounts, before the dialog's own effect runs (as under preact/compat). */
function SelfFocusingField() {
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => field.current?.focus(), []);
  return <textarea ref={field} aria-label="text" />;
}

function Dialog({ children }: { children: React.ReactNode }) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusInside(dialog);
  return (
    <div ref={dialog} role="dialog">
      <button type="button">close</button>
      {children}
    </div>
  );
}

function openFrom(opener: HTMLElement, dialog: React.ReactNode) {
  opener.focus();
  return render(dialog);
}

describe('useFocusInside', () => {
  it('focuses the [data-autofocus] element, else the first focusable one', () => {
    const marked = render(
      <Dialog>
        <input aria-label="name" data-autofocus />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('name'));
    marked.unmount();
    render(<Dialog>{null}</Dialog>);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'close' }));
  });

  it('leaves focus that something inside took before it, and gives it back to the opener on close', () => {
    const opener = document.body.appendChild(document.createElement('button'));
    const view = openFrom(
      opener,
      <Dialog>
        <SelfFocusingField />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('text'));
    view.unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
