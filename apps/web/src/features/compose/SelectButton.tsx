import type { ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  lang?: string;
}

/**
 * A compact toolbar button that is a native select: the face (an icon, a language code) shows the choice, the
 * select lies invisibly over it and takes the click, the keyboard and the accessible name.
 *
 * Until `listed` (the form has been hovered, touched or focused) the select holds the current choice alone and
 * `options` is not called: the language list alone is 50 options, built with one Intl.DisplayNames per
 * language (issue #17, the heap at first load). The form lists them before any click or key can reach the
 * select.
 */
export function SelectButton<V extends string>({
  label,
  value,
  current,
  options,
  listed,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: V;
  /** the current choice, shown alone while the list is not built */
  current: SelectOption<V>;
  options: () => readonly SelectOption<V>[];
  listed: boolean;
  onChange: (value: V) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const choices = listed ? options() : [current];
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
        {choices.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
