import { isJsonObject, parseJsonObject } from '@/domain/json/json-object';
/**
 * A notification handed from one page (or the server) to the next route through a
 * short-lived cookie (spec §3): read once, turned into a notification, then cleared.
 */

export const NOTIFICATION_COOKIE_NAME = 'codetrail_notification';

export const notificationKinds = ['success', 'info', 'warning', 'error'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What the cookie may carry (the kind defaults to info). */
export interface NotificationCookiePayload {
  id?: string;
  route: string;
  kind?: NotificationKind;
  message: string;
}

const isText = (value: unknown, min: number, max: number): value is string => typeof value === 'string' && value.length >= min && value.length <= max;

/**
 * The cookie's payload checked by hand, not with zod: this runs in every page's first load, and
 * zod would add ~23 KB gzip to it for these four fields. Unknown keys are dropped; anything else
 * wrong makes the whole payload unreadable.
 */
function readPayload(value: unknown): (NotificationCookiePayload & { kind: NotificationKind }) | null {
  if (!isJsonObject(value)) return null;
  const { id, route, kind = 'info', message } = value;
  if (id !== undefined && !isText(id, 1, 64)) return null;
  if (!isText(route, 1, 512) || !route.startsWith('/')) return null;
  if (!notificationKinds.includes(kind as NotificationKind)) return null;
  if (!isText(message, 1, 500)) return null;
  return { ...(id === undefined ? {} : { id }), route, kind: kind as NotificationKind, message };
}

export interface AppNotification {
  id: string;
  /** The pathname the notification is shown on. */
  route: string;
  kind: NotificationKind;
  message: string;
  /** Where to go about it, shown after the message as a real link (never carried by the cookie). */
  link?: { href: string; label: string };
}

/** The cookie's value; throws on a payload the reader would refuse (a programming error). */
export function serializeNotificationCookie(payload: NotificationCookiePayload): string {
  const checked = readPayload(payload);
  if (!checked) throw new Error('A notification needs a route starting with /, a known kind and a message of 1 to 500 characters.');
  return JSON.stringify(checked);
}

/** Parses the cookie value; anything unreadable is dropped rather than shown. */
export function parseNotificationCookie(raw: string | undefined, makeId: () => string): AppNotification | null {
  const payload = readPayload(parseJsonObject(raw));
  if (!payload) return null;
  const { id, route, kind, message } = payload;
  return { id: id ?? makeId(), route: route.split(/[?#]/)[0] ?? route, kind, message };
}

/** The notifications to show on a route (matching its pathname). */
export function notificationsForRoute(all: readonly AppNotification[], asPath: string): AppNotification[] {
  const pathname = asPath.split(/[?#]/)[0] ?? asPath;
  return all.filter((notification) => notification.route === pathname);
}
