export { TOAST_MS, useToast, type ShowToast, type ToastAction, type ToastKind } from './toast-store';
export { ToastProvider } from './ToastProvider';
export { ToastList } from './ToastList';
