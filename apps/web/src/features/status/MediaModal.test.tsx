import type { InitialState, MediaAttachment, Status } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { InitialStateContext } from '../../platform/initial-state-context';
import english from '../../locales/en.json';
import { MediaGallery } from './MediaGallery';
import MediaModal from './MediaModal';
import { openInPlayer, playerStore } from './player-store';

function attachment(id: string, type: MediaAttachment['type'], description: string | null): MediaAttachment {
  return {
    id,
    type,
    url: `https://x.test/${id}.original`,
    preview_url: `https://x.test/${id}.small`,
    remote_url: null,
    meta: { original: { width: 800, height: 600 }, focus: { x: 0.5, y: 0.5 } },
    description,
    blurhash: null,
  };
}

function statusWith(media: MediaAttachment[]): Status {
  return {
    id: '9',
    language: 'en',
    sensitive: false,
    media_attachments: media,
    account: { acct: 'alice', username: 'alice', display_name: 'Alice' },
  } as unknown as Status;
}

const photos = statusWith([
  attachment('a', 'image', 'A red kite over the hill'),
  attachment('b', 'image', 'Two swans on a lake'),
  attachment('c', 'video', null),
]);

const state = {
  identity: { signedIn: true },
  settings: { displayMedia: 'default', expandSpoilers: false, autoplayGifs: true, reduceMotion: false },
} as unknown as InitialState;

/** The providers a status card has: messages, the page's state (reading settings) and the query cache. */
function inIntl(children: React.ReactNode) {
  return (
    <IntlProvider locale="en" messages={english}>
      <InitialStateContext.Provider value={state}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>{children}</MemoryRouter>
        </QueryClientProvider>
      </InitialStateContext.Provider>
    </IntlProvider>
  );
}

function renderViewer(index = 0) {
  const closed = { count: 0 };
  const view = render(
    inIntl(
      <MediaModal
        media={photos.media_attachments}
        index={index}
        postPath={`/@${photos.account.acct}/${photos.id}`}
        onPopOut={(media, time) => openInPlayer(media, photos, time)}
        onClose={() => (closed.count += 1)}
      />,
    ),
  );
  return { view, closed, dialog: screen.getByRole('dialog', { name: 'Media viewer' }) };
}

describe('media viewer', () => {
  afterEach(() => playerStore.set(null));

  it('zooms a picture on a double click and with the zoom button, and offers download and the post', () => {
    renderViewer(0);
    const image = screen.getByRole('img', { name: 'A red kite over the hill' });
    expect(image.dataset.scale).toBe('1.00');
    fireEvent.doubleClick(image);
    expect(image.dataset.scale).toBe('2.00');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(image.dataset.scale).toBe('1.00');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(image.dataset.scale).toBe('2.00');
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      'https://x.test/a.original',
    );
    expect(screen.getByRole('link', { name: 'View post' }).getAttribute('href')).toBe('/@alice/9');
  });

  it('shows the original with its description and counter, and goes through with ←/→ and the buttons', () => {
    const { dialog } = renderViewer(0);
    expect(dialog.textContent).toContain('1 / 3');
    const image = screen.getByRole('img', { name: 'A red kite over the hill' });
    expect(image.getAttribute('src')).toBe('https://x.test/a.original');
    expect(screen.getByRole('link', { name: 'Open original' }).getAttribute('href')).toBe(
      'https://x.test/a.original',
    );

    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(dialog.textContent).toContain('2 / 3');
    expect(dialog.textContent).toContain('Two swans on a lake');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(dialog.textContent).toContain('3 / 3');
    expect(dialog.querySelector('video[controls]')?.getAttribute('src')).toBe('https://x.test/c.original');

    // past the last one comes the first again, and back
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(dialog.textContent).toContain('1 / 3');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(dialog.textContent).toContain('3 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(dialog.textContent).toContain('2 / 3');
  });

  it('goes to the neighbour on a horizontal touch swipe, not on a mouse drag', () => {
    const { dialog } = renderViewer(0);
    const stage = dialog.querySelector('.media-viewer__stage') ?? dialog;
    fireEvent.pointerDown(stage, { pointerType: 'mouse', clientX: 300 });
    fireEvent.pointerUp(stage, { pointerType: 'mouse', clientX: 100 });
    expect(dialog.textContent).toContain('1 / 3');
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 100 });
    expect(dialog.textContent).toContain('2 / 3');
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 320 });
    expect(dialog.textContent).toContain('1 / 3');
  });

  it('goes the other way in a right-to-left page: ← and a rightward swipe bring the next one', () => {
    document.documentElement.style.direction = 'rtl';
    try {
      const { dialog } = renderViewer(0);
      fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
      expect(dialog.textContent).toContain('2 / 3');
      fireEvent.keyDown(dialog, { key: 'ArrowRight' });
      expect(dialog.textContent).toContain('1 / 3');
      const stage = dialog.querySelector('.media-viewer__stage') ?? dialog;
      fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100 });
      fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 320 });
      expect(dialog.textContent).toContain('2 / 3');
    } finally {
      document.documentElement.style.direction = '';
    }
  });

  it('has no counter nor arrows for a single attachment', () => {
    render(inIntl(<MediaModal media={[attachment('a', 'image', null)]} index={0} onClose={() => {}} />));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('dialog').textContent).not.toContain('1 / 1');
  });

  it('closes with Escape, the close button and a click beside the media, not on the media', () => {
    const { dialog, closed } = renderViewer(0);
    fireEvent.click(screen.getByRole('img', { name: 'A red kite over the hill' }));
    expect(closed.count).toBe(0);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closed.count).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed.count).toBe(2);
    fireEvent.click(dialog.querySelector('.media-viewer__stage') ?? dialog);
    expect(closed.count).toBe(3);
  });

  it('focuses its close button, keeps Tab inside, and gives focus back when it goes', () => {
    render(<button type="button">tile</button>);
    const tile = screen.getByRole('button', { name: 'tile' });
    tile.focus();
    const viewer = render(
      inIntl(<MediaModal media={photos.media_attachments} index={0} onClose={() => {}} />),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    // the side arrows come last: Tab from "Next" wraps to the first control, Shift+Tab back
    const next = screen.getByRole('button', { name: 'Next' });
    const first = screen.getByRole('button', { name: 'Zoom in' });
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
    viewer.unmount();
    expect(document.activeElement).toBe(tile);
  });

  it('pops a video out into the picture-in-picture player', () => {
    renderViewer(2);
    fireEvent.click(screen.getByRole('button', { name: 'Pop out' }));
    expect(playerStore.get()).toMatchObject({ statusId: '9', acct: 'alice', media: { id: 'c' } });
  });

  it('offers no pop-out where nothing can play on (a chat message’s media)', () => {
    render(inIntl(<MediaModal media={photos.media_attachments} index={2} onClose={() => {}} />));
    expect(screen.queryByRole('button', { name: 'Pop out' })).toBeNull();
  });
});

