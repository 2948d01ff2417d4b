import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import catalogue from '../locales/en.json';
import { ConfirmDialog } from './ConfirmDialog';

/** An opener that shows the dialog on click, as the menus do. */
function Opener({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <IntlProvider locale="en" messages={catalogue}>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && (
        <ConfirmDialog
          title="Delete post?"
          confirmLabel="Delete"
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        >
          The post goes for good.
        </ConfirmDialog>
      )}
    </IntlProvider>
  );
}

function open() {
  const onConfirm = vi.fn();
  render(<Opener onConfirm={onConfirm} />);
  const opener = screen.getByRole('button', { name: 'Delete' });
  opener.focus();
  fireEvent.click(opener);
  return { onConfirm, opener, dialog: screen.getByRole('alertdialog') };
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title, described by its sentence, with Cancel focused', () => {
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('alertdialog', { name: 'Delete post?' })).toBe(dialog);
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('The post goes for good.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('runs the action once on confirm and closes', () => {
    const { dialog, onConfirm } = open();
    const confirm = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Delete')!;
    expect(confirm.className).toContain('button--danger');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does nothing on Cancel, Escape or a click outside, and gives focus back', () => {
    for (const dismiss of [
      () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
      () => fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' }),
      () => fireEvent.mouseDown(screen.getByRole('alertdialog').parentElement!),
    ]) {
      const { onConfirm, opener } = open();
      dismiss();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(onConfirm).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(opener);
      document.body.innerHTML = '';
    }
  });

  it('keeps Tab inside', () => {
    const { dialog } = open();
    const buttons = Array.from(dialog.querySelectorAll('button'));
    buttons.at(-1)!.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(buttons.at(-1));
  });
});
