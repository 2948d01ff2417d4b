import './compose.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { composeDraftStore } from '../../platform/stores/compose-draft';
import { PathIcon } from '../../components/SocialIcon';
import { focusCompose } from '../status';
import { composeExtrasStore } from './compose-extras';
import { addMediaFiles } from './add-media';
import { dropUploadRefusal, mediaKinds } from './compose-rules';
import { useMediaLimits } from './media-limits';

const UPLOAD = 'M9 16h6v-6h4l-7-7-7 7h4zm-4 2h14v2H5z';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** SPEC §1/§5: a full-window drop target for attachments, only when the rules of §5 allow an upload. */
export default function UploadOverlay() {
  const t = useT();
  const navigate = useNavigate();
  const { identity } = useInitialState();
  const { max: maxAttachments, supportedTypes, sizeLimits } = useMediaLimits();
  const [visible, setVisible] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    // new files and the attachments kept from an edit or a re-draft count alike
    const attached = () =>
      mediaKinds([...composeExtrasStore.get().attached, ...composeDraftStore.get().media]);
    const allowed = () =>
      dropUploadRefusal({ signedIn: identity.signedIn, attached: attached(), maxAttachments }) === null;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event) || !allowed()) return;
      depth.current += 1;
      setVisible(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setVisible(false);
    };
    const onOver = (event: DragEvent) => {
      if (carriesFiles(event) && allowed()) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      depth.current = 0;
      setVisible(false);
      if (!carriesFiles(event) || !allowed()) return;
      event.preventDefault();
      addMediaFiles(Array.from(event.dataTransfer?.files ?? []), {
        max: maxAttachments,
        supportedTypes,
        sizeLimits,
      });
      if (!focusCompose()) navigate('/publish');
    };
    document.addEventListener('dragenter', onEnter);
    document.addEventListener('dragleave', onLeave);
    document.addEventListener('dragover', onOver);
    document.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('dragenter', onEnter);
      document.removeEventListener('dragleave', onLeave);
      document.removeEventListener('dragover', onOver);
      document.removeEventListener('drop', onDrop);
    };
  }, [identity.signedIn, maxAttachments, supportedTypes, sizeLimits, navigate]);

  if (!visible) return null;
  return (
    <div className="upload-overlay" data-testid="upload-overlay" aria-live="polite">
      <div className="upload-overlay__box">
        <PathIcon path={UPLOAD} size={48} />
        <p>{t('upload.drop_here')}</p>
      </div>
    </div>
  );
}
