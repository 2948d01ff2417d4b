import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Icon } from './Icon';
import type { IconName } from './icons';

type Variant = 'primary' | 'secondary' | 'danger' | 'plain';

function classes(variant: Variant, block: boolean | undefined, extra?: string): string {
  return ['button', `button--${variant}`, block ? 'button--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  busy?: boolean;
}

export function Button({
  variant = 'primary',
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
      className={classes(variant, block, className)}
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
  return <Link {...rest} className={classes(variant, block, className)} />;
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  icon: IconName;
  /** required: icon buttons have no visible text */
  label: string;
  active?: boolean;
  children?: ReactNode;
}

export function IconButton({ icon, label, active, className, children, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-label={label}
      title={label}
      className={['icon-button', active ? 'icon-button--active' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <Icon name={icon} size={20} />
      {children}
    </button>
  );
}
