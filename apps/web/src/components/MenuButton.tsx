import type { ReactNode, Ref } from 'react';

interface MenuButtonProps {
  label: string;
  className: string;
  icon: ReactNode;
  expanded?: boolean;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** The button that opens a DropdownMenu; it also stands in for a menu whose code has not loaded yet. */
export function MenuButton({ label, className, icon, expanded = false, onClick, ref }: MenuButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      aria-expanded={expanded}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}
