import { Suspense } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { ComposeModalHost } from '../../features/compose/ComposeModalHost';
import { useInitialState } from '../../platform/initial-state-context';
import { useMessageBoxRequests } from '../../platform/message-box-request';
import { useAfterIdle } from '../../platform/use-after-idle';

// the box's texts (messages.*) are in the rest of the catalogue, which lazyWithMessages waits for
const MessageDock = lazyWithMessages(() => import('../../features/messages/MessageDock'));

/**
 * Mount point for panels docked over the signed-in layouts. The message box (SPEC §2 "Message box",
 * apps/web/src/features/messages/) is rendered here: both layouts render <SignedInDock /> only for
 * signed-in users, so signed-out visitors never get one (SPEC §1). It loads once the page is idle, so its
 * code (and the virtualizer's) stays out of the page's first load. The compose modal's host sits here too:
 * replies, mentions and edits open it when no compose panel is on screen. A request to open the box (the phone's
 * Messages tab) loads it at once.
 */
export function SignedInDock() {
  const { identity, accessToken } = useInitialState();
  const idle = useAfterIdle();
  const requested = useMessageBoxRequests() > 0;
  if (!identity.signedIn || !identity.accountId) return null;
  return (
    <>
      <ComposeModalHost />
      {(idle || requested) && (
        <Suspense fallback={null}>
          <MessageDock accountId={identity.accountId} accessToken={accessToken} />
        </Suspense>
      )}
    </>
  );
}
