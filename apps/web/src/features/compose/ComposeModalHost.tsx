import { lazy, Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { registerComposeModalHost, useComposeModalOpen } from './compose-session';

const ComposeModal = lazy(() => import('./ComposeModal'));

/**
 * Where the compose modal appears (on <body>, above the layout's stacking contexts and the message box);
 * its code loads when it first opens.
 */
export function ComposeModalHost() {
  const open = useComposeModalOpen();
  useEffect(() => registerComposeModalHost(), []);
  return open
    ? createPortal(
        <Suspense fallback={null}>
          <ComposeModal />
        </Suspense>,
        document.body,
      )
    : null;
}
