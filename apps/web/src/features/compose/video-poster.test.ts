import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureVideoPoster } from './video-poster';

/**
 * jsdom decodes no media: the stubs stand in for a browser that loads a 1920×1080, 5 s clip (or fails to),
 * seeks when asked, and draws on canvases.
 */
const restore: Array<() => void> = [];
function override<T extends object>(target: T, name: string, descriptor: PropertyDescriptor): void {
  const previous = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { configurable: true, ...descriptor });
  restore.push(() =>
    previous ? Object.defineProperty(target, name, previous) : Reflect.deleteProperty(target, name),
  );
}

const later = (element: EventTarget, type: string) =>
  window.setTimeout(() => element.dispatchEvent(new Event(type)), 0);

let seekedTo: number | null;
let drawn: { width: number; height: number } | null;

function browser(opens: boolean): void {
  override(URL, 'createObjectURL', { value: () => 'blob:clip' });
  override(URL, 'revokeObjectURL', { value: () => undefined });
  override(HTMLMediaElement.prototype, 'load', { value: () => undefined });
  override(HTMLMediaElement.prototype, 'src', {
    set(this: HTMLMediaElement, value: string) {
      this.setAttribute('src', value);
      later(this, opens ? 'loadeddata' : 'error');
    },
    get(this: HTMLMediaElement) {
      return this.getAttribute('src') ?? '';
    },
  });
  override(HTMLMediaElement.prototype, 'duration', { get: () => 5 });
  override(HTMLMediaElement.prototype, 'currentTime', {
    set(this: HTMLMediaElement, value: number) {
      seekedTo = value;
      later(this, 'seeked');
    },
    get: () => seekedTo ?? 0,
  });
  override(HTMLVideoElement.prototype, 'videoWidth', { get: () => 1920 });
  override(HTMLVideoElement.prototype, 'videoHeight', { get: () => 1080 });
  override(HTMLCanvasElement.prototype, 'getContext', {
    value(this: HTMLCanvasElement) {
      return { drawImage: () => (drawn = { width: this.width, height: this.height }) };
    },
  });
  override(HTMLCanvasElement.prototype, 'toBlob', {
    value: (callback: BlobCallback, type: string) => callback(new Blob(['jpeg'], { type })),
  });
}

describe('captureVideoPoster', () => {
  beforeEach(() => {
    seekedTo = null;
    drawn = null;
  });
  afterEach(() => {
    for (const undo of restore.splice(0).reverse()) undo();
    vi.useRealTimers();
  });

  it('seeks to 0.1 s and answers the frame as a JPEG of at most 1280 px, leaving nothing behind', async () => {
    browser(true);
    const poster = await captureVideoPoster(new Blob(['video'], { type: 'video/mp4' }));
    expect(poster?.type).toBe('image/jpeg');
    expect(seekedTo).toBe(0.1);
    expect(drawn).toEqual({ width: 1280, height: 720 });
    expect(document.querySelector('video')).toBeNull();
  });

  it('answers null when the file cannot be decoded, or takes too long', async () => {
    browser(false);
    expect(await captureVideoPoster(new Blob(['junk']))).toBeNull();
    for (const undo of restore.splice(0).reverse()) undo();

    browser(true);
    override(HTMLMediaElement.prototype, 'src', { set: () => undefined, get: () => '' });
    vi.useFakeTimers();
    const pending = captureVideoPoster(new Blob(['slow']), 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toBeNull();
    expect(drawn).toBeNull();
    expect(document.querySelector('video')).toBeNull();
  });
});
