import type { ReactNode } from 'react';

/**
 * A compact toolbar button that is a native select: the face (an icon, a language code) shows the choice, the
 * select lies invisibly over it and takes the click, the keyboard and the accessible name.
 */
export function SelectButton<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: V;
  options: { value: V; label: string; lang?: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={disabled ? 'select-button select-button--disabled' : 'select-button'} title={label}>
      <span className="select-button__face" aria-hidden="true">
        {children}
      </span>
      <select
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
