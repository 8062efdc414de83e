import { requestCookies } from './request-cookies';

describe('requestCookies', () => {
  it('parses one request once, and again only when its header changes', () => {
    const req = { headers: { cookie: 'a=1' } as Record<string, string | undefined> };
    const first = requestCookies(req);
    expect(first.a).toBe('1');
    expect(requestCookies(req)).toBe(first);
    req.headers.cookie = 'a=2';
    expect(requestCookies(req).a).toBe('2');
    expect(requestCookies({ headers: {} }).a).toBeUndefined();
  });
});
