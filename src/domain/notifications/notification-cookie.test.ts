import { notificationsForRoute, parseNotificationCookie, serializeNotificationCookie } from './notification-cookie';

const makeId = () => 'generated';

describe('notification cookie', () => {
  it('round-trips a payload', () => {
    const raw = serializeNotificationCookie({ route: '/web/login', kind: 'success', message: 'Password changed.' });
    expect(parseNotificationCookie(raw, makeId)).toEqual({ id: 'generated', route: '/web/login', kind: 'success', message: 'Password changed.' });
  });

  it('keeps a given id and strips the query from the route', () => {
    const raw = JSON.stringify({ id: 'n1', route: '/web/login?redirectUrl=/x', message: 'Hi' });
    expect(parseNotificationCookie(raw, makeId)).toEqual({ id: 'n1', route: '/web/login', kind: 'info', message: 'Hi' });
  });

  it.each([undefined, '', 'not json', '{"route":"nope","message":"x"}', '{"route":"/x"}', '[1,2]', '{"route":"/x","message":"x","kind":"shout"}'])(
    'drops an unreadable value %p',
    (raw) => {
      expect(parseNotificationCookie(raw, makeId)).toBeNull();
    },
  );

  it('refuses to serialize an invalid payload', () => {
    expect(() => serializeNotificationCookie({ route: 'relative', message: 'x' })).toThrow();
  });
});

describe('notificationsForRoute', () => {
  it('matches on the pathname only', () => {
    const all = [
      { id: 'a', route: '/web/login', kind: 'info' as const, message: 'a' },
      { id: 'b', route: '/onboarding-check', kind: 'info' as const, message: 'b' },
    ];
    expect(notificationsForRoute(all, '/web/login?redirectUrl=%2Fx').map((n) => n.id)).toEqual(['a']);
  });
});
