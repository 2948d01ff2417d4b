import type { ThemeSetting } from '@palchat/api';
import { useEffect } from 'react';
import { useCachedSettings } from '../../api/queries';

/**
 * Marks <html> with the chosen theme, as the server does on the page it sends (apps/server/src/web/page.ts);
 * "system" leaves it unmarked, so the stylesheet's `light-dark()` colours follow the system live.
 */
export function applyThemeAttribute(root: HTMLElement, theme: ThemeSetting): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Keeps <html>'s theme in step with the setting, so a change on /settings/preferences shows at once. */
export function useThemeAttribute(): void {
  const { theme } = useCachedSettings();
  useEffect(() => {
    applyThemeAttribute(document.documentElement, theme);
  }, [theme]);
}
