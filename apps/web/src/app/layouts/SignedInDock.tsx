import { lazy, Suspense, useEffect, useState } from 'react';
import { useInitialState } from '../initial-state-context';

const MessageDock = lazy(() => import('../../features/messages'));

/** Resolves once the browser is idle after the first render (with a ceiling, for busy pages). */
function useAfterFirstIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}

/**
 * Mount point for panels docked over the signed-in layouts. The message box (SPEC §2 "Message box",
 * apps/web/src/features/messages/) is rendered here: both layouts render <SignedInDock /> only for
 * signed-in users, so signed-out visitors never get one (SPEC §1). It loads once the page is idle, so its
 * code (and the virtualizer's) stays out of the page's first load.
 */
export function SignedInDock() {
  const { identity, accessToken } = useInitialState();
  const idle = useAfterFirstIdle(1500);
  if (!identity.signedIn || !identity.accountId || !idle) return null;
  return (
    <Suspense fallback={null}>
      <MessageDock accountId={identity.accountId} accessToken={accessToken} />
    </Suspense>
  );
}
