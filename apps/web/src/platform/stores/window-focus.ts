import { createStore, useStore } from './create-store';

/** Whether the window has focus (SPEC §4 "Page"): used e.g. to decide on unread markers and sounds. */
export const windowFocusStore = createStore<boolean>(
  typeof document === 'undefined' ? true : document.hasFocus(),
);

export function trackWindowFocus(target: Window = window): () => void {
  const onFocus = () => windowFocusStore.set(true);
  const onBlur = () => windowFocusStore.set(false);
  target.addEventListener('focus', onFocus);
  target.addEventListener('blur', onBlur);
  return () => {
    target.removeEventListener('focus', onFocus);
    target.removeEventListener('blur', onBlur);
  };
}

export function useWindowFocused(): boolean {
  return useStore(windowFocusStore);
}
