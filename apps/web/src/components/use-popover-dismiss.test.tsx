import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePopoverDismiss } from './use-popover-dismiss';

/** A toggle and its popover, as the pickers use them, inside a container that also listens for Escape. */
function Picker({ onOuterEscape }: { onOuterEscape: () => void }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const dismiss = usePopoverDismiss(open, close, popover, toggle);
  return (
    <div onKeyDown={(event) => event.key === 'Escape' && onOuterEscape()}>
      <p>elsewhere</p>
      <div onKeyDown={dismiss}>
        <button ref={toggle} type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          Emoji
        </button>
        {open && (
          <div ref={popover} role="dialog" aria-label="picker">
            <button type="button">😀</button>
          </div>
        )}
      </div>
    </div>
  );
}

function setup() {
  const onOuterEscape = vi.fn();
  render(<Picker onOuterEscape={onOuterEscape} />);
  const toggle = screen.getByRole('button', { name: 'Emoji' });
  const picker = () => screen.queryByRole('dialog', { name: 'picker' });
  return { user: userEvent.setup(), toggle, picker, onOuterEscape };
}

describe('usePopoverDismiss', () => {
  it('closes on a press outside, not on a press inside', async () => {
    const { user, toggle, picker } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: '😀' }));
    expect(picker()).not.toBeNull();
    await user.click(screen.getByText('elsewhere'));
    expect(picker()).toBeNull();
  });

  it('toggles on a press on the trigger (the outside press does not close it first)', async () => {
    const { user, toggle, picker } = setup();
    await user.click(toggle);
    expect(picker()).not.toBeNull();
    await user.click(toggle);
    expect(picker()).toBeNull();
    await user.click(toggle);
    expect(picker()).not.toBeNull();
  });

  it('closes on Escape, returns focus to the trigger and keeps the key from what holds it', async () => {
    const { user, toggle, picker, onOuterEscape } = setup();
    await user.click(toggle);
    screen.getByRole('button', { name: '😀' }).focus();
    await user.keyboard('{Escape}');
    expect(picker()).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(onOuterEscape).not.toHaveBeenCalled();
    // closed, Escape is no longer the popover's
    await user.keyboard('{Escape}');
    expect(onOuterEscape).toHaveBeenCalledTimes(1);
  });

  it('leaves an Escape already handled inside (an inner popover) alone', () => {
    const { toggle, picker } = setup();
    act(() => toggle.click());
    const inner = screen.getByRole('button', { name: '😀' });
    inner.addEventListener('keydown', (event) => event.preventDefault());
    fireEvent.keyDown(inner, { key: 'Escape' });
    expect(picker()).not.toBeNull();
  });
});
