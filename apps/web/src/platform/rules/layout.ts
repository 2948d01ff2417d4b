import type { LayoutSetting } from '@palchat/api';

/** What the app actually renders. `mobile` is a single column tuned for phones. */
export type LayoutMode = 'mobile' | 'single-column' | 'multi-column';

export const MOBILE_MAX_WIDTH = 630;
/** At this width or less the compose panel is hidden and `auto` picks the single column (SPEC §2, §9). */
export const COMPOSE_PANEL_MAX_HIDDEN_WIDTH = 1174;
/** Resize events are debounced this long before the automatic layout is re-evaluated (SPEC §9). */
export const LAYOUT_CHANGE_DEBOUNCE_MS = 500;

/**
 * An explicit layout setting wins, but the simple single column is the phone layout on a phone, as in Mastodon
 * (its `single-column` is the default); `auto` follows the window width.
 */
export function decideLayout(setting: LayoutSetting, width: number): LayoutMode {
  if (setting === 'single-column' && width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (setting !== 'auto') return setting;
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= COMPOSE_PANEL_MAX_HIDDEN_WIDTH) return 'single-column';
  return 'multi-column';
}

export function isSingleColumn(mode: LayoutMode): boolean {
  return mode !== 'multi-column';
}

export function isComposePanelVisible(width: number): boolean {
  return width > COMPOSE_PANEL_MAX_HIDDEN_WIDTH;
}
