import { Suspense } from 'react';
import { lazyWithMessages } from '../platform/lazy-with-messages';
import { useInitialState } from '../platform/initial-state-context';
import HoverCardController from '../features/account/hover-card/HoverCardController';
import UploadOverlay from '../features/compose/UploadOverlay';
import KeyboardController from '../features/keyboard/KeyboardController';
import NotificationStream from '../features/notifications/NotificationStream';
import { useHashtagMenu } from '../features/status/hashtag-menu-store';
import { usePlayer } from '../features/status/player-store';

// the parts every page shows load with the layer itself (one request); these two when first opened
const HashtagMenu = lazyWithMessages(() => import('../features/status/HashtagMenu'));
const PictureInPicture = lazyWithMessages(() => import('../features/status/PictureInPicture'));

/**
 * Page-wide social pieces (SPEC §1 "Also present"): keyboard shortcuts, hover cards, hashtag popup,
 * picture-in-picture player, drag-and-drop upload overlay and live notifications. Loaded after the first
 * render, as one chunk; the popup and the player load only when first opened, the hover card on the first hover.
 */
export default function SocialLayer() {
  const { identity } = useInitialState();
  const hashtagMenuOpen = useHashtagMenu() !== null;
  const playerOpen = usePlayer() !== null;
  return (
    <Suspense fallback={null}>
      <KeyboardController />
      <HoverCardController />
      {hashtagMenuOpen && <HashtagMenu />}
      {playerOpen && <PictureInPicture />}
      {identity.signedIn && (
        <>
          <UploadOverlay />
          <NotificationStream />
        </>
      )}
    </Suspense>
  );
}
