import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastList } from './ToastList';
import { PAGE_REGION, TOAST_MS, ToastsContext, type Toast } from './toast-store';

/** At most this many toasts at once: a new one pushes out the oldest. */
const MAX_TOASTS = 3;

/** The client's one toast system (a typed message with a close button, gone after 3 s): mounted once, in App. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (toast: Omit<Toast, 'id'>) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(1 - MAX_TOASTS), { ...toast, id }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ toasts, show, dismiss }), [toasts, show, dismiss]);
  return (
    <ToastsContext.Provider value={value}>
      {children}
      <ToastList region={PAGE_REGION} className="toasts--page" />
    </ToastsContext.Provider>
  );
}
