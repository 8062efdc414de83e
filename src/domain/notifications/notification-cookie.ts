import { z } from 'zod';

/**
 * A notification handed from one page (or the server) to the next route through a
 * short-lived cookie (spec §3): read once, turned into a notification, then cleared.
 */

export const NOTIFICATION_COOKIE_NAME = 'codetrail_notification';

export const notificationKinds = ['success', 'info', 'warning', 'error'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

const notificationCookieSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  route: z.string().startsWith('/').max(512),
  kind: z.enum(notificationKinds).default('info'),
  message: z.string().min(1).max(500),
});

export type NotificationCookiePayload = z.input<typeof notificationCookieSchema>;

export interface AppNotification {
  id: string;
  /** The pathname the notification is shown on. */
  route: string;
  kind: NotificationKind;
  message: string;
}

export function serializeNotificationCookie(payload: NotificationCookiePayload): string {
  return JSON.stringify(notificationCookieSchema.parse(payload));
}

/** Parses the cookie value; anything unreadable is dropped rather than shown. */
export function parseNotificationCookie(raw: string | undefined, makeId: () => string): AppNotification | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = notificationCookieSchema.safeParse(json);
  if (!result.success) return null;
  const { id, route, kind, message } = result.data;
  return { id: id ?? makeId(), route: route.split(/[?#]/)[0] ?? route, kind, message };
}

/** The notifications to show on a route (matching its pathname). */
export function notificationsForRoute(all: readonly AppNotification[], asPath: string): AppNotification[] {
  const pathname = asPath.split(/[?#]/)[0] ?? asPath;
  return all.filter((notification) => notification.route === pathname);
}
