import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirects.js';

describe('safeRedirectPath', () => {
  it('keeps paths of this server, with their query and fragment', () => {
    expect(safeRedirectPath('/notifications?x=1')).toBe('/notifications?x=1');
    const authorize =
      '/oauth/authorize?client_id=abc&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fcb&scope=read';
    expect(safeRedirectPath(authorize)).toBe(authorize);
    expect(safeRedirectPath('/@alice#top')).toBe('/@alice#top');
    expect(safeRedirectPath('/')).toBe('/');
    // a path on this host however its dot segments resolve ("//x" as a path, not as a host)
    expect(safeRedirectPath('/.//x')).toBe('/.//x');
    expect(safeRedirectPath('/ho\tme')).toBe('/home');
  });

  it('refuses other origins, however they are spelled', () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      '\x00//evil.example',
      'javascript:alert(1)',
      'evil.example',
    ]) {
      expect(safeRedirectPath(evil), JSON.stringify(evil)).toBe('/');
    }
  });

  it('falls back when absent or not text', () => {
    expect(safeRedirectPath(null, '/home')).toBe('/home');
    expect(safeRedirectPath(undefined, '/start')).toBe('/start');
    expect(safeRedirectPath(['/a'], '/home')).toBe('/home');
    expect(safeRedirectPath('', '/home')).toBe('/home');
  });
});