describe('media gallery', () => {
  function renderGallery(status: Status, revealed = true) {
    return render(inIntl(<MediaGallery status={status} revealed={revealed} onToggle={() => {}} />));
  }

  it('opens the viewer on a plain click of a tile, at that tile; modified clicks keep the link', async () => {
    const view = renderGallery(photos);
    const second = screen.getByRole('link', { name: 'Two swans on a lake' });
    expect(second.getAttribute('href')).toBe('https://x.test/b.original');
    fireEvent.click(second, { button: 0, ctrlKey: true });
    fireEvent.click(second, { button: 0, metaKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(second, { button: 0 });
    const dialog = await screen.findByRole('dialog', { name: 'Media viewer' });
    expect(dialog.textContent).toContain('2 / 3');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    view.unmount();
  });

  it('marks the first tile of any kind for the `e` shortcut, also while covered', async () => {
    for (const type of ['image', 'video', 'gifv', 'audio'] as const) {
      const view = renderGallery(statusWith([attachment('x', type, null), attachment('y', 'image', null)]));
      const marked = view.container.querySelectorAll('[data-action="open-media"]');
      expect(marked).toHaveLength(1);
      expect(marked[0]?.closest('.media-gallery__item')?.className).toContain(`--${type}`);
      view.unmount();
    }
    const covered = renderGallery(photos, false);
    const hook = covered.container.querySelector<HTMLElement>('[data-action="open-media"]');
    await act(async () => hook?.click());
    expect((await screen.findByRole('dialog')).textContent).toContain('1 / 3');
  });

  it('shows an ALT badge on described tiles whose click shows the description', () => {
    const view = renderGallery(photos);
    const badges = screen.getAllByRole('button', { name: 'ALT' });
    expect(badges).toHaveLength(2);
    fireEvent.click(badges[1] ?? document.body);
    expect(badges[1]?.getAttribute('aria-expanded')).toBe('true');
    expect(view.container.querySelector('.media-gallery__alt-text')?.textContent).toBe('Two swans on a lake');
    fireEvent.keyDown(badges[1] ?? document.body, { key: 'Escape' });
    expect(view.container.querySelector('.media-gallery__alt-text')).toBeNull();
  });

  it('crops around the focal point', () => {
    renderGallery(photos);
    const image = screen.getByRole('img', { name: 'A red kite over the hill' });
    expect(image.style.objectPosition).toBe('75% 25%');
  });
});
