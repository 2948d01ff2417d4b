import { useEffect, useState } from 'react';
import { LAYOUT_CHANGE_DEBOUNCE_MS } from '../platform/rules/layout';

/** The window width, updated 500 ms after the last resize (SPEC §9 "Layout change debounce"). */
export function useDebouncedWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setWidth(window.innerWidth), LAYOUT_CHANGE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}
