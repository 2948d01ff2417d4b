import { createContext, useCallback, useContext, useMemo } from 'react';

/** How long a toast stays (SPEC §9: notifications disappear after 3 s). */
export const TOAST_MS = 3000;
/** The page's own region, shown by the provider; a feature may show its toasts in a region of its own. */
export const PAGE_REGION = 'page';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
  /** where it shows: the `<ToastList region>` of that name */
  region: string;
}

export type ShowToast = (kind: ToastKind, text: string, action?: ToastAction) => void;

export interface ToastsContextValue {
  toasts: readonly Toast[];
  show: (toast: Omit<Toast, 'id'>) => void;
  dismiss: (id: number) => void;
}

export const ToastsContext = createContext<ToastsContextValue | null>(null);

function useToastsContext(): ToastsContextValue {
  const value = useContext(ToastsContext);
  if (!value) throw new Error('toasts need a <ToastProvider> above them');
  return value;
}

/** Shows toasts in the given region (the page's by default). */
export function useToast(region: string = PAGE_REGION): ShowToast {
  const { show } = useToastsContext();
  return useCallback<ShowToast>((kind, text, action) => show({ kind, text, action, region }), [show, region]);
}

/** The toasts of one region, and how to close one. */
export function useRegionToasts(region: string): { toasts: Toast[]; dismiss: (id: number) => void } {
  const { toasts, dismiss } = useToastsContext();
  const shown = useMemo(() => toasts.filter((toast) => toast.region === region), [toasts, region]);
  return { toasts: shown, dismiss };
}
