import { EMPTY_DRAFT, composeDraftStore } from '../../platform/stores/compose-draft';
import { createStore, useStore } from '../../platform/stores/create-store';
import {
  editTargetStore,
  quotePolicyStore,
  quoteTargetStore,
  replyTargetStore,
} from '../../platform/stores/compose-bridge';
import { EMPTY_EXTRAS, composeExtrasStore } from './compose-extras';

/** Whether the compose modal is open (used where no compose panel is on screen). */
export const composeModalStore = createStore(false);

export function useComposeModalOpen(): boolean {
  return useStore(composeModalStore);
}

let mountedHosts = 0;

/** The layouts mount one modal host for signed-in users; without it, callers fall back to /publish. */
export function registerComposeModalHost(): () => void {
  mountedHosts += 1;
  return () => {
    mountedHosts -= 1;
    composeModalStore.set(false);
  };
}

export function closeComposeModal(): void {
  composeModalStore.set(false);
}

const FIELD_SELECTOR = '.compose-form__text';

function visibleField(): HTMLTextAreaElement | null {
  const fields = Array.from(document.querySelectorAll<HTMLTextAreaElement>(FIELD_SELECTOR));
  // the modal's field first: while it is open it is the one the user sees
  return (
    fields.find((field) => field.closest('[role="dialog"]')) ??
    fields.find((field) => field.offsetParent !== null) ??
    null
  );
}

/** Focuses the compose field with the caret after what it holds (a reply's mentions). */
export function focusAtEnd(field: HTMLTextAreaElement): void {
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

/**
 * Brings the compose form to the user: focuses the panel's (or /publish's) field when one is on screen,
 * otherwise opens the compose modal, as Mastodon does in single-column and mobile layouts. Returns false
 * only when neither exists (signed out), so that the caller can go to /publish.
 */
export function showCompose(): boolean {
  const field = visibleField();
  if (field) {
    focusAtEnd(field);
    return true;
  }
  if (mountedHosts === 0) return false;
  composeModalStore.set(true);
  return true;
}

/** Forgets the draft, its extras and any reply or edit target (after posting, or when discarded). */
export function resetCompose(): void {
  composeDraftStore.set(EMPTY_DRAFT);
  composeExtrasStore.set({ ...EMPTY_EXTRAS, descriptions: new WeakMap() });
  replyTargetStore.set(null);
  editTargetStore.set(null);
  quoteTargetStore.set(null);
  quotePolicyStore.set(null);
}
