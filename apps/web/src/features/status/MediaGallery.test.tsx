import type { InitialState, MediaAttachment, Status } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { InitialStateContext } from '../../platform/initial-state-context';
import english from '../../locales/en.json';
import { MediaGallery } from './MediaGallery';

const gif: MediaAttachment = {
  id: 'g',
  type: 'image',
  url: 'https://x.test/g.gif',
  preview_url: 'https://x.test/g_small.webp',
  remote_url: null,
  meta: { original: { width: 80, height: 60, duration: 1.2 } },
  description: 'A dancing cat',
  blurhash: null,
};
const video: MediaAttachment = {
  id: 'v',
  type: 'video',
  url: 'https://x.test/v.mp4',
  preview_url: 'https://x.test/v_small.webp',
  remote_url: null,
  meta: { original: { width: 1280, height: 720, duration: 10 } },
  description: null,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
};

function gallery(media: MediaAttachment[], autoplayGifs: boolean) {
  const state = {
    identity: { signedIn: true },
    settings: { displayMedia: 'default', expandSpoilers: false, autoplayGifs, reduceMotion: false },
  } as unknown as InitialState;
  const status = { id: '1', sensitive: false, media_attachments: media } as unknown as Status;
  return render(
    <IntlProvider locale="en" messages={english}>
      <InitialStateContext.Provider value={state}>
        <QueryClientProvider client={new QueryClient()}>
          <MediaGallery status={status} revealed onToggle={() => {}} />
        </QueryClientProvider>
      </InitialStateContext.Provider>
    </IntlProvider>,
  );
}

describe('media gallery tiles', () => {
  it('plays an animated GIF when GIFs autoplay, without the GIF badge', () => {
    const { container } = gallery([gif], true);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(gif.url);
    expect(container.querySelector('.media-gallery__badge--gif')).toBeNull();
  });

  it('shows its still preview with a GIF badge otherwise, and plays it while hovered', () => {
    const { container } = gallery([gif], false);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(gif.preview_url);
    expect(container.querySelector('.media-gallery__badge--gif')?.textContent).toBe('GIF');
    fireEvent.pointerEnter(img as HTMLImageElement);
    expect(img?.getAttribute('src')).toBe(gif.url);
    fireEvent.pointerLeave(img as HTMLImageElement);
    expect(img?.getAttribute('src')).toBe(gif.preview_url);
  });

  it('shows a video over its blurhash with the preview as poster', () => {
    const { container } = gallery([video], true);
    expect(container.querySelector('video')?.getAttribute('poster')).toBe(video.preview_url);
    expect(container.querySelector('canvas.media-gallery__blurhash')).not.toBeNull();
  });
});
