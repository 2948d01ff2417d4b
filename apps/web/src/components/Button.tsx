import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Icon } from './Icon';
import type { IconName } from './icons';

/**
 * `ghost`: a quiet filled button (Cancel, Retry); `bare`: none of the button look, for a control that draws
 * itself (a list row, a chip, an emoji cell) but keeps the shared defaults (type="button").
 */
type Variant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'plain' | 'bare';
type Size = 'normal' | 'small';

function classes(variant: Variant, size: Size, block: boolean | undefined, extra?: string): string {
  const look =
    variant === 'bare'
      ? ['button--bare']
      : [
          'button',
          `button--${variant}`,
          size === 'small' ? 'button--small' : '',
          block ? 'button--block' : '',
        ];
  return [...look, extra ?? ''].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: Variant;
  size?: Size;
  block?: boolean;
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'normal',
  block,
  busy,
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={classes(variant, size, block, className)}
    >
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  block?: boolean;
}

export function ButtonLink({ variant = 'primary', block, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={classes(variant, 'normal', block, className)} />;
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  icon: IconName;
  /** required: icon buttons have no visible text */
  label: string;
  active?: boolean;
  /** `small`: 28 px with a 16 px icon (a message's actions, a remove button) */
  size?: Size;
  /** the icon's size when it differs from the button's own (20 px, 16 px when small) */
  iconSize?: number;
  /** `round`: a circle, hovered with the surface's colour (the message box's toolbar and chat actions) */
  shape?: 'square' | 'round';
  children?: ReactNode;
}

export function IconButton({
  icon,
  label,
  active,
  size = 'normal',
  iconSize,
  shape = 'square',
  className,
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-label={label}
      title={label}
      className={[
        'icon-button',
        active ? 'icon-button--active' : '',
        size === 'small' ? 'icon-button--small' : '',
        shape === 'round' ? 'icon-button--round' : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <Icon name={icon} size={iconSize ?? (size === 'small' ? 16 : 20)} />
      {children}
    </button>
  );
}
