import { useState } from 'react';

/**
 * A control's value that follows `source` (server state) but changes at once when the user acts. Query
 * caches tell their subscribers a task later, and a controlled checkbox or radio would meanwhile spring
 * back to the old value. A new `source` (the saved value, or the old one restored after a failure) wins.
 */
export function useImmediateValue<V>(source: V): [V, (value: V) => void] {
  const [state, setState] = useState({ source, value: source });
  let current = state;
  if (!Object.is(state.source, source)) {
    // adjusting state while rendering, as React documents for values derived from props
    current = { source, value: source };
    setState(current);
  }
  return [current.value, (value: V) => setState({ source, value })];
}
