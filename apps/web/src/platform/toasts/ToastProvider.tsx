import { Suspense, useCallback, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { lazyWithMessages } from '../lazy-with-messages';
import type { ToastList } from './ToastList';
import { PAGE_REGION, TOAST_MS, ToastsContext, type Toast } from './toast-store';

// the list's code and styles load with the page's first toast: the first screen has none to show
const PageToastList = lazyWithMessages<ComponentProps<typeof ToastList>>(() =>
  import('./ToastList').then((module) => ({ default: module.ToastList })),
);

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
      {toasts.some((toast) => toast.region === PAGE_REGION) && (
        <Suspense fallback={null}>
          <PageToastList region={PAGE_REGION} className="toasts--page" />
        </Suspense>
      )}
    </ToastsContext.Provider>
  );
}
