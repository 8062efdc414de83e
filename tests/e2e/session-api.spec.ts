import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/emulator';

/** /api/login and /api/logout over real HTTP against the running app (spec §7, §9). */
test.describe('session endpoints', () => {
  test('login sets signed, httpOnly, lax session cookies for 12 days; logout clears them', async ({ request }) => {
    const { idToken } = await createAccount(uniqueEmail('api'), 'secret-123');
    const login = await request.post('/api/login', { headers: { Authorization: `Bearer ${idToken}` } });
    expect(login.status()).toBe(200);
    const cookies = login.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie').map((header) => header.value);
    expect(cookies.some((cookie) => cookie.startsWith('Codetrail.AuthUser='))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('Codetrail.AuthUser.sig='))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
      expect(cookie).not.toMatch(/;\s*secure/i); // local http
      const expires = /expires=([^;]+)/i.exec(cookie)?.[1];
      const days = (new Date(expires ?? 0).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(11.9);
      expect(days).toBeLessThan(12.1);
    }

    const page = await request.get('/web/profile', { maxRedirects: 0 });
    expect(page.status()).toBe(200);

    const logout = await request.post('/api/logout');
    expect(logout.status()).toBe(200);
    const after = await request.get('/web/profile', { maxRedirects: 0 });
    expect(after.status()).toBe(307);
    expect(after.headers().location).toBe('/web/login?redirectUrl=%2Fweb%2Fprofile');
  });

  test('login refuses a missing or invalid token and other methods', async ({ request }) => {
    expect((await request.post('/api/login')).status()).toBe(400);
    const invalid = await request.post('/api/login', { headers: { Authorization: 'Bearer nonsense' } });
    expect(invalid.status()).toBe(401);
    expect(await invalid.json()).toEqual({ message: 'That sign-in token is not valid. Sign in again.' });
    expect((await request.get('/api/login')).status()).toBe(405);
    expect((await request.get('/api/logout')).status()).toBe(405);
  });

  test('a tampered session cookie is not accepted', async ({ playwright, baseURL }) => {
    const { idToken } = await createAccount(uniqueEmail('tamper'), 'secret-123');
    const context = await playwright.request.newContext({ baseURL });
    await context.post('/api/login', { headers: { Authorization: `Bearer ${idToken}` } });
    const state = await context.storageState();
    // Change the signed values (user and tokens) but keep the old signatures.
    const tampered = state.cookies.map((cookie) =>
      // The server-side session cookie stays genuine: the signatures alone must refuse this.
      cookie.name === 'Codetrail.AuthUser' || cookie.name === 'Codetrail.AuthUserTokens' ? { ...cookie, value: `${cookie.value.slice(0, -6)}AAAAAA` } : cookie,
    );
    expect(tampered.filter((cookie) => cookie.value.endsWith('AAAAAA') && !cookie.name.endsWith('.sig'))).toHaveLength(2);
    const attacker = await playwright.request.newContext({ baseURL, storageState: { cookies: tampered, origins: [] } });
    const response = await attacker.get('/web/profile', { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toBe('/web/login?redirectUrl=%2Fweb%2Fprofile');
    await context.dispose();
    await attacker.dispose();
  });

  test('API v1 answers JSON errors, never a stack trace', async ({ request }) => {
    const noToken = await request.get('/api/v1/user/me');
    expect(noToken.status()).toBe(401);
    expect(await noToken.json()).toEqual({ message: expect.stringContaining('Authorization: Bearer') });
    const unknown = await request.get('/api/v1/nothing/here');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No API endpoint at GET /api/v1/nothing/here.' });

    const { idToken } = await createAccount(uniqueEmail('json'), 'secret-123');
    const badJson = await request.post('/api/v1/user/visits', {
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      data: Buffer.from('{not json'),
    });
    expect(badJson.status()).toBe(400);
    expect(await badJson.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const tooBig = await request.post('/api/v1/user/visits', {
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      data: JSON.stringify({ appName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooBig.status()).toBe(413);

    // A 10 MB save is refused before it is read, and the lesson's saved files stay as they were.
    const tracks = (await (await request.get('/api/v1/tracks', { headers: { Authorization: `Bearer ${idToken}` } })).json()) as { publishSetVersion: number };
    const save = `/api/v1/tracks/python/tutorials/python-basics/chapters/python-basics-first-steps/lessons/py-hello-print/savefiles?publishSetVersion=${tracks.publishSetVersion}`;
    const huge = await request.post(save, {
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      data: Buffer.from(JSON.stringify({ files: [{ name: 'main.py', userContent: 'x'.repeat(10 * 1024 * 1024) }] })),
    });
    expect(huge.status()).toBe(413);
    const saved = await request.get('/api/v1/tracks/python/tutorials/python-basics/chapters/python-basics-first-steps/savedFiles?trackVersion=1', {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    expect(await saved.json()).toEqual({ savedFiles: [] });
  });
});
