import { NOTIFICATION_COOKIE_NAME } from '@/domain/notifications/notification-cookie';
import { leaveNotificationCookie, takeNotificationCookie, type CookieJar } from './notification-cookie-jar';

function memoryJar(): CookieJar & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
  };
}

describe('notification cookie jar', () => {
  it('is read once and then cleared', () => {
    const jar = memoryJar();
    leaveNotificationCookie({ route: '/web/login', kind: 'success', message: 'Password changed.' }, jar);
    const first = takeNotificationCookie(jar);
    expect(first).toMatchObject({ route: '/web/login', kind: 'success', message: 'Password changed.' });
    expect(jar.values.has(NOTIFICATION_COOKIE_NAME)).toBe(false);
    expect(takeNotificationCookie(jar)).toBeNull();
  });

  it('clears an unreadable cookie without showing it', () => {
    const jar = memoryJar();
    jar.values.set(NOTIFICATION_COOKIE_NAME, '{broken');
    expect(takeNotificationCookie(jar)).toBeNull();
    expect(jar.values.size).toBe(0);
  });
});
