import { useToast, type ShowToast } from '../../../platform/toasts';

/** The box's toasts show inside the open box, above the composer (DockBody), not on the page. */
export const BOX_TOAST_REGION = 'messages';

/** Shows a toast in the box (SPEC §8: a typed message with a close button, gone after 3 s). */
export function useBoxToast(): ShowToast {
  return useToast(BOX_TOAST_REGION);
}
