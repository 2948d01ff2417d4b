import { useState } from 'react';

/** The server's placeholder for accounts without a picture: shown as an initial instead. */
const isPlaceholder = (src: string) => /\/missing\.png$/.test(src);

/** A round avatar with an optional online dot; falls back to the initial when there is no picture. */
export function Avatar({
  src,
  name,
  size = 40,
  online,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
  online?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const picture = src && !isPlaceholder(src) && failed !== src ? src : null;
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <span
      className="mbox-avatar"
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
          alt=""
          width={size}
          height={size}
          loading="lazy"
          onError={() => setFailed(picture)}
        />
      ) : (
        <span className="mbox-avatar__initial" style={{ fontSize: size * 0.42 }} aria-hidden="true">
          {initial}
        </span>
      )}
      {online ? <span className="mbox-avatar__online" data-testid="online-dot" /> : null}
    </span>
  );
}

/** Two overlapping avatars for a group. */
export function GroupAvatar({
  people,
  size = 40,
}: {
  people: { avatar: string; display_name: string; username: string }[];
  size?: number;
}) {
  const [first, second] = people;
  const small = Math.round(size * 0.7);
  return (
    <span className="mbox-group-avatar" style={{ width: size, height: size }}>
      <span className="mbox-group-avatar__back">
        <Avatar src={second?.avatar} name={second?.display_name || second?.username || '?'} size={small} />
      </span>
      <span className="mbox-group-avatar__front">
        <Avatar src={first?.avatar} name={first?.display_name || first?.username || '?'} size={small} />
      </span>
    </span>
  );
}
