import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths', () => {
    expect(safeRedirectPath('/notifications?x=1')).toBe('/notifications?x=1');
  });
  it('refuses other origins and protocol-relative URLs', () => {
    expect(safeRedirectPath('https://evil.example/')).toBe('/');
    expect(safeRedirectPath('//evil.example/')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
  });
  it('falls back when absent', () => {
    expect(safeRedirectPath(null, '/home')).toBe('/home');
  });
});
