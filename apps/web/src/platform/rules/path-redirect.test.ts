import { describe, expect, it } from 'vitest';
import { pagePath, pathRedirect } from './path-redirect';

describe('pathRedirect', () => {
  it('redirects /timelines/public to /public in any layout', () => {
    expect(pathRedirect('/timelines/public', 'single-column')).toBe('/public');
    expect(pathRedirect('/timelines/public', 'multi-column')).toBe('/public');
  });
  it('redirects /timelines/public/local to /public/local', () => {
    expect(pathRedirect('/timelines/public/local', 'mobile')).toBe('/public/local');
  });
  it('strips the /deck prefix in single-column', () => {
    expect(pathRedirect('/deck/getting-started', 'single-column')).toBe('/getting-started');
    expect(pathRedirect('/deck/@alice/123', 'mobile')).toBe('/@alice/123');
    expect(pathRedirect('/deck', 'single-column')).toBe('/');
  });
  it('leaves other single-column paths alone', () => {
    expect(pathRedirect('/home', 'single-column')).toBeNull();
  });
  it('sends /getting-started and /home to /deck/getting-started in multi-column', () => {
    expect(pathRedirect('/getting-started', 'multi-column')).toBe('/deck/getting-started');
    expect(pathRedirect('/home', 'multi-column')).toBe('/deck/getting-started');
    expect(pathRedirect('/home/', 'multi-column')).toBe('/deck/getting-started');
  });
  it('leaves other multi-column paths alone', () => {
    expect(pathRedirect('/deck/getting-started', 'multi-column')).toBeNull();
    expect(pathRedirect('/notifications', 'multi-column')).toBeNull();
  });
});

describe('pagePath', () => {
  it('names a deck path and its single-column twin as one page', () => {
    expect(pagePath('/deck/notifications')).toBe('/notifications');
    expect(pagePath('/deck')).toBe('/');
    expect(pagePath('/notifications')).toBe('/notifications');
    expect(pagePath('/deckhand')).toBe('/deckhand');
  });
});
