import { useLayoutEffect, useState, type RefObject } from 'react';

/** How many columns a CSS grid lays out (an auto-fill grid has as many as its width holds); `fallback` unmeasured. */
export function useGridColumns(grid: RefObject<HTMLElement | null>, fallback: number): number {
  const [columns, setColumns] = useState(fallback);
  useLayoutEffect(() => {
    const element = grid.current;
    if (!element) return undefined;
    const measure = () => {
      const tracks = getComputedStyle(element).gridTemplateColumns.split(' ').filter(Boolean).length;
      if (tracks > 0) setColumns(tracks);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [grid]);
  return columns;
}
