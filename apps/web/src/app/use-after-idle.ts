import { useEffect, useState } from 'react';

/**
 * True once the browser is idle after the first render (at most `timeoutMs` later on a busy page): code that
 * the first screen does not need loads then, outside the page's first load.
 */
export function useAfterIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }, [timeoutMs]);
  return idle;
}
