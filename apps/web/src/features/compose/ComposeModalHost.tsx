import { Suspense, useEffect } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { registerComposeModalHost, useComposeModalOpen } from './compose-session';

const ComposeModal = lazyWithMessages(() => import('./ComposeModal'));

/** Where the compose modal appears; its code loads when it first opens. */
export function ComposeModalHost() {
  const open = useComposeModalOpen();
  useEffect(() => registerComposeModalHost(), []);
  return open ? (
    <Suspense fallback={null}>
      <ComposeModal />
    </Suspense>
  ) : null;
}
