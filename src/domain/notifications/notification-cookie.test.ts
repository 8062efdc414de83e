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

  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['an empty id', JSON.stringify({ id: '', route: '/x', message: 'x' })],
    ['an id over 64 characters', JSON.stringify({ id: 'i'.repeat(65), route: '/x', message: 'x' })],
    ['a numeric id', JSON.stringify({ id: 7, route: '/x', message: 'x' })],
    ['a route over 512 characters', JSON.stringify({ route: `/${'r'.repeat(512)}`, message: 'x' })],
    ['a route that is not text', JSON.stringify({ route: ['/x'], message: 'x' })],
    ['an empty message', JSON.stringify({ route: '/x', message: '' })],
    ['a message over 500 characters', JSON.stringify({ route: '/x', message: 'm'.repeat(501) })],
    ['a null kind', JSON.stringify({ route: '/x', kind: null, message: 'x' })],
  ])('drops a payload with %s', (_name, raw) => {
    expect(parseNotificationCookie(raw, makeId)).toBeNull();
  });

  it('accepts the limits and drops unknown keys when serializing', () => {
    const payload = { id: 'i'.repeat(64), route: `/${'r'.repeat(511)}`, kind: 'warning' as const, message: 'm'.repeat(500), extra: '<script>' };
    const raw = serializeNotificationCookie(payload);
    expect(JSON.parse(raw)).toEqual({ id: payload.id, route: payload.route, kind: 'warning', message: payload.message });
    expect(parseNotificationCookie(raw, makeId)).toEqual({ id: payload.id, route: payload.route, kind: 'warning', message: payload.message });
  });

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
