import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { NOTIFICATION_MS } from '../rules/constants';

/** In-box notifications (SPEC §8: a message with a type and a close button; gone after 3 s). */
export type NotificationKind = 'success' | 'error' | 'info';
export interface BoxNotification {
  id: number;
  kind: NotificationKind;
  text: string;
}

interface NotificationsApi {
  notifications: BoxNotification[];
  notify: (kind: NotificationKind, text: string) => void;
  dismiss: (id: number) => void;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<BoxNotification[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => {
    setNotifications((list) => list.filter((n) => n.id !== id));
  }, []);
  const notify = useCallback(
    (kind: NotificationKind, text: string) => {
      const id = nextId.current++;
      setNotifications((list) => [...list.slice(-2), { id, kind, text }]);
      window.setTimeout(() => dismiss(id), NOTIFICATION_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ notifications, notify, dismiss }), [notifications, notify, dismiss]);
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return api;
}
