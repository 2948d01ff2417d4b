import { describe, expect, it } from 'vitest';
import { applyThemeAttribute } from './use-theme';

describe('theme attribute', () => {
  it('names a chosen theme on the root and removes it to follow the system', () => {
    const root = document.createElement('html');
    applyThemeAttribute(root, 'dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    applyThemeAttribute(root, 'high-contrast');
    expect(root.getAttribute('data-theme')).toBe('high-contrast');
    applyThemeAttribute(root, 'system');
    expect(root.hasAttribute('data-theme')).toBe(false);
  });
});
