import { Suspense } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { useInitialState } from '../../platform/initial-state-context';
import { LoadingIndicator } from '../../components/States';

const ComposeForm = lazyWithMessages(() => import('../../features/compose/ComposeForm'));
const ServerBanner = lazyWithMessages(() => import('../../features/about/ServerBanner'));

/** The left panel: the compose form when signed in, the server banner for visitors (SPEC §1). */
export function ComposePanel() {
  const { identity } = useInitialState();
  return (
    <aside className="compose-panel" data-testid="compose-panel">
      <Suspense fallback={<LoadingIndicator inline />}>
        {identity.signedIn ? <ComposeForm /> : <ServerBanner />}
      </Suspense>
    </aside>
  );
}
