import './avatar.css';
import { useState } from 'react';

export const MISSING_AVATAR = '/avatars/original/missing.png';

/** The server's placeholder for accounts without a picture. */
const isPlaceholder = (src: string) => src.endsWith('/missing.png');

interface AvatarProps {
  src: string | null | undefined;
  size?: number;
  alt?: string;
  className?: string;
  /**
   * The person's name: the avatar is then round and shows the name's initial on a colour drawn from the name
   * when there is no picture (the message box's look); without it, the server's placeholder picture.
   */
  name?: string;
  /** A green dot at the bottom right (with `name`): the person is online. */
  online?: boolean;
}

export function Avatar({ src, size = 46, alt = '', className, name, online }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : null;
  if (name === undefined) {
    const url = usable ?? MISSING_AVATAR;
    return (
      <img
        className={className ? `avatar ${className}` : 'avatar'}
        src={url}
        width={size}
        height={size}
        alt={alt}
        loading="lazy"
        decoding="async"
        style={{ width: size, height: size }}
        onError={() => {
          if (url !== MISSING_AVATAR) setFailed(url);
        }}
      />
    );
  }
  const picture = usable && !isPlaceholder(usable) ? usable : null;
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <span
      className={className ? `avatar-round ${className}` : 'avatar-round'}
      style={{
        width: size,
        height: size,
        background: picture
          ? undefined
          : `linear-gradient(135deg, hsl(${hue} 70% 62%), hsl(${(hue + 40) % 360} 65% 48%))`,
      }}
    >
      {picture ? (
        <img
          src={picture}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          onError={() => setFailed(picture)}
        />
      ) : (
        <span style={{ fontSize: size * 0.42 }} aria-hidden="true">
          {(name.trim()[0] ?? '?').toUpperCase()}
        </span>
      )}
      {online ? <span className="avatar-round__online" data-testid="online-dot" /> : null}
    </span>
  );
}
