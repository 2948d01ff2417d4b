import { ICONS, type IconName } from './icons';

/** Icons that point along the line (back, forwards, sending, replying): mirrored in a right-to-left page. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set([
  'back',
  'chevronLeft',
  'chevronRight',
  'logout',
  'reply',
  'send',
]);

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
  /** an accessible name; without it the icon is decorative */
  title?: string;
}

export function Icon({ name, size = 24, className, title }: IconProps) {
  const classes = ['icon', DIRECTIONAL.has(name) ? 'icon--directional' : '', className ?? ''].filter(Boolean);
  return (
    <svg
      className={classes.join(' ')}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
