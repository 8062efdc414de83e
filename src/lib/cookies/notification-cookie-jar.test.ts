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
    const first = takeNotificationCookie('/web/login?redirectUrl=%2Fweb', jar);
    expect(first).toMatchObject({ route: '/web/login', kind: 'success', message: 'Password changed.' });
    expect(jar.values.has(NOTIFICATION_COOKIE_NAME)).toBe(false);
    expect(takeNotificationCookie('/web/login', jar)).toBeNull();
  });

  it('stays for its own route when another page reads it first', () => {
    const jar = memoryJar();
    leaveNotificationCookie({ route: '/web/python/section/0', kind: 'info', message: 'Finish “A” first to unlock “B”.' }, jar);
    expect(takeNotificationCookie('/web/track/python/tutorial/t/chapter/a/learn', jar)).toBeNull();
    expect(jar.values.has(NOTIFICATION_COOKIE_NAME)).toBe(true);
    expect(takeNotificationCookie('/web/python/section/0', jar)).toMatchObject({ message: 'Finish “A” first to unlock “B”.' });
    expect(jar.values.has(NOTIFICATION_COOKIE_NAME)).toBe(false);
  });

  it('clears an unreadable cookie without showing it', () => {
    const jar = memoryJar();
    jar.values.set(NOTIFICATION_COOKIE_NAME, '{broken');
    expect(takeNotificationCookie('/web', jar)).toBeNull();
    expect(jar.values.size).toBe(0);
  });
});
