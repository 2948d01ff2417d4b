import { createContext, useContext } from 'react';
import type { LayoutMode } from './rules/layout';

export const LayoutModeContext = createContext<LayoutMode>('single-column');

export function useLayoutMode(): LayoutMode {
  return useContext(LayoutModeContext);
}

/** The element a column scrolls in (multi-column), or null when the window scrolls (single-column). */
export const ScrollParentContext = createContext<HTMLElement | null>(null);

export function useScrollParent(): HTMLElement | null {
  return useContext(ScrollParentContext);
}
