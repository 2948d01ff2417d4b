import { lazy, Suspense } from 'react';
import { useInitialState } from '../app/initial-state-context';

const KeyboardController = lazy(() => import('../features/keyboard/KeyboardController'));
const HoverCardController = lazy(() => import('../features/account/hover-card/HoverCardController'));
const HashtagMenu = lazy(() => import('../features/status/HashtagMenu'));
const PictureInPicture = lazy(() => import('../features/status/PictureInPicture'));
const UploadOverlay = lazy(() => import('../features/compose/UploadOverlay'));
const NotificationStream = lazy(() => import('../features/notifications/NotificationStream'));

/**
 * Page-wide social pieces (SPEC §1 "Also present"): keyboard shortcuts, hover cards, hashtag popup,
 * picture-in-picture player, drag-and-drop upload overlay and live notifications. Loaded as its own chunk
 * after the first render, so the first load does not grow.
 */
export default function SocialLayer() {
  const { identity } = useInitialState();
  return (
    <Suspense fallback={null}>
      <KeyboardController />
      <HoverCardController />
      <HashtagMenu />
      <PictureInPicture />
      {identity.signedIn && (
        <>
          <UploadOverlay />
          <NotificationStream />
        </>
      )}
    </Suspense>
  );
}
