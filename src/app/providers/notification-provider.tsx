import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { notificationsForRoute, type AppNotification } from '@/domain/notifications/notification-cookie';
import { takeNotificationCookie } from '@/lib/cookies/notification-cookie-jar';
import { Alert } from '@/ui';
import { Link } from '@/ui/link';
import styles from './notification-provider.module.css';

/** A notification to show; a given id replaces the notification with that id (one per subject). */
export type NotificationRequest = Omit<AppNotification, 'id'> & { id?: string; onDismiss?: () => void };

interface NotificationsApi {
  notifications: AppNotification[];
  notify: (notification: NotificationRequest) => void;
  dismiss: (id: string) => void;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);

const sameNotification = (a: AppNotification, b: AppNotification) =>
  a.id === b.id && a.route === b.route && a.kind === b.kind && a.message === b.message && a.link?.href === b.link?.href && a.link?.label === b.link?.label;

/**
 * Turns the notification cookie into a notification for its route (read once, then cleared)
 * and shows the current route's notifications in a polite live region, below the header so that
 * they never cover the navigation.
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [notifications, setNotifications] = useState<AppNotification[]>([]);

  // The same notification again changes nothing (no new state, no render): a component may
  // re-send its notification on every render or tick without looping.
  const add = useCallback((notification: AppNotification) => {
    setNotifications((current) => (current.some((n) => sameNotification(n, notification)) ? current : [...current.filter((n) => n.id !== notification.id), notification]));
  }, []);

  useEffect(() => {
    const fromCookie = takeNotificationCookie(router.asPath);
    if (fromCookie) add(fromCookie);
  }, [router.asPath, add]);

  // What to do when the learner dismisses a notification (e.g. remember it for the day).
  const dismissListeners = useRef(new Map<string, () => void>());
  const api = useMemo<NotificationsApi>(
    () => ({
      notifications,
      notify: ({ id, onDismiss, ...notification }) => {
        const withId = { ...notification, id: id ?? `local-${Date.now().toString(36)}` };
        if (onDismiss) dismissListeners.current.set(withId.id, onDismiss);
        add(withId);
      },
      dismiss: (id) => {
        dismissListeners.current.get(id)?.();
        dismissListeners.current.delete(id);
        setNotifications((current) => (current.some((n) => n.id === id) ? current.filter((n) => n.id !== id) : current));
      },
    }),
    [notifications, add],
  );

  const visible = notificationsForRoute(notifications, router.asPath);

  return (
    <NotificationsContext.Provider value={api}>
      <div className={styles.region} aria-live="polite">
        {visible.map((notification) => (
          <Alert key={notification.id} kind={notification.kind} onDismiss={() => api.dismiss(notification.id)}>
            {notification.message}
            {notification.link && (
              <>
                {' '}
                <Link href={notification.link.href}>{notification.link.label}</Link>
              </>
            )}
          </Alert>
        ))}
      </div>
      {children}
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications() was called outside <NotificationProvider> (mounted by pages/_app.tsx).');
  return api;
}
