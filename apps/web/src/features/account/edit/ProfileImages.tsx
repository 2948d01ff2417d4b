import type { Account } from '@palchat/api';
import { useEffect, useState } from 'react';
import { Msg } from '../../../platform/i18n/Msg';
import { useT } from '../../../platform/i18n/use-t';
import { Avatar } from '../../../components/Avatar';
import { hasCustomHeader } from '../profile-images';
import { imageProblem, PROFILE_IMAGE_TYPES, PROFILE_LIMITS, type ImageProblem } from './profile-draft';

/** A browser URL for a chosen file, released when the file changes or the component goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

type Kind = 'avatar' | 'header';

function ImagePicker({
  kind,
  onPick,
  onProblem,
}: {
  kind: Kind;
  onPick: (file: File) => void;
  onProblem: (problem: ImageProblem) => void;
}) {
  const t = useT();
  return (
    <label className="button button--secondary profile-images__pick">
      {t(kind === 'avatar' ? 'profile_edit.avatar' : 'profile_edit.header')}
      <input
        type="file"
        className="visually-hidden"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const problem = imageProblem(file);
          if (problem) onProblem(problem);
          else onPick(file);
        }}
      />
    </label>
  );
}

/** The header and avatar as the profile will show them, with the pickers that replace them. */
export function ProfileImages({
  account,
  avatar,
  header,
  onChange,
}: {
  account: Account;
  avatar: File | null;
  header: File | null;
  onChange: (images: { avatar?: File; header?: File }) => void;
}) {
  const t = useT();
  const avatarPreview = useObjectUrl(avatar);
  const headerPreview = useObjectUrl(header);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const headerSrc = headerPreview ?? (hasCustomHeader(account) ? account.header : null);
  const pick = (kind: Kind) => (file: File) => {
    setProblem(null);
    onChange({ [kind]: file });
  };
  return (
    <div className="profile-images">
      <div className="profile-images__preview" aria-hidden="true">
        <div className="profile-images__header">{headerSrc && <img src={headerSrc} alt="" />}</div>
        {/* keyed by its source: an image that failed to load must not keep the next one from showing */}
        <Avatar
          key={avatarPreview ?? account.avatar}
          src={avatarPreview ?? account.avatar}
          size={80}
          className="profile-images__avatar"
        />
      </div>
      <div className="profile-images__actions">
        <ImagePicker kind="avatar" onPick={pick('avatar')} onProblem={setProblem} />
        <ImagePicker kind="header" onPick={pick('header')} onProblem={setProblem} />
      </div>
      <p className="field__hint">
        <Msg
          id="profile_edit.images_hint"
          values={{ megabytes: PROFILE_LIMITS.imageBytes / (1024 * 1024) }}
        />
      </p>
      {(avatar || header) && (
        <p className="field__hint" role="status">
          {t('profile_edit.images_pending')}
        </p>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {t(problem === 'type' ? 'profile_edit.image_type' : 'profile_edit.image_size', {
            megabytes: PROFILE_LIMITS.imageBytes / (1024 * 1024),
          })}
        </p>
      )}
    </div>
  );
}
