export {
  ToastProvider,
  useToast,
  TOAST_MS,
  type ShowToast,
  type ToastAction,
  type ToastKind,
} from './toasts';
export { ToastList } from './ToastList';
