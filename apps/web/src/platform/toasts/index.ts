// The toast system; ToastList is imported from its own module by who shows a region, so the first screen does
// not load it.
export { TOAST_MS, useToast, type ShowToast, type ToastAction, type ToastKind } from './toast-store';
export { ToastProvider } from './ToastProvider';
