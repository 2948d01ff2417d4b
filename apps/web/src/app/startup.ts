import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useFollowRequests, useInstance, useLists } from '../api/queries';
import { useInitialState } from '../platform/initial-state-context';
import { shouldWarnBeforeLeaving } from '../platform/rules/leave-page';
import { interpretServiceWorkerMessage } from '../platform/rules/service-worker-message';
import { composeDraftStore } from '../platform/stores/compose-draft';
import { trackWindowFocus } from '../platform/stores/window-focus';
import { useAfterIdle, whenIdle } from '../platform/use-after-idle';

/** SPEC §7: server info is loaded, then refreshed 3 s after load. */
export const INSTANCE_REFRESH_DELAY_MS = 3000;
export const LEAVE_PAGE_WARNING = 'Your draft will be lost if you leave the product.';

function useInstanceRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void client.invalidateQueries({ queryKey: queryKeys.instance }),
      INSTANCE_REFRESH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [client]);
}

function useServiceWorker(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const action = interpretServiceWorkerMessage(event.data);
      if (action.kind === 'navigate') void navigate(action.path);
      else console.warn('Unknown message type', action.data);
    };
    container.addEventListener('message', onMessage);
    // once the first screen is done: starting the worker costs the page's load a thread's work
    const cancelRegistration = whenIdle(() => {
      container.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
        console.info('Service worker registration failed:', error);
      });
    });
    return () => {
      cancelRegistration();
      container.removeEventListener('message', onMessage);
    };
  }, [navigate]);
}

function useLeavePageWarning(): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldWarnBeforeLeaving(composeDraftStore.get())) return;
      event.preventDefault();
      // Browsers show their own wording; the text is kept for those that still display it.
      event.returnValue = LEAVE_PAGE_WARNING;
      return LEAVE_PAGE_WARNING;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}

/** Everything the client does once at start-up (SPEC §7 "Start-up", §4 "Page"). */
export function useStartup(): void {
  const { identity } = useInitialState();
  const instance = useInstance();
  useLists();
  useFollowRequests();
  useInstanceRefresh();
  useServiceWorker();
  useLeavePageWarning();
  useEffect(() => trackWindowFocus(), []);
  const vapidKey = instance.data?.configuration?.vapid?.public_key;
  // push registration is its own chunk, loaded once the first screen is done
  const idle = useAfterIdle();
  useEffect(() => {
    if (idle && identity.signedIn)
      void import('../platform/push').then(({ registerPush }) => registerPush(vapidKey));
  }, [idle, identity.signedIn, vapidKey]);
}
