import type { ServerResponse } from 'node:http';
import { NOTIFICATION_COOKIE_NAME, serializeNotificationCookie, type NotificationCookiePayload } from '@/domain/notifications/notification-cookie';
import { serverEnv } from '@/server/config/server-env';

/**
 * Set-Cookie for a notification the next page shows (the browser's notification provider reads
 * and clears it, as it does for cookies the browser left). URI-encoded as js-cookie expects.
 */
export function notificationCookie(payload: NotificationCookiePayload): string {
  const secure = serverEnv().secureCookies ? '; Secure' : '';
  return `${NOTIFICATION_COOKIE_NAME}=${encodeURIComponent(serializeNotificationCookie(payload))}; Max-Age=60; Path=/; SameSite=Lax${secure}`;
}

/** Adds a cookie without dropping those the session guard already set (refreshed tokens). */
export function appendSetCookie(res: ServerResponse, cookie: string): void {
  const existing = res.getHeader('Set-Cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}
