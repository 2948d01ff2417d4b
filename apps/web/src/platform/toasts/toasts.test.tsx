import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, TOAST_MS, useToast, type ShowToast } from './';
import { ToastList } from './ToastList';
import { withMessages } from '../lazy-with-messages';
import english from '../../locales/en.json';

let show: ShowToast = () => undefined;
let showInBox: ShowToast = () => undefined;

function Shower() {
  show = useToast();
  showInBox = useToast('box');
  return null;
}

/** The page's list loads with its first toast (a lazy chunk): let it arrive. */
async function pageListLoaded() {
  await act(async () => {
    await withMessages(() => import('./ToastList'));
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  });
}

function renderToasts() {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <ToastProvider>
        <Shower />
        <section aria-label="Box">
          <ToastList region="box" />
        </section>
      </ToastProvider>
    </IntlProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a typed message with a close button, gone after 3 s', async () => {
    renderToasts();
    act(() => show('error', 'It failed'));
    await pageListLoaded();
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('It failed');
    act(() => show('success', 'Done'));
    fireEvent.click(screen.getByRole('status').querySelector('button') as HTMLElement);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(TOAST_MS);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a toast in its own region only, at most three at once, with its action', async () => {
    renderToasts();
    const undo = vi.fn();
    act(() => {
      for (const text of ['one', 'two', 'three', 'four']) showInBox('info', text);
      show('info', 'Post deleted', { label: 'Undo', onClick: undo });
    });
    await pageListLoaded();
    const region = screen.getByRole('region', { name: 'Box' });
    expect([...region.querySelectorAll('.toast__text')].map((n) => n.textContent)).toEqual(['three', 'four']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Post deleted')).toBeNull();
  });
});
