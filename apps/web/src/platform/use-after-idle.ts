import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser is idle (at most `timeoutMs` later on a busy page); returns the
 * cancellation. Code that the first screen does not need loads then, outside the page's first load.
 */
export function whenIdle(callback: () => void, timeoutMs = 1500): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(callback, 200);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/** True once the browser is idle after the first render (see whenIdle). */
export function useAfterIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
