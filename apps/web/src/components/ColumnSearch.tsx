import { useId } from 'react';
import { Icon } from './Icon';

interface ColumnSearchProps {
  /** the field's name, for screen readers, and its placeholder */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field at the top of a column that finds people to add (a list's members, a collection's accounts). */
export function ColumnSearch({ label, value, onChange }: ColumnSearchProps) {
  const id = useId();
  return (
    <div className="column-search">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <Icon name="search" size={18} />
      <input
        dir="auto"
        id={id}
        type="search"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
