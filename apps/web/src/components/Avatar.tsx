import { useState } from 'react';

export const MISSING_AVATAR = '/avatars/original/missing.png';

interface AvatarProps {
  src: string | null | undefined;
  size?: number;
  alt?: string;
  className?: string;
}

export function Avatar({ src, size = 46, alt = '', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? MISSING_AVATAR : src;
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
      onError={() => setFailed(true)}
    />
  );
}
