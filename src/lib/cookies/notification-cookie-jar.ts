import Cookies from 'js-cookie';
import {
  NOTIFICATION_COOKIE_NAME,
  notificationsForRoute,
  parseNotificationCookie,
  serializeNotificationCookie,
  type AppNotification,
  type NotificationCookiePayload,
} from '@/domain/notifications/notification-cookie';

export interface CookieJar {
  get: (name: string) => string | undefined;
  set: (name: string, value: string, options: { path: string; sameSite: 'lax'; expires?: number; secure?: boolean }) => void;
  remove: (name: string, options: { path: string }) => void;
}

const browserJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, options) => {
    Cookies.set(name, value, options);
  },
  remove: (name, options) => Cookies.remove(name, options),
};

let counter = 0;
const makeId = () => `n${Date.now().toString(36)}${(counter += 1)}`;

/**
 * Reads the notification cookie once, on the page it is for: returns its notification and clears
 * the cookie. A notification for another route stays for that route (a page that is about to be
 * left, such as one re-rendering while the browser follows a redirect, must not swallow it); it
 * expires within a minute if that route never opens. Unreadable cookies are cleared.
 */
export function takeNotificationCookie(asPath: string, jar: CookieJar = browserJar): AppNotification | null {
  const raw = jar.get(NOTIFICATION_COOKIE_NAME);
  if (raw === undefined) return null;
  const notification = parseNotificationCookie(raw, makeId);
  if (notification && notificationsForRoute([notification], asPath).length === 0) return null;
  jar.remove(NOTIFICATION_COOKIE_NAME, { path: '/' });
  return notification;
}

/** Leaves a notification for the next page (survives a full reload). Lives at most a minute. */
export function leaveNotificationCookie(payload: NotificationCookiePayload, jar: CookieJar = browserJar): void {
  jar.set(NOTIFICATION_COOKIE_NAME, serializeNotificationCookie(payload), {
    path: '/',
    sameSite: 'lax',
    expires: 1 / (24 * 60),
    secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
  });
}
