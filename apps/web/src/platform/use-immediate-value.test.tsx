import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useImmediateValue } from './use-immediate-value';

function Toggle({ saved, onChange }: { saved: boolean; onChange: (value: boolean) => void }) {
  const [checked, setChecked] = useImmediateValue(saved);
  return (
    <input
      type="checkbox"
      aria-label="toggle"
      checked={checked}
      onChange={(event) => {
        setChecked(event.target.checked);
        onChange(event.target.checked);
      }}
    />
  );
}

function Harness() {
  const [saved, setSaved] = useState(false);
  return (
    <>
      <Toggle saved={saved} onChange={() => undefined} />
      <button onClick={() => setSaved(true)}>save</button>
      <button onClick={() => setSaved(false)}>restore</button>
    </>
  );
}

describe('useImmediateValue', () => {
  it('shows the user’s change before the source has it, then follows the source', () => {
    render(<Harness />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'toggle' });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    act(() => screen.getByRole('button', { name: 'save' }).click());
    expect(box.checked).toBe(true);
    // the source going back (a failed save restored) wins over the local change
    act(() => screen.getByRole('button', { name: 'restore' }).click());
    expect(box.checked).toBe(false);
  });
});
